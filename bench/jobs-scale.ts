import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { recordDailyCounts } from '@core28/server/features/admin/service';
import { deleteExpiredAuthRecords } from '@core28/server/features/auth/service';
import { getProgramState } from '@core28/server/features/program/service';
import { SEND_POLICY, SEND_QUEUE, sendJobPayload } from '@core28/server/features/reminders/reminders';
import { type DatabaseHandle, openPostgres } from '@core28/server/platform/db/index';
import { startJobQueue } from '@core28/server/platform/jobs/queue';
import { deleteOldSentMail, INTERRUPTED } from '@core28/server/platform/mail/outbox';
import { startSmtpDouble } from '@core28/server/testing/smtp';
import pino from 'pino';
import { freePort, startProcess, stopProcess, table } from './lib.ts';

// The jobs at a million members (`BENCH_ONLY=jobs`, on a database `npm run bench:seed` made:
// BENCH_JOBS_URL; it changes it): a popular minute of reminders with one instance and with three,
// the weekly summary resumed after a SIGKILL, and the nightly clean-up and daily counts with member
// reads alongside. Mail goes to a local SMTP server, which counts what it received per member.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const URL_ = process.env.BENCH_JOBS_URL;
/** Members due in the one minute: 5 % of a million. */
const DUE = Number(process.env.BENCH_JOBS_DUE ?? 50_000);
const WEEKLY = Number(process.env.BENCH_JOBS_WEEKLY ?? 20_000);
/** The nightly part's sessions and sent mail (a month of a million members'). */
const SESSIONS = Number(process.env.BENCH_JOBS_SESSIONS ?? 1_000_000);
const SENT_MAIL = Number(process.env.BENCH_JOBS_SENT_MAIL ?? 1_500_000);
const SECRET = 'bench-secret-bench-secret-bench-secret-0123';
const serverNode = process.env.BENCH_NODE || process.execPath;
const log = pino({ level: 'silent' });

type Sink = Awaited<ReturnType<typeof startSmtpDouble>>;
export type JobsFigures = {
  reminders: {
    instances: number;
    due: number;
    queuedAfterS: number | null;
    sentAfterS: number | null;
    perSecond: number;
    received: number;
    twice: number;
  }[];
  weekly: {
    members: number;
    perSecond: number;
    projectedMillionMin: number;
    sentBeforeKill: number;
    received: number;
    twice: number;
    interrupted: number;
    resumedAfterS: number;
  } | null;
  nightly: { job: string; seconds: number; rows: string; readP99Ms: number }[];
  baselineReadP99Ms: number;
};

const seconds = (ms: number) => Math.round(ms / 100) / 10;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const query = async <T>(db: DatabaseHandle, text: string) => (await db.executeSql(text)).rows as T[];
/** The one number a `select count(*)::int as n` answers. */
const countOf = async (db: DatabaseHandle, text: string) => (await query<{ n: number }>(db, text))[0]?.n ?? 0;

/** What the sink received per recipient whose subject matches. */
function receivedBy(sink: Sink, subject: RegExp) {
  const counts = new Map<string, number>();
  for (const mail of sink.received) {
    if (!subject.test(mail.data)) continue;
    for (const to of mail.to) counts.set(to, (counts.get(to) ?? 0) + 1);
  }
  return counts;
}

async function startInstances(count: number, databaseUrl: string, sink: Sink, dir: string) {
  const children: ChildProcess[] = [];
  // One folder for their files, as instances on one database must share (or S3).
  const dataDir = path.join(dir, `instances-${Date.now()}`);
  for (let i = 0; i < count; i++) {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    children.push(
      await startProcess(
        serverNode,
        [path.join(root, 'apps/server/dist/main.js')],
        {
          NODE_ENV: 'production',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DATABASE_URL: databaseUrl,
          PUBLIC_URL: base,
          AUTH_SECRET: SECRET,
          MAIL_FROM: 'Core28 <hello@bench.example>',
          ADMIN_EMAIL: 'owner@bench.example',
          ADMIN_PASSWORD: 'Bench#2026pass',
          SMTP_URL: sink.url,
          LOG_LEVEL: 'warn',
          // A database another branch's bench migrated further is still measured.
          ALLOW_NEWER_SCHEMA: 'true',
        },
        `${base}/api/ready`,
      ),
    );
  }
  return children;
}

/**
 * `count` members in a round whose day at `at` is not done yet, chosen the same way every time (a
 * hash), with their reminder at `at`'s minute in their own zone, on a paid plan, reminders on.
 */
async function makeDue(db: DatabaseHandle, at: Date, count: number) {
  const t = `'${at.toISOString()}'::timestamptz`;
  await db.executeSql('drop table if exists bench_jobs_due');
  await db.executeSql(`
    create unlogged table bench_jobs_due as
    with c as (
      select mp.user_id, u.email, p.time_zone, mp.round_days, mp.completed_mask,
        (${t} at time zone coalesce(p.time_zone, 'UTC'))::date
          - (mp.round_started_at at time zone coalesce(p.time_zone, 'UTC'))::date + 1 as day
      from member_progress mp
      join profiles p on p.user_id = mp.user_id
      join users u on u.id = mp.user_id
      where mp.round_started_at > ${t} - interval '30 days' and u.email_verified
        and not exists (select 1 from user_roles r where r.user_id = mp.user_id))
    select user_id, email, time_zone, day from c
    where day between 1 and round_days and coalesce(completed_mask, 0) & (1::bigint << (day - 1)) = 0
    order by md5(user_id) limit ${count}`);
  await db.executeSql(`
    update profiles p set reminder_time = to_char(${t} at time zone coalesce(p.time_zone, 'UTC'), 'HH24:MI')
    from bench_jobs_due d where d.user_id = p.user_id`);
  await db.executeSql(`
    insert into subscribers (user_id, email, subscribed, subscription_tier, is_trial, subscription_end)
    select user_id, email, true, 'The Daily Core', false, ${t} + interval '30 days' from bench_jobs_due
    on conflict (user_id) do update set subscribed = true, subscription_tier = 'The Daily Core',
      is_trial = false, trial_end = null, subscription_end = excluded.subscription_end,
      payment_failed_at = null, cancel_at_period_end = false`);
  await db.executeSql(`
    delete from notification_preferences n using bench_jobs_due d
    where n.user_id = d.user_id and n.kind = 'workout-reminder'`);
  return countOf(db, 'select count(*)::int as n from bench_jobs_due');
}

/** Until `done` holds or `timeoutMs` passes; the time it took, or null. */
async function waitFor(done: () => Promise<boolean> | boolean, timeoutMs: number) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await done()) return Date.now() - started;
    await sleep(250);
  }
  return null;
}

/** One popular minute: the schedule at `instances` instances finds the due members and mails them. */
async function reminderMinute(db: DatabaseHandle, url: string, sink: Sink, dir: string, instances: number) {
  // The next minute with at least 40 s to prepare; the schedule's tick comes at its start.
  const minute = Math.ceil((Date.now() + 40_000) / 60_000) * 60_000;
  const at = new Date(minute + 30_000);
  const due = await makeDue(db, at, DUE);
  const emails = new Set(
    (await query<{ email: string }>(db, 'select email from bench_jobs_due')).map((r) => r.email),
  );
  sink.received.length = 0;
  const children = await startInstances(instances, url, sink, dir);
  try {
    await sleep(Math.max(0, minute - Date.now()));
    const queuedAfter = await waitFor(
      async () =>
        (await countOf(
          db,
          `select count(*)::int as n from jobs.job j join bench_jobs_due d on d.user_id = j.data->>'userId'
           where j.name = '${SEND_QUEUE}' and j.data->>'kind' = 'workout-reminder'`,
        )) >= due,
      120_000,
    );
    const mine = () => [...receivedBy(sink, /is ready/).entries()].filter(([to]) => emails.has(to));
    const sent = await waitFor(() => mine().length >= due, 30 * 60_000);
    // From the minute's start, as the queueing time is.
    const sentAfter = sent === null ? null : Date.now() - minute;
    await sleep(3_000); // anything sent twice arrives by now
    const got = mine();
    return {
      instances,
      due,
      queuedAfterS: queuedAfter === null ? null : seconds(queuedAfter),
      sentAfterS: sentAfter === null ? null : seconds(sentAfter),
      perSecond: sentAfter ? Math.round((got.length / sentAfter) * 1000) : 0,
      received: got.length,
      twice: got.filter(([, n]) => n > 1).length,
    };
  } finally {
    await Promise.all(children.map(stopProcess));
    // The next run mails the same members again: their keys and jobs go.
    await db.executeSql(`delete from mail_outbox where dedupe_key like 'workout-reminder:%'`);
    await db.executeSql(`delete from jobs.job where name in ('${SEND_QUEUE}', 'mail-send')`);
  }
}

/**
 * The weekly summary for WEEKLY members (their round moved so that today is day 8), queued as the
 * schedule queues it; one instance is killed with SIGKILL a third of the way, another started.
 */
async function weeklyWithKill(db: DatabaseHandle, url: string, sink: Sink, dir: string) {
  const now = new Date();
  await makeDue(db, now, WEEKLY);
  const t = `'${now.toISOString()}'::timestamptz`;
  // Their workout reminder half a day away: the summary alone is measured.
  await db.executeSql(`
    update profiles p set reminder_time = to_char((${t} + interval '12 hours') at time zone coalesce(p.time_zone, 'UTC'), 'HH24:MI')
    from bench_jobs_due d where d.user_id = p.user_id`);
  const local = `(${t} at time zone coalesce(d.time_zone, 'UTC'))::date`;
  await db.executeSql(`
    update rounds r set started_at = ((${local} - 7) + time '12:00') at time zone coalesce(d.time_zone, 'UTC')
    from bench_jobs_due d
    where r.user_id = d.user_id and r.number = (select max(number) from rounds x where x.user_id = r.user_id)`);
  const members = await query<{ userId: string; email: string; localDate: string }>(
    db,
    `select user_id as "userId", email, to_char(${local}, 'YYYY-MM-DD') as "localDate" from bench_jobs_due d`,
  );
  const emails = new Set(members.map((m) => m.email));
  const queue = await startJobQueue({ executeSql: db.executeSql, db: db.db, log, isWorking: false });
  await queue.work(SEND_QUEUE, sendJobPayload, async () => {}, SEND_POLICY);
  sink.received.length = 0;
  await queue.enqueueMany(
    SEND_QUEUE,
    members.map((m) => ({
      data: { userId: m.userId, kind: 'weekly-summary' as const, localDate: m.localDate },
      singletonKey: `weekly-summary:${m.userId}:${m.localDate}`,
      singletonSeconds: 3600,
    })),
  );
  await queue.stop(1_000);
  const mine = () =>
    [...receivedBy(sink, /Subject: Your week 1 /).entries()].filter(([to]) => emails.has(to));
  let [child] = await startInstances(1, url, sink, dir);
  const firstStarted = Date.now();
  await waitFor(() => mine().length >= members.length / 3, 30 * 60_000);
  const beforeKill = mine().length;
  const rate = (beforeKill / (Date.now() - firstStarted)) * 1000;
  child!.kill('SIGKILL');
  await once(child!, 'exit');
  const killedAt = Date.now();
  [child] = await startInstances(1, url, sink, dir);
  const interrupted = () =>
    countOf(
      db,
      `select count(*)::int as n from mail_outbox where dedupe_key like 'weekly-summary:%' and last_error = '${INTERRUPTED.replaceAll("'", "''")}'`,
    );
  await waitFor(async () => mine().length + (await interrupted()) >= members.length, 30 * 60_000);
  const resumedAfter = Date.now() - killedAt;
  await sleep(3_000);
  await stopProcess(child!);
  const got = mine();
  return {
    members: members.length,
    perSecond: Math.round(rate),
    projectedMillionMin: Math.round(1_000_000 / rate / 60),
    sentBeforeKill: beforeKill,
    received: got.length,
    twice: got.filter(([, n]) => n > 1).length,
    interrupted: await interrupted(),
    resumedAfterS: seconds(resumedAfter),
  };
}

/** Member reads (their whole program, as /program asks) in `workers` loops until `stop`. */
function memberReads(db: DatabaseHandle, userIds: string[], workers = 4) {
  const samples: number[] = [];
  const state = { stop: false };
  const loops = Array.from({ length: workers }, async () => {
    while (!state.stop) {
      const userId = userIds[Math.floor(Math.random() * userIds.length)]!;
      const started = performance.now();
      await getProgramState({ db: db.db, now: () => new Date() }, { userId });
      samples.push(performance.now() - started);
    }
  });
  return {
    async stop() {
      state.stop = true;
      await Promise.all(loops);
      samples.sort((a, b) => a - b);
      return Math.round((samples[Math.floor(samples.length * 0.99)] ?? 0) * 10) / 10;
    },
  };
}

/**
 * The nightly clean-up and the daily counts on a month of a million members' sessions and mail
 * (the seed has neither: they are added here), each timed with member reads alongside.
 */
async function nightly(db: DatabaseHandle) {
  await db.executeSql(`
    insert into sessions (id, token, user_id, expires_at, created_at, updated_at)
    select 'bench-session-' || i, 'bench-token-' || i, 'bench-' || (1 + i % 1000000),
      now() + (i % 60 - 30) * interval '1 day', now() - interval '30 days', now()
    from generate_series(1, ${SESSIONS}) i on conflict do nothing`);
  await db.executeSql(`
    insert into mail_outbox (id, "to", subject, text, html, sent_at, attempts, created_at, updated_at)
    select gen_random_uuid(), 'member' || (1 + i % 1000000) || '@bench.example', 'Day 4 is ready', 'x', 'x',
      now() - (i % 45) * interval '1 day', 1, now() - (i % 45) * interval '1 day', now()
    from generate_series(1, ${SENT_MAIL}) i`);
  await db.executeSql('vacuum analyze sessions');
  await db.executeSql('vacuum analyze mail_outbox');
  const ids = (
    await query<{ id: string }>(
      db,
      "select user_id as id from member_progress where user_id like 'bench-%' order by md5(user_id) limit 20000",
    )
  ).map((r) => r.id);
  const baseline = memberReads(db, ids);
  await sleep(10_000);
  const baselineReadP99Ms = await baseline.stop();
  const deps = { db: db.db, now: () => new Date() };
  const jobs: [string, () => Promise<unknown>][] = [
    ['clean-up: expired sessions, tokens, rate limits', () => deleteExpiredAuthRecords(deps)],
    ['clean-up: sent mail over 30 days', () => deleteOldSentMail(deps)],
    ['daily counts', () => recordDailyCounts(deps)],
  ];
  const figures: JobsFigures['nightly'] = [];
  for (const [job, run] of jobs) {
    const reads = memberReads(db, ids);
    const started = performance.now();
    const result = await run();
    const ms = performance.now() - started;
    await sleep(500);
    figures.push({
      job,
      seconds: seconds(ms),
      rows: typeof result === 'object' && result ? JSON.stringify(result) : String(result ?? ''),
      readP99Ms: await reads.stop(),
    });
  }
  return { nightly: figures, baselineReadP99Ms };
}

export async function measureJobsScale(): Promise<JobsFigures> {
  if (!URL_) throw new Error('BENCH_JOBS_URL: a database `npm run bench:seed` made (this bench changes it)');
  const db = await openPostgres(URL_, { max: 8, statementTimeoutMs: 0, allowNewerSchema: true });
  const sink = await startSmtpDouble();
  const dir = await mkdtemp(path.join(tmpdir(), 'core28-bench-jobs-'));
  try {
    const only = (process.env.BENCH_JOBS_PARTS ?? 'reminders,weekly,nightly').split(',');
    const reminders: JobsFigures['reminders'] = [];
    if (only.includes('reminders'))
      for (const instances of (process.env.BENCH_JOBS_INSTANCES ?? '1,3').split(',').map(Number)) {
        reminders.push(await reminderMinute(db, URL_, sink, dir, instances));
        console.log('  ', JSON.stringify(reminders.at(-1)));
      }
    const weekly = only.includes('weekly') ? await weeklyWithKill(db, URL_, sink, dir) : null;
    if (weekly) console.log('  ', JSON.stringify(weekly));
    const nightlyFigures = only.includes('nightly')
      ? await nightly(db)
      : { nightly: [], baselineReadP99Ms: 0 };
    return { reminders, weekly, ...nightlyFigures };
  } finally {
    await sink.close();
    await db.close();
    await rm(dir, { recursive: true, force: true });
  }
}

export function printJobsScale(figures: JobsFigures) {
  console.log('\nReminders in one popular minute (1,000,000 members)\n');
  console.log(
    table([
      ['instances', 'due', 'all queued after s', 'all sent after s', 'mails/s', 'received', 'received twice'],
      ...figures.reminders.map((r) => [
        String(r.instances),
        r.due.toLocaleString('en'),
        String(r.queuedAfterS ?? 'not within 2 min'),
        String(r.sentAfterS ?? 'not within 30 min'),
        String(r.perSecond),
        r.received.toLocaleString('en'),
        String(r.twice),
      ]),
    ]),
  );
  const w = figures.weekly;
  if (w)
    console.log(
      `\nWeekly summary: ${w.members.toLocaleString('en')} members, ${w.perSecond}/s on one instance (1,000,000 in ${w.projectedMillionMin} min at that rate); ` +
        `${w.sentBeforeKill.toLocaleString('en')} sent before the SIGKILL, all done ${w.resumedAfterS} s after it; ` +
        `received ${w.received.toLocaleString('en')}, twice ${w.twice}, given up as cut off ${w.interrupted}`,
    );
  if (figures.nightly.length) {
    console.log(`\nNightly jobs (member reads' p99 with no job running: ${figures.baselineReadP99Ms} ms)\n`);
    console.log(
      table([
        ['job', 'seconds', 'rows', "member reads' p99 ms meanwhile"],
        ...figures.nightly.map((n) => [n.job, String(n.seconds), n.rows, String(n.readP99Ms)]),
      ]),
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) printJobsScale(await measureJobsScale());
