import { Agent, request } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import WebSocket from 'ws';

// Message delivery over /api/realtime: 1,000 sockets in topics of 10 (a member's ten tabs), one
// message per topic and round, posted over HTTP at a steady rate; latency from the POST to each
// socket's receipt.
export type RealtimeResult = {
  name: string;
  p50: number;
  p99: number;
  delivered: number;
  expected: number;
  /** The server's CPU time (its process tree's, the database's included) per message posted. */
  cpuMsPerMessage: number;
  /** Of which its node process's own (the rest: the embedded PostgreSQL). */
  nodeCpuMsPerMessage: number;
  /** The first round's p99, kept out of p50 and p99 (see `run`). */
  firstRoundP99: number;
};

const TOPICS = Number(process.env.BENCH_TOPICS ?? 100);
const SOCKETS_PER_TOPIC = 10;
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
/** Messages per second, spread evenly. */
const RATE = Number(process.env.BENCH_RATE ?? 100);
const PASSWORD = 'Bench#2026pass';

type Sent = { status: number; text: string };
type Group = { id: string; send: (text: string) => Promise<Sent>; open: () => WebSocket };

/**
 * The client shares the machine's two cores with the server it measures, so it must cost little:
 * fetch (undici) and a string per frame cost it ~3 ms of CPU per message on this VM, in bursts of
 * garbage collection that took the CPU from the server at random moments (decision 0019, "Ninth
 * pass"). A POST on node:http over kept-alive connections, and the marker found in the frame's bytes.
 */
let agent = new Agent({ keepAlive: true });
function post(url: string, headers: Record<string, string>, body: string, isRetry = false): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    // A kept-alive connection the server closed as it was reused: sent again once (Node's advice).
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (req.reusedSocket && err.code === 'ECONNRESET' && !isRetry) resolve(post(url, headers, body, true));
      else reject(err);
    });
    req.end(body);
  });
}

/**
 * A full garbage collection of the client before each measured run, as benchmark harnesses do: a
 * major collection of its own inside the run (its heap grows over the runs) took both cores for
 * 50–100 ms, and the server measured then stalled with it.
 */
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const MARKER = Buffer.from('bench:');
/** The marker after "bench:" in a frame, up to the next space. */
function markerOf(data: Buffer): string | undefined {
  const start = data.indexOf(MARKER);
  if (start < 0) return undefined;
  const end = data.indexOf(32, start);
  return data.toString('latin1', start + MARKER.length, end < 0 ? data.length : end);
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : Number.NaN;

/** The p-th percentile of `values` (sorted in place), to a tenth of a millisecond. */
const tenth = (values: number[], p: number) =>
  Math.round(
    percentile(
      values.sort((a, b) => a - b),
      p,
    ) * 10,
  ) / 10;

function opened(socket: WebSocket) {
  return new Promise<void>((resolve, reject) => {
    socket.once('message', () => resolve()); // the server's 'ready'
    socket.once('error', reject);
    socket.once('unexpected-response', (_req, res) => reject(new Error(`socket refused: ${res.statusCode}`)));
  });
}

/**
 * Opens every group's sockets, sends ROUNDS messages per group, and measures each receipt. The
 * first round is timed apart, not in p50 and p99: it is the server's first work after the burst
 * of 1,000 handshakes (its JIT, each pool connection's first prepared statement, the collection
 * of what the handshakes left), not its steady delivery, which the goal is about.
 */
async function run(
  name: string,
  groups: Group[],
  cpuMs: () => { own: number; tree: number },
): Promise<RealtimeResult> {
  const sent = new Map<string, number>();
  const latencies: number[] = [];
  const firstRound: number[] = [];
  const slowest = new Map<string, number>(); // BENCH_LIVE_TRACE: each message's slowest copy
  const sockets: WebSocket[] = [];
  for (let i = 0; i < groups.length; i += 10) {
    const batch = groups.slice(i, i + 10).flatMap((group) =>
      Array.from({ length: SOCKETS_PER_TOPIC }, () => {
        const socket = group.open();
        sockets.push(socket);
        socket.on('message', (data: Buffer) => {
          const marker = markerOf(data);
          const at = marker ? sent.get(marker) : undefined;
          if (at !== undefined) {
            const latency = performance.now() - at;
            (marker!.startsWith('0-') ? firstRound : latencies).push(latency);
            if (latency > (slowest.get(marker!) ?? 0)) slowest.set(marker!, latency);
          }
        });
        return opened(socket);
      }),
    );
    await Promise.all(batch);
  }
  collectGarbage();
  await new Promise((resolve) => setTimeout(resolve, 1_000)); // its sweeping threads done
  // A steady pace, the same for both servers: latency, not a queue behind a burst.
  const cpuBefore = cpuMs();
  const started = performance.now();
  const posts: Promise<void>[] = [];
  let k = 0;
  for (let round = 0; round < ROUNDS; round++) {
    for (const group of groups) {
      const wait = started + (k++ * 1000) / RATE - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const marker = `${round}-${group.id}`;
      sent.set(marker, performance.now());
      posts.push(
        group.send(`bench:${marker} Keep your lower back on the mat.`).then((res) => {
          if (res.status >= 300) throw new Error(`send failed: ${res.status} ${res.text}`);
        }),
      );
    }
  }
  await Promise.all(posts);
  await new Promise((resolve) => setTimeout(resolve, 2000)); // stragglers
  const cpuAfter = cpuMs();
  const perMessage = (ms: number) => Math.round((ms / (groups.length * ROUNDS)) * 100) / 100;
  // BENCH_LIVE_TRACE=1: when the slowest messages were sent (a stall shows as a cluster), and the
  // first round (sockets just opened, the pool after a pause) against the rest.
  if (process.env.BENCH_LIVE_TRACE) {
    const worst = [...slowest].sort((a, b) => b[1] - a[1]).slice(0, 20);
    const firstRound = [...slowest].filter(([marker]) => marker.startsWith('0-')).map(([, ms]) => ms);
    const later = [...slowest].filter(([marker]) => !marker.startsWith('0-')).map(([, ms]) => ms);
    const p90 = (values: number[]) =>
      percentile(
        values.sort((x, y) => x - y),
        90,
      ).toFixed(1);
    console.log(
      name,
      `slowest copy per message, p90: first round ${p90(firstRound)} ms, later ${p90(later)} ms;`,
      `sending began at ${new Date(performance.timeOrigin + started).toISOString()}`,
    );
    console.log(
      name,
      worst
        .map(([marker, ms]) => `${((sent.get(marker)! - started) / 1000).toFixed(2)}s:${ms.toFixed(1)}`)
        .join(' '),
    );
  }
  for (const socket of sockets) socket.terminate();
  agent.destroy();
  agent = new Agent({ keepAlive: true });
  return {
    name,
    p50: tenth(latencies, 50),
    p99: tenth(latencies, 99),
    firstRoundP99: tenth(firstRound, 99),
    delivered: latencies.length + firstRound.length,
    expected: groups.length * ROUNDS * SOCKETS_PER_TOPIC,
    cpuMsPerMessage: perMessage(cpuAfter.tree - cpuBefore.tree),
    nodeCpuMsPerMessage: perMessage(cpuAfter.own - cpuBefore.own),
  };
}

export function measureBareBroadcast(port: number, cpuMs: () => { own: number; tree: number }) {
  const groups: Group[] = Array.from({ length: TOPICS }, (_, i) => ({
    id: String(i),
    open: () => new WebSocket(`ws://127.0.0.1:${port}/?group=${i}`),
    send: (text) => post(`http://127.0.0.1:${port}/send?group=${i}`, {}, JSON.stringify({ text })),
  }));
  return run('bare ws broadcast (HTTP POST → 10 sockets)', groups, cpuMs);
}

/**
 * The bare broadcast that first writes each message with the SQL it needs at least (the
 * bare-ws-server's DATABASE_URL mode), for the same members and topics as the app: what this
 * machine's database leaves of the bare broadcast's latency.
 */
export function measureBareBroadcastWithSql(
  port: number,
  members: { cookie: string; topicId: string }[],
  cpuMs: () => { own: number; tree: number },
) {
  const groups: Group[] = members.map((member) => ({
    id: member.topicId,
    open: () => new WebSocket(`ws://127.0.0.1:${port}/?group=${member.topicId}`),
    send: (text) =>
      post(
        `http://127.0.0.1:${port}/send?group=${member.topicId}`,
        { cookie: member.cookie },
        JSON.stringify({ text }),
      ),
  }));
  return run('bare ws + the message SQL (POST → one statement → 10 sockets)', groups, cpuMs);
}

/** TOPICS members on 1-on-1 Burn (through the demo checkout), one topic each. */
export async function burnMembers(base: string, origin: string) {
  const members: { cookie: string; topicId: string }[] = [];
  const one = async (i: number) => {
    const email = `bench-live-${Date.now()}-${i}@example.com`;
    const post = (path: string, body: unknown, cookie = '') =>
      fetch(base + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(body),
        redirect: 'manual',
      });
    await post('/api/auth/sign-up/email', { email, password: PASSWORD, name: `Bench ${i}` });
    let link: string | undefined;
    for (let tries = 0; !link && tries < 50; tries++) {
      const mails = (await (await fetch(`${base}/dev/mail.json?to=${email}`)).json()) as {
        meta: { url: string };
      }[];
      link = mails[0]?.meta.url;
      if (!link) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const verify = await fetch(link!.replace(/^https?:\/\/[^/]+/, base), { redirect: 'manual' });
    const cookie = verify.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const { url } = (await (
      await post('/api/subscription/checkout', { plan: 'burn-monthly' }, cookie)
    ).json()) as {
      url: string;
    };
    await fetch(url.replace(/^https?:\/\/[^/]+/, base), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
      body: 'number=4242424242424242&expiry=12/34&cvc=123',
      redirect: 'manual',
    });
    const topic = await post('/api/coaching/topics', { title: `Bench topic ${i}` }, cookie);
    if (topic.status !== 201) throw new Error(`topic: ${topic.status} ${await topic.text()}`);
    members.push({ cookie, topicId: ((await topic.json()) as { topic: { id: string } }).topic.id });
  };
  for (let i = 0; i < TOPICS; i += 4)
    await Promise.all([0, 1, 2, 3].filter((k) => i + k < TOPICS).map((k) => one(i + k)));
  return members;
}

export async function measureCoachingDelivery(
  base: string,
  origin: string,
  members: { cookie: string; topicId: string }[],
  cpuMs: () => { own: number; tree: number },
) {
  const wsBase = base.replace(/^http/, 'ws');
  const groups: Group[] = members.map((member) => ({
    id: member.topicId,
    open: () => new WebSocket(`${wsBase}/api/realtime`, { headers: { cookie: member.cookie, origin } }),
    send: (text) =>
      post(
        `${base}/api/coaching/topics/${member.topicId}/messages`,
        { 'content-type': 'application/json', origin, cookie: member.cookie },
        JSON.stringify({ message: text }),
      ),
  }));
  return run('/api/realtime (POST → commit → 10 sockets; NOTIFY for other instances)', groups, cpuMs);
}
