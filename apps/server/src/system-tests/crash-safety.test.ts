import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAlive, readPostmasterPid, runningEmbeddedPostgres } from '../platform/db/embedded.ts';
import { serverPort } from '../testing/ports.ts';
import { removeServerProcess, startServerProcess } from '../testing/server-process.ts';

// SIGKILL the real server (node + its embedded PostgreSQL child, which outlives it) while
// members complete days and save results, restart it on the same DATA_DIR, and check that every
// write the client saw acknowledged is still there and the database opens cleanly each time.
// It tests the embedded default, so the CI run on an external PostgreSQL skips it.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const KILLS = 20;
const MEMBERS = 16;
const WORKERS = 4;
const PASSWORD = 'Core#2026strong';

type Member = {
  email: string;
  cookie: string;
  nextDay: number;
  /** A completion sent but not answered when the server died: it may or may not have landed. */
  completionInFlight: number | null;
  acked: Set<number>;
  /** day → last acknowledged totalSeconds, and the value in flight at the kill (if any). */
  results: Map<number, { acked: number | null; inFlight: number | null }>;
};

let dataDir = '';
let port = 0;
let base = '';
let child: ChildProcess | null = null;
const members: Member[] = [];
let sequence = 1;

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('crash safety (SIGKILL, embedded PostgreSQL)', () => {
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'core28-crash-'));
    port = await serverPort();
    base = `http://127.0.0.1:${port}`;
    await startServer();
    for (let i = 0; i < MEMBERS; i += 4) {
      members.push(...(await Promise.all([0, 1, 2, 3].map((j) => signUp(i + j)))));
    }
  }, 120_000);

  afterAll(() => removeServerProcess(child, dataDir));

  it(`keeps every acknowledged write over ${KILLS} SIGKILLs and restarts`, async () => {
    const started = Date.now();
    let ackedWrites = 0;
    let killedInFlight = 0;
    for (let round = 1; round <= KILLS; round++) {
      const stop = { now: false };
      const workers = Array.from({ length: WORKERS }, (_, w) => work(w, stop));
      await sleep(150 + Math.random() * 850);
      const postgres = await readPostmasterPid(path.join(dataDir, 'pg'));
      child!.kill('SIGKILL');
      await once(child!, 'exit');
      stop.now = true;
      const counts = await Promise.all(workers);
      ackedWrites += counts.reduce((sum, c) => sum + c.acked, 0);
      killedInFlight += counts.filter((c) => c.killedInFlight).length;
      // node is gone, its PostgreSQL is not: the next start must stop it cleanly first.
      expect(postgres && isAlive(postgres.pid), 'the embedded PostgreSQL outlives a SIGKILL of node').toBe(
        true,
      );

      await startServer();
      expect(isAlive(postgres!.pid), 'the leftover PostgreSQL was stopped at start').toBe(false);
      await verifyAll();
    }
    await verifyAggregates();
    await stopServer();
    const postgres = await readPostmasterPid(path.join(dataDir, 'pg'));
    expect(postgres && isAlive(postgres.pid), 'a clean stop leaves no PostgreSQL running').toBeFalsy();

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.info(
      `crash safety: ${KILLS} SIGKILLs in ${seconds} s, ${ackedWrites} acknowledged writes, ${killedInFlight} requests cut off mid-flight`,
    );
    expect(ackedWrites).toBeGreaterThan(KILLS * 5);
  }, 300_000);
});

/** One client: completes the next day of its members, saves that day's result and rewrites an older one. */
async function work(w: number, stop: { now: boolean }) {
  let acked = 0;
  let killedInFlight = false;
  const mine = members.filter((_, i) => i % WORKERS === w);
  try {
    for (let i = 0; !stop.now; i++) {
      const member = mine[i % mine.length]!;
      if (member.nextDay <= 28) {
        const day = member.nextDay;
        member.completionInFlight = day;
        await send('POST', '/api/program/complete', { day }, member.cookie);
        member.completionInFlight = null;
        member.acked.add(day);
        member.nextDay++;
        acked++;
      }
      const day = 1 + Math.floor(Math.random() * Math.min(member.nextDay, 28));
      const totalSeconds = sequence++;
      const slot = member.results.get(day) ?? { acked: null, inFlight: null };
      member.results.set(day, slot);
      slot.inFlight = totalSeconds;
      await send(
        'PUT',
        '/api/program/results',
        { day, totalSeconds, reps: totalSeconds % 1000 },
        member.cookie,
      );
      slot.acked = totalSeconds;
      slot.inFlight = null;
      acked++;
    }
  } catch (err) {
    if (!(err instanceof ConnectionLost)) throw err;
    killedInFlight = !err.refused;
  }
  return { acked, killedInFlight };
}

/** Reads every member's program back through the API and checks it against what was acknowledged. */
async function verifyAll() {
  for (const member of members) {
    const res = await fetch(`${base}/api/program`, { headers: { cookie: member.cookie } });
    expect(res.status).toBe(200);
    const state = (await res.json()) as {
      completions: { day: number }[];
      results: { day: number; totalSeconds: number }[];
    };
    const days = new Set(state.completions.map((c) => c.day));
    for (const day of member.acked) expect(days, `${member.email}: acknowledged day ${day}`).toContain(day);
    for (const day of days) {
      // Nothing appears that was never sent: only acknowledged days and the one cut off.
      expect(member.acked.has(day) || member.completionInFlight === day, `${member.email}: day ${day}`).toBe(
        true,
      );
    }
    if (member.completionInFlight !== null) {
      // The cut-off completion either committed or did not; carry on from what is stored.
      if (days.has(member.completionInFlight)) {
        member.acked.add(member.completionInFlight);
        member.nextDay++;
      }
      member.completionInFlight = null;
    }
    const stored = new Map(state.results.map((r) => [r.day, r.totalSeconds]));
    for (const [day, slot] of member.results) {
      const value = stored.get(day) ?? null;
      // null while nothing was ever acknowledged for that day.
      const allowed = slot.inFlight === null ? [slot.acked] : [slot.acked, slot.inFlight];
      expect(allowed, `${member.email}: result of day ${day}`).toContain(value);
      slot.acked = value;
      slot.inFlight = null;
    }
  }
}

/** The trigger-kept aggregates (migration 0005) still match a full recount after all the crashes. */
async function verifyAggregates() {
  const running = await runningEmbeddedPostgres(dataDir);
  const client = new pg.Client({ connectionString: running!.url });
  await client.connect();
  try {
    const { rows } = await client.query(`
      select
        (select count(*) from (select day_number, sum(completions) as completions from program_day_stats group by 1) s
           full join (select day_number, count(*)::int n from workout_completions group by 1) c using (day_number)
           where coalesce(s.completions, 0) <> coalesce(c.n, 0))::int as day_mismatches,
        (select count(*) from member_progress m
           full join (select user_id, count(*)::int n from workout_completions group by 1) c using (user_id)
           where coalesce(m.completed_days, 0) <> coalesce(c.n, 0))::int as member_mismatches,
        (select count(*) from member_progress m
           where m.last_active_at is distinct from core28_last_active(m.user_id))::int as activity_mismatches,
        (select count(*) from workout_completions)::int as completions`);
    expect(rows[0]).toMatchObject({ day_mismatches: 0, member_mismatches: 0, activity_mismatches: 0 });
    expect(rows[0].completions).toBe(members.reduce((sum, m) => sum + m.acked.size, 0));
  } finally {
    await client.end();
  }
}

/** The server went away; `refused` when the request was sent after the kill, not cut off by it. */
class ConnectionLost extends Error {
  constructor(readonly refused: boolean) {
    super(refused ? 'connection refused' : 'connection lost mid-request');
  }
}

async function send(method: string, url: string, body: unknown, cookie: string) {
  let res: Response;
  try {
    res = await fetch(base + url, {
      method,
      headers: { 'content-type': 'application/json', origin: base, cookie },
      body: JSON.stringify(body),
    });
    await res.arrayBuffer();
  } catch (err) {
    const code = (err as { cause?: { code?: string } }).cause?.code;
    throw new ConnectionLost(code === 'ECONNREFUSED');
  }
  // Anything but success is a bug here: the client only sends valid writes.
  if (res.status < 200 || res.status > 299) throw new Error(`${method} ${url}: ${res.status}`);
}

async function signUp(i: number): Promise<Member> {
  const email = `crash-${i}@example.com`;
  const post = (url: string, body: unknown) =>
    fetch(base + url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify(body),
    });
  const res = await post('/api/auth/sign-up/email', { email, password: PASSWORD, name: '' });
  expect(res.status).toBe(200);
  let mail: { meta: { url: string } } | undefined;
  for (let tries = 0; tries < 50 && !mail; tries++) {
    [mail] = (await (await fetch(`${base}/dev/mail.json?to=${email}`)).json()) as { meta: { url: string } }[];
    if (!mail) await sleep(100);
  }
  const link = new URL(mail!.meta.url);
  const verify = await fetch(base + link.pathname + link.search, { redirect: 'manual' });
  const cookie = verify.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  // Registered 27 days ago: days 1..28 can all be completed today, on the free trial.
  expect((await post('/dev/members/registration', { email, daysAgo: 27 })).status).toBe(200);
  const trial = await fetch(`${base}/api/subscription/trial`, {
    method: 'POST',
    headers: { origin: base, cookie },
  });
  expect(trial.status).toBe(200);
  return { email, cookie, nextDay: 1, completionInFlight: null, acked: new Set(), results: new Map() };
}

async function startServer() {
  child = await startServerProcess({ root: ROOT, dataDir, port });
}

async function stopServer() {
  child!.kill('SIGTERM');
  await once(child!, 'exit');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
