import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openTestDatabase } from '../../testing/harness.ts';
import { jobsOf, makeRetriesDue, retryWaits, until } from '../../testing/jobs.ts';
import type { DatabaseHandle } from '../db/index.ts';
import { JOBS_SCHEMA, type JobOutcome, type JobQueue, startJobQueue } from './queue.ts';

// pg-boss on the test database (PGlite, or CI's PostgreSQL with TEST_DATABASE_URL): the real
// queue tables and SQL, no fake.

const log = pino({ level: 'silent' });
let database: DatabaseHandle;
let queue: JobQueue;
const outcomes: [string, JobOutcome][] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  queue = await startJobQueue({
    executeSql: database.executeSql,
    db: database.db,
    log,
    isWorking: false,
    onOutcome: (name, outcome) => outcomes.push([name, outcome]),
  });
});
afterAll(async () => {
  await queue.stop(1_000);
  await database.close();
});

describe('the job queue', () => {
  it('never runs a job enqueued in a transaction that rolled back, and runs a committed one once', async () => {
    const ran: number[] = [];
    await queue.work('tx-test', z.object({ n: z.number() }), async ({ n }) => {
      ran.push(n);
    });
    const rollback = database.db.transaction(async (tx) => {
      await queue.enqueue('tx-test', { n: 1 }, { tx });
      await tx.execute(sql`select 1`);
      throw new Error('the cause failed');
    });
    await expect(rollback).rejects.toThrow('the cause failed');
    await database.db.transaction((tx) => queue.enqueue('tx-test', { n: 2 }, { tx }));
    expect(await queue.drain()).toBe(1);
    expect(await queue.drain()).toBe(0);
    expect(ran).toEqual([2]);
    expect((await jobsOf(database.executeSql, 'tx-test')).map((job) => job.state)).toEqual(['completed']);
  });

  it('enqueues thousands at once, skipping a key already taken, and runs each once', async () => {
    const ran: number[] = [];
    await queue.work('many', z.object({ n: z.number() }), async ({ n }) => {
      ran.push(n);
    });
    const job = (n: number) => ({ data: { n }, singletonKey: `key-${n}`, singletonSeconds: 3600 });
    expect(await queue.enqueueMany('many', [job(1), job(2)])).toBe(2);
    // Past one statement's batch, with the two keys above among them (a second tick of the minute).
    const all = Array.from({ length: 2_500 }, (_, i) => job(i + 1));
    expect(await queue.enqueueMany('many', all)).toBe(2_498);
    expect(await queue.enqueueMany('many', all)).toBe(0);
    await queue.drain();
    expect(ran.sort((a, b) => a - b)).toEqual(all.map((j) => j.data.n));
  });

  it('queues a fan-out whole or not at all: the workers see it once it is all there', async () => {
    await queue.work('all-at-once', z.object({ n: z.number() }), async () => {});
    // A NUL in its data, which jsonb refuses, makes the second statement of three fail.
    const jobs = Array.from({ length: 2_500 }, (_, n) => ({
      data: n === 1_500 ? { n, text: '\u0000' } : { n },
    }));
    await expect(queue.enqueueMany('all-at-once', jobs)).rejects.toThrow();
    expect(await jobsOf(database.executeSql, 'all-at-once')).toEqual([]);
  });

  it('refuses a job for a queue nobody works', async () => {
    await expect(queue.enqueue('nobody-works-this', {})).rejects.toThrow(/No worker registered/);
  });

  it('retries a failing job with exponential backoff, then keeps it as failed with the reason', async () => {
    const runs: { attempt: number; isLastAttempt: boolean }[] = [];
    await queue.work(
      'always-fails',
      z.object({}),
      async (_, run) => {
        runs.push({ attempt: run.attempt, isLastAttempt: run.isLastAttempt });
        throw new Error(`refused at attempt ${run.attempt}`);
      },
      { retryLimit: 3, retryDelaySeconds: 10, backoff: true },
    );
    await queue.enqueue('always-fails', {});
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect(await queue.drain()).toBe(1);
      if (attempt < 4) {
        waits.push(...(await retryWaits(database.executeSql, 'always-fails')));
        await makeRetriesDue(database.executeSql);
      }
    }
    // pg-boss: retry n waits between delay·2^(n-1) and delay·2^n (jitter), here 10-20, 20-40, 40-80 s.
    expect(waits).toHaveLength(3);
    waits.forEach((wait, i) => {
      expect(wait).toBeGreaterThan(10 * 2 ** i - 2);
      expect(wait).toBeLessThanOrEqual(10 * 2 ** (i + 1));
    });
    expect(runs).toEqual([
      { attempt: 1, isLastAttempt: false },
      { attempt: 2, isLastAttempt: false },
      { attempt: 3, isLastAttempt: false },
      { attempt: 4, isLastAttempt: true },
    ]);
    const [job] = await jobsOf(database.executeSql, 'always-fails');
    expect(job).toMatchObject({
      state: 'failed',
      retryCount: 3,
      output: { message: 'refused at attempt 4' },
    });
    expect(outcomes.filter(([name]) => name === 'always-fails').map(([, outcome]) => outcome)).toEqual([
      'retried',
      'retried',
      'retried',
      'failed',
    ]);
    expect(await queue.drain()).toBe(0);
  });

  it('fails a job whose data does not fit its payload at once, with the reason, and never runs its handler', async () => {
    const lines: { msg: string; queue?: string; jobId?: string }[] = [];
    const logged = pino({ level: 'warn' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const seen: unknown[] = [];
    const payload = z.object({ userId: z.string(), count: z.number() });
    const handler = async (data: unknown) => {
      seen.push(data);
    };
    // Through drain() (tests, tools), and through a working instance's own worker.
    const drained = await startJobQueue({
      executeSql: database.executeSql,
      db: database.db,
      log: logged,
      isWorking: false,
    });
    const worker = await startJobQueue({
      executeSql: database.executeSql,
      db: database.db,
      log: logged,
      isWorking: true,
    });
    try {
      await drained.work('strict-drained', payload, handler, { retryLimit: 5 });
      await worker.work('strict-worked', payload, handler, { retryLimit: 5, pollingSeconds: 0.5 });
      const malformed = { userId: 'u1', count: 'many', password: 'hunter2' };
      await drained.enqueue('strict-drained', malformed);
      await worker.enqueue('strict-worked', malformed);
      expect(await drained.drain()).toBe(1);
      await until(async () =>
        (await jobsOf(database.executeSql, 'strict-worked')).some((job) => job.state === 'failed'),
      );
      for (const queueName of ['strict-drained', 'strict-worked']) {
        const [job] = await jobsOf(database.executeSql, queueName);
        const reason = `The job's data does not fit the ${queueName} queue's payload (count: Invalid input: expected number, received string)`;
        expect(job).toMatchObject({ state: 'failed', retryCount: 0, output: { message: reason } });
        const line = lines.find((l) => l.queue === queueName);
        expect(line).toMatchObject({ msg: 'job failed', jobId: job!.id, willRetry: false });
        expect(JSON.stringify(line)).not.toContain('hunter2');
      }
      expect(seen).toEqual([]);
      expect(await drained.drain()).toBe(0);

      // A job that fits runs with the parsed data: what the schema does not name is dropped.
      await drained.enqueue('strict-drained', { userId: 'u2', count: 2, extra: true });
      expect(await drained.drain()).toBe(1);
      expect(seen).toEqual([{ userId: 'u2', count: 2 }]);
    } finally {
      await worker.stop(1_000);
      await drained.stop(1_000);
    }
  });

  it('keeps finished jobs, completed and failed, a week for a look, then deletes them', async () => {
    await queue.work(
      'cleanup-test',
      z.object({ isFailing: z.boolean() }),
      async (data) => {
        if (data.isFailing) throw new Error('refused');
      },
      { retryLimit: 0 },
    );
    await queue.enqueue('cleanup-test', { isFailing: false });
    await queue.enqueue('cleanup-test', { isFailing: true });
    await queue.enqueue('cleanup-test', { isFailing: false }, { singletonKey: 'waits' });
    await database.executeSql(
      `update ${JOBS_SCHEMA}.job set start_after = now() + interval '30 days' where singleton_key = 'waits'`,
    );
    expect(await queue.drain()).toBe(2);
    const sql = database.executeSql;
    const finishedAgo = (state: string, interval: string) =>
      sql(
        `update ${JOBS_SCHEMA}.job set completed_on = now() - $2::interval
         where name = 'cleanup-test' and state = $1::text::${JOBS_SCHEMA}.job_state`,
        [state, interval],
      );
    const states = async () => (await jobsOf(sql, 'cleanup-test')).map((job) => job.state).sort();
    // pg-boss sweeps a queue at most once per maintenance interval; each pass here stands for
    // the next day's, so the last sweep's claim is moved back out of its way.
    const maintainNextDay = async () => {
      await sql(`update ${JOBS_SCHEMA}.queue set maintain_on = maintain_on - interval '1 day'`);
      await queue.maintain();
    };

    await finishedAgo('completed', '6 days 23 hours');
    await finishedAgo('failed', '6 days 23 hours');
    await maintainNextDay();
    expect(await states()).toEqual(['completed', 'created', 'failed']);

    await finishedAgo('completed', '7 days 1 hour');
    await maintainNextDay();
    expect(await states()).toEqual(['created', 'failed']);

    await finishedAgo('failed', '7 days 1 hour');
    await maintainNextDay();
    // A job still waiting is never a finished one, however old.
    expect(await states()).toEqual(['created']);
  });

  it('stops gracefully: waits for a running job, and fails one that outlasts the bound so it is retried', async () => {
    const worker = await startJobQueue({
      executeSql: database.executeSql,
      db: database.db,
      log,
      isWorking: true,
    });
    let isFinished = false;
    await worker.work(
      'slow',
      z.object({ ms: z.number() }),
      async (data) => {
        await sleep(data.ms);
        isFinished = true;
      },
      { pollingSeconds: 0.5 },
    );
    await worker.enqueue('slow', { ms: 1_500 });
    await until(async () =>
      (await jobsOf(database.executeSql, 'slow')).some((job) => job.state === 'active'),
    );
    await worker.stop(10_000);
    expect(isFinished).toBe(true);
    expect((await jobsOf(database.executeSql, 'slow')).map((job) => job.state)).toEqual(['completed']);

    const stuck = await startJobQueue({
      executeSql: database.executeSql,
      db: database.db,
      log,
      isWorking: true,
    });
    await stuck.work('stuck', z.object({}), () => new Promise<void>(() => {}), { pollingSeconds: 0.5 });
    await stuck.enqueue('stuck', {});
    await until(async () =>
      (await jobsOf(database.executeSql, 'stuck')).some((job) => job.state === 'active'),
    );
    const started = Date.now();
    await stuck.stop(1_000);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await jobsOf(database.executeSql, 'stuck')).map((job) => job.state)).toEqual(['retry']);
  }, 60_000);

  it('a job that ends after stop() gave up on it ends quietly, left to its retry', async () => {
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    try {
      for (const outcome of ['succeeds', 'fails'] as const) {
        const late = await startJobQueue({
          executeSql: database.executeSql,
          db: database.db,
          log,
          isWorking: true,
        });
        let finish = () => {};
        const queueName = `late-${outcome}`;
        await late.work(
          queueName,
          z.object({}),
          () =>
            new Promise<void>((resolve, reject) => {
              finish = outcome === 'succeeds' ? resolve : () => reject(new Error('too late'));
            }),
          { pollingSeconds: 0.5 },
        );
        await late.enqueue(queueName, {});
        await until(async () =>
          (await jobsOf(database.executeSql, queueName)).some((job) => job.state === 'active'),
        );
        await late.stop(300);
        // pg-boss records this end without awaiting it (its complete() or fail()).
        finish();
        await sleep(300);
        expect((await jobsOf(database.executeSql, queueName)).map((job) => job.state)).toEqual(['retry']);
      }
      expect(rejections).toEqual([]);
    } finally {
      process.off('unhandledRejection', onRejection);
    }
  }, 60_000);
});
