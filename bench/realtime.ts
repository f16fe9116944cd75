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
};

const TOPICS = Number(process.env.BENCH_TOPICS ?? 100);
const SOCKETS_PER_TOPIC = 10;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
/** Messages per second, spread evenly. */
const RATE = Number(process.env.BENCH_RATE ?? 100);
const PASSWORD = 'Bench#2026pass';

type Group = { id: string; send: (text: string) => Promise<Response>; open: () => WebSocket };

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : Number.NaN;

function opened(socket: WebSocket) {
  return new Promise<void>((resolve, reject) => {
    socket.once('message', () => resolve()); // the server's 'ready'
    socket.once('error', reject);
    socket.once('unexpected-response', (_req, res) => reject(new Error(`socket refused: ${res.statusCode}`)));
  });
}

/** Opens every group's sockets, sends ROUNDS messages per group, and measures each receipt. */
async function run(name: string, groups: Group[], cpuMs: () => number): Promise<RealtimeResult> {
  const sent = new Map<string, number>();
  const latencies: number[] = [];
  const slowest = new Map<string, number>(); // BENCH_LIVE_TRACE: each message's slowest copy
  const sockets: WebSocket[] = [];
  for (let i = 0; i < groups.length; i += 10) {
    const batch = groups.slice(i, i + 10).flatMap((group) =>
      Array.from({ length: SOCKETS_PER_TOPIC }, () => {
        const socket = group.open();
        sockets.push(socket);
        socket.on('message', (data) => {
          const text = String(data);
          const marker = /bench:(\S+)/.exec(text)?.[1];
          const at = marker ? sent.get(marker) : undefined;
          if (at !== undefined) {
            const latency = performance.now() - at;
            latencies.push(latency);
            if (latency > (slowest.get(marker!) ?? 0)) slowest.set(marker!, latency);
          }
        });
        return opened(socket);
      }),
    );
    await Promise.all(batch);
  }
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
        group.send(`bench:${marker} Keep your lower back on the mat.`).then(async (res) => {
          if (!res.ok) throw new Error(`send failed: ${res.status} ${await res.text()}`);
        }),
      );
    }
  }
  await Promise.all(posts);
  await new Promise((resolve) => setTimeout(resolve, 2000)); // stragglers
  const cpuMsPerMessage = (cpuMs() - cpuBefore) / (groups.length * ROUNDS);
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
  const sorted = latencies.sort((a, b) => a - b);
  return {
    name,
    p50: Math.round(percentile(sorted, 50) * 10) / 10,
    p99: Math.round(percentile(sorted, 99) * 10) / 10,
    delivered: latencies.length,
    expected: groups.length * ROUNDS * SOCKETS_PER_TOPIC,
    cpuMsPerMessage: Math.round(cpuMsPerMessage * 100) / 100,
  };
}

export function measureBareBroadcast(port: number, cpuMs: () => number) {
  const groups: Group[] = Array.from({ length: TOPICS }, (_, i) => ({
    id: String(i),
    open: () => new WebSocket(`ws://127.0.0.1:${port}/?group=${i}`),
    send: (text) =>
      fetch(`http://127.0.0.1:${port}/send?group=${i}`, { method: 'POST', body: JSON.stringify({ text }) }),
  }));
  return run('bare ws broadcast (HTTP POST → 10 sockets)', groups, cpuMs);
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
  cpuMs: () => number,
) {
  const wsBase = base.replace(/^http/, 'ws');
  const groups: Group[] = members.map((member) => ({
    id: member.topicId,
    open: () => new WebSocket(`${wsBase}/api/realtime`, { headers: { cookie: member.cookie, origin } }),
    send: (text) =>
      fetch(`${base}/api/coaching/topics/${member.topicId}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin, cookie: member.cookie },
        body: JSON.stringify({ message: text }),
      }),
  }));
  return run('/api/realtime (POST → commit → 10 sockets; NOTIFY for other instances)', groups, cpuMs);
}
