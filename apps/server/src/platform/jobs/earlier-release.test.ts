import { setTimeout as sleep } from 'node:timers/promises';
import PgBoss10 from 'pg-boss-10';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openTestDatabase } from '../../testing/harness.ts';
import { jobsOf } from '../../testing/jobs.ts';
import type { DatabaseHandle, ExecuteSql } from '../db/index.ts';
import { EARLIER_SCHEMA } from './earlier-release.ts';
import { type JobQueue, type JobRun, startJobQueue } from './queue.ts';

// The upgrade from pg-boss 10 as it happens on a real database: the releases before this one left
// pg-boss 10's schema (made here by pg-boss 10 itself) with jobs waiting, retrying, scheduled for
// later and cut off mid-run; each runs exactly once after the upgrade, and nothing finished runs.

const log = pino({ level: 'silent' });
let database: DatabaseHandle;
let queue: JobQueue;
const runs: { queue: string; data: unknown; attempt: number }[] = [];
const ids: Record<string, string> = {};
const minuteNow = () => Math.floor(Date.now() / 60_000);
/** The minute the earlier release sent its scheduled job in. */
let sentInMinute = 0;

/** pg-boss 10 read one result for a multi-statement query, as the earlier release gave it. */
const lastResult =
  (executeSql: ExecuteSql): ExecuteSql =>
  async (text, values) => {
    const result = await executeSql(text, values);
    return Array.isArray(result) ? (result.at(-1) as { rows: unknown[] }) : result;
  };

async function earlierRelease(executeSql: ExecuteSql) {
  const boss = new PgBoss10({
    db: { executeSql: lastResult(executeSql) },
    schema: EARLIER_SCHEMA,
    supervise: false,
    schedule: false,
  });
  boss.on('error', () => {});
  await boss.start();
  for (const name of ['mail-send', 'reminders-due', 'gone-queue'])
    await boss.createQueue(name, { name, retryLimit: 3, retryDelay: 0, retryBackoff: false });
  ids.waiting = (await boss.send('mail-send', { n: 'waiting' }))!;
  ids.later = (await boss.send('mail-send', { n: 'later' }, { startAfter: 3600 }))!;
  // Tried once and failed: waiting for its second attempt.
  ids.retrying = (await boss.send('mail-send', { n: 'retrying' }))!;
  ids.cutOff = (await boss.send('mail-send', { n: 'cut off' }))!;
  ids.done = (await boss.send('mail-send', { n: 'done' }))!;
  const fetched = await boss.fetch<{ n: string }>('mail-send', { batchSize: 10 });
  expect(fetched.map((job) => job.data.n).sort()).toEqual(['cut off', 'done', 'retrying', 'waiting']);
  await boss.fail('mail-send', ids.retrying, { message: 'relay down' });
  await boss.complete('mail-send', ids.done);
  // 'waiting' goes back to waiting (fetched by an instance that stopped before running it).
  await executeSql(`update ${EARLIER_SCHEMA}.job set state = 'created', started_on = null where id = $1`, [
    ids.waiting,
  ]);
  // 'cut off' was running on an instance that is gone: its expiry has passed.
  await executeSql(`update ${EARLIER_SCHEMA}.job set started_on = now() - interval '1 hour' where id = $1`, [
    ids.cutOff,
  ]);
  // This minute's scheduled job, which the new release's scheduler sends too.
  sentInMinute = minuteNow();
  ids.minute = (await boss.send(
    'reminders-due',
    {},
    { singletonKey: 'reminders-due', singletonSeconds: 60 },
  ))!;
  await boss.send('gone-queue', {});
  // An instance of the earlier release supervised a minute ago: it may still be running.
  await executeSql(`update ${EARLIER_SCHEMA}.version set maintained_on = now() - interval '1 minute'`);
  await boss.stop({ graceful: false, wait: true, close: false });
}

beforeAll(async () => {
  database = await openTestDatabase();
  await earlierRelease(database.executeSql);
  queue = await startJobQueue({ executeSql: database.executeSql, db: database.db, log, isWorking: false });
  const record = (name: string) => async (data: unknown, run: JobRun) => {
    runs.push({ queue: name, data, attempt: run.attempt });
  };
  await queue.work('mail-send', z.unknown(), record('mail-send'), { retryLimit: 3 });
  await queue.work('reminders-due', z.unknown(), record('reminders-due'));
  queue.schedule('reminders-due', '* * * * *');
});
afterAll(async () => {
  await queue?.stop(1_000);
  await database?.close();
});

describe('the upgrade from pg-boss 10', () => {
  it('runs every job the earlier release left waiting once, with its id and attempts, and nothing finished', async () => {
    // The new release sends this minute's scheduled job too: the earlier one for the minute is not
    // doubled. However long the set-up took, the earlier job's slot is this minute's, and the check
    // is not left to straddle a minute's end.
    if (new Date().getUTCSeconds() > 56) await sleep(5_000);
    await database.executeSql(
      `update ${EARLIER_SCHEMA}.job set singleton_on = singleton_on + make_interval(mins => $2) where id = $1`,
      [ids.minute, minuteNow() - sentInMinute],
    );
    expect(await queue.checkSchedules()).toEqual(['reminders-due']);

    expect(await queue.takeOverEarlierJobs()).toBe(4);
    const moved = await jobsOf(database.executeSql, 'mail-send');
    expect(moved.map((job) => job.id).sort()).toEqual(
      [ids.waiting, ids.later, ids.retrying, ids.cutOff].sort(),
    );

    expect(await queue.drain()).toBe(4);
    await database.executeSql(
      `update jobs.job set start_after = now() where name = 'mail-send' and state = 'created'`,
    );
    expect(await queue.drain()).toBe(1);
    expect(await queue.drain()).toBe(0);
    const ran = runs.map((run) => [run.queue, (run.data as { n?: string }).n ?? '', run.attempt]);
    expect(ran.sort()).toEqual(
      [
        ['mail-send', 'cut off', 2],
        ['mail-send', 'later', 1],
        ['mail-send', 'retrying', 2],
        ['mail-send', 'waiting', 1],
        ['reminders-due', '', 1],
      ].sort(),
    );
  });

  it('keeps the earlier schema while an earlier instance may run, and drops it once none has for 10 minutes', async () => {
    const schemaExists = async () =>
      (
        (await database.executeSql(`select to_regnamespace('${EARLIER_SCHEMA}') is not null as "exists"`))
          .rows[0] as {
          exists: boolean;
        }
      ).exists;
    // A job the earlier instance adds meanwhile is still taken over.
    await database.executeSql(
      `insert into ${EARLIER_SCHEMA}.job (name, data) values ('mail-send', '{"n":"meanwhile"}')`,
    );
    expect(await queue.takeOverEarlierJobs()).toBe(1);
    expect(await schemaExists()).toBe(true);

    await database.executeSql(
      `update ${EARLIER_SCHEMA}.version set maintained_on = now() - interval '11 minutes'`,
    );
    expect(await queue.takeOverEarlierJobs()).toBe(0);
    expect(await schemaExists()).toBe(false);
    expect(await queue.takeOverEarlierJobs()).toBe(0);
    expect(await queue.drain()).toBe(1);
    expect(runs.filter((run) => (run.data as { n?: string }).n === 'meanwhile')).toHaveLength(1);
  });
});
