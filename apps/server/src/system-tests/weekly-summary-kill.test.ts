import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEND_POLICY, SEND_QUEUE, sendJobPayload } from '../features/reminders/reminders.ts';
import { runningEmbeddedPostgres } from '../platform/db/embedded.ts';
import { type DatabaseHandle, openPostgres, rowsOf } from '../platform/db/index.ts';
import { startJobQueue } from '../platform/jobs/queue.ts';
import { INTERRUPTED } from '../platform/mail/outbox.ts';
import { until } from '../testing/jobs.ts';
import { serverPort } from '../testing/ports.ts';
import { makeWeekOneDone, seedDueMembers } from '../testing/reminders.ts';
import { removeServerProcess, startServerProcess } from '../testing/server-process.ts';
import { startSmtpDouble } from '../testing/smtp.ts';

// The weekly summary going out to hundreds of members when the server is killed (SIGKILL, the
// embedded PostgreSQL left running) a third of the way through; another start on the same
// DATA_DIR finishes it. Nobody gets it twice: the jobs' keys, the mail's dedupe key, and a send
// cut off mid-way given up rather than made again (it may have reached the relay). The embedded
// default only, as crash-safety.test.ts.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const MEMBERS = 600;
const ZONES = ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Tokyo'];
const log = pino({ level: 'silent' });

let smtp: Awaited<ReturnType<typeof startSmtpDouble>>;
let dataDir = '';
let port = 0;
let child: ChildProcess | null = null;

const start = async () => {
  child = await startServerProcess({
    root: ROOT,
    dataDir,
    port,
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Core28 <hello@core28.app>' },
  });
};

/** The running server's embedded PostgreSQL (its port may change at each start). */
async function openDatabase(): Promise<DatabaseHandle> {
  const running = await runningEmbeddedPostgres(dataDir);
  return openPostgres(running!.url, { max: 2 });
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the weekly summary after a SIGKILL', () => {
  beforeAll(async () => {
    smtp = await startSmtpDouble();
    dataDir = mkdtempSync(path.join(tmpdir(), 'core28-weekly-kill-'));
    port = await serverPort();
    await start();
  }, 120_000);

  afterAll(async () => {
    await removeServerProcess(child, dataDir);
    await smtp?.close();
  });

  it(`finishes after a restart, each of ${MEMBERS} members mailed at most once and none left out`, async () => {
    const now = new Date();
    let database = await openDatabase();
    await seedDueMembers(database, { count: MEMBERS, at: now, timeZones: ZONES, prefix: 'week' });
    const due = await makeWeekOneDone(database, { prefix: 'week', at: now });
    expect(due).toHaveLength(MEMBERS);
    // Queued as the schedule queues them, in one go.
    const queue = await startJobQueue({
      executeSql: database.executeSql,
      db: database.db,
      log,
      isWorking: false,
    });
    await queue.work(SEND_QUEUE, sendJobPayload, async () => {}, SEND_POLICY);
    await queue.enqueueMany(
      SEND_QUEUE,
      due.map(({ userId, localDate }) => ({
        data: { userId, kind: 'weekly-summary' as const, localDate },
        singletonKey: `weekly-summary:${userId}:${localDate}`,
        singletonSeconds: 3600,
      })),
    );
    await queue.stop(1_000);
    await database.close();

    const summaries = () => smtp.received.filter((mail) => /Subject: Your week 1 on Core28/.test(mail.data));
    await until(() => summaries().length >= MEMBERS / 3, 120_000);
    child!.kill('SIGKILL');
    await once(child!, 'exit');
    const atKill = summaries().length;
    expect(atKill, 'killed part of the way').toBeLessThan(MEMBERS);

    await start();
    database = await openDatabase();
    try {
      const givenUp = () =>
        rowsOf<{ to: string }>(
          database.db,
          sql`select "to" from mail_outbox where last_error = ${INTERRUPTED}`,
        );
      // Every member received or given up, counted by address: a send given up may also have
      // reached the relay before the kill, so counting mails and given-up rows could reach 600
      // with one member still waiting.
      const accountedFor = async () =>
        new Set([...summaries().flatMap((mail) => mail.to), ...(await givenUp()).map((row) => row.to)]).size;
      // A killed run's jobs come back once their heartbeat lapses and pg-boss supervises (each minute).
      await until(async () => (await accountedFor()) >= MEMBERS, 240_000);
      const received = summaries().flatMap((mail) => mail.to);
      expect(new Set(received).size, 'nobody mailed twice').toBe(received.length);
      const given = await givenUp();
      // Given up only for the sends under way at the kill: at most the mail workers' four.
      expect(given.length).toBeLessThanOrEqual(4);
      expect(new Set([...received, ...given.map((row) => row.to)])).toEqual(
        new Set(due.map(({ userId }) => `${userId}@example.com`)),
      );
    } finally {
      await database.close();
    }
  }, 420_000);
});
