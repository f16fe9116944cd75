import { setTimeout as sleep } from 'node:timers/promises';
import { type JobWithMetadata, PgBoss, type Queue } from 'pg-boss';
import type { z } from 'zod';
import type { ExecuteSql } from '../db/index.ts';
import { takeOverEarlierJobs } from './earlier-release.ts';
import type { JobHandler, JobQueue, JobQueueOptions, QueuePolicy } from './queue-types.ts';
import { MalformedJobError } from './queue-types.ts';
import { startScheduler } from './schedules.ts';
import { executeSqlIn } from './sql-in-transaction.ts';

// docs/decisions/0008-job-queue.md and 0025: pg-boss 12 in the application's own database (schema
// `jobs`), behind this small interface so that features never see pg-boss itself.

export const JOBS_SCHEMA = 'jobs';

export * from './queue-types.ts';

const DEFAULT_POLICY: QueuePolicy = {
  retryLimit: 3,
  retryDelaySeconds: 30,
  backoff: true,
  expireInSeconds: 15 * 60,
  pollingSeconds: 15,
  concurrency: 1,
  heartbeatSeconds: null,
};

/** A worker polls every 1–15 s: three failed statements in a row is not a passing blip. */
const FAILURES_BEFORE_NOT_RUNNING = 3;

/** Rows per statement in enqueueMany: one JSON parameter of a few hundred KB. */
const ENQUEUE_BATCH = 1000;

/** A finished job, completed or failed, stays a week for a look, then pg-boss deletes it. */
const KEEP_FINISHED_SECONDS = 7 * 24 * 3600;

export async function startJobQueue({
  executeSql,
  db,
  log,
  isWorking,
  onOutcome,
  scheduleCheckSeconds,
}: JobQueueOptions): Promise<JobQueue> {
  // stop() waits for pg-boss's statements under way; one asked for after it (nothing should be)
  // is refused rather than sent to a database that may be closing.
  let isStopped = false;
  let isStopping = false;
  // Readiness: pg-boss's own statements failing one after another (its schema gone,
  // its rights revoked) is a queue that does no work, though nobody stopped it.
  let failuresInARow = 0;
  const inFlight = new Set<Promise<unknown>>();
  const bossSql: ExecuteSql = (text, values) => {
    if (isStopped) return Promise.reject(new Error('The job queue has stopped'));
    const query = executeSql(text, values);
    const settled: Promise<unknown> = query.then(
      () => {
        failuresInARow = 0;
        inFlight.delete(settled);
      },
      () => {
        failuresInARow++;
        inFlight.delete(settled);
      },
    );
    inFlight.add(settled);
    return query;
  };
  const boss = new PgBoss({
    db: { executeSql: bossSql },
    schema: JOBS_SCHEMA,
    // Supervision (expiry, deleting finished jobs) runs once across instances, on working ones.
    supervise: isWorking,
    // The registry's heartbeat is a statement every 30 s: worth it for servers, not for tools.
    registerInstance: isWorking,
    instanceName: 'core28',
    // Jobs are measured by our own metrics (onOutcome); spans per job would go to whatever
    // tracer the process registers (Sentry's), a cost nobody asked for.
    openTelemetry: { enabled: false },
    // Schedules are ours (below): pg-boss's timekeeper parsed every cron expression again on
    // every check, which held the event loop ~11 ms every 5 s (docs/decisions/0019).
    schedule: false,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue'));
  await boss.start();

  const handlers = new Map<string, { payload: z.ZodType; handler: JobHandler<unknown> }>();
  const workerIds = new Map<string, string[]>();

  /** One job, as pg-boss's worker runs it: the handler, then complete or fail (which retries). */
  async function run(queue: string, job: JobWithMetadata<unknown>): Promise<void> {
    const { payload, handler } = handlers.get(queue)!;
    const parsed = payload.safeParse(job.data);
    if (!parsed.success) throw new MalformedJobError(queue, parsed.error);
    const attempt = job.retryCount + 1;
    const isLastAttempt = job.retryCount >= job.retryLimit;
    await handler(parsed.data, { id: job.id, queue, attempt, isLastAttempt });
    onOutcome?.(queue, 'completed');
  }

  function wake(queue: string) {
    for (const id of workerIds.get(queue) ?? []) boss.notifyWorker(id);
  }

  async function counts() {
    const { rows } = await executeSql(
      `select name as queue, state::text as state, count(*)::int as count from ${JOBS_SCHEMA}.job
       where state in ('created', 'retry', 'active') and name not like '\\_\\_pgboss%' group by 1, 2`,
    );
    return rows as Awaited<ReturnType<JobQueue['counts']>>;
  }

  const reportFailure = (queue: string, job: JobWithMetadata<unknown>, err: unknown) => {
    const willRetry = !(err instanceof MalformedJobError) && job.retryCount < job.retryLimit;
    onOutcome?.(queue, willRetry ? 'retried' : 'failed');
    log.warn({ err, queue, jobId: job.id, attempt: job.retryCount + 1, willRetry }, 'job failed');
  };

  const earlier = takeOverEarlierJobs({ db, schema: JOBS_SCHEMA, log, isWorking, wake });

  const scheduler = startScheduler({
    db,
    boss,
    log,
    wake,
    isWorking,
    checkSeconds: scheduleCheckSeconds,
  });

  return {
    async work<T>(
      queue: string,
      payload: z.ZodType<T>,
      handler: JobHandler<T>,
      override: Partial<QueuePolicy> = {},
    ) {
      const policy = { ...DEFAULT_POLICY, ...override };
      const options = {
        retryLimit: policy.retryLimit,
        retryDelay: policy.retryDelaySeconds,
        retryBackoff: policy.backoff,
        expireInSeconds: policy.expireInSeconds,
        ...(policy.heartbeatSeconds !== null && { heartbeatSeconds: policy.heartbeatSeconds }),
        // Finished jobs (failed ones too, with their error) are kept a week for a look, then deleted.
        deleteAfterSeconds: KEEP_FINISHED_SECONDS,
      } satisfies Omit<Queue, 'name'>;
      // Both are one statement under pg-boss's advisory lock: instances starting together agree.
      await boss.createQueue(queue, options);
      await boss.updateQueue(queue, options); // a changed policy applies to new jobs
      handlers.set(queue, { payload, handler: handler as JobHandler<unknown> });
      if (!isWorking) return;
      const ids: string[] = [];
      for (let i = 0; i < policy.concurrency; i++) {
        const worker = { id: '' };
        const id = await boss.work(
          queue,
          {
            pollingIntervalSeconds: policy.pollingSeconds,
            includeMetadata: true,
            batchSize: 1,
            // Settled per job, so a malformed one can fail for good ('deadletter', with no dead
            // letter queue set) instead of going through every retry.
            perJobResults: true,
          },
          async ([job]) => {
            if (!job) return [];
            // A job found, so more may wait: fetch again as soon as this one is done. pg-boss waits
            // its polling interval after every job at batchSize 1 (no burst there), which capped a
            // worker at one job per interval: a popular minute's reminders would have taken hours.
            if (worker.id) boss.notifyWorker(worker.id);
            try {
              await run(queue, job);
              return [{ id: job.id, status: 'completed' }];
            } catch (err) {
              reportFailure(queue, job, err);
              if (err instanceof MalformedJobError)
                return [{ id: job.id, status: 'deadletter', output: { message: err.message } }];
              throw err; // pg-boss records the failure and schedules the retry
            }
          },
        );
        worker.id = id;
        ids.push(id);
      }
      workerIds.set(queue, ids);
    },

    async schedule(queue, cron) {
      if (!handlers.has(queue)) throw new Error(`No worker registered for the job queue "${queue}"`);
      scheduler.set(queue, cron);
    },

    checkSchedules: scheduler.check,

    async enqueue(queue, data, { tx, singletonKey, singletonSeconds } = {}) {
      if (!handlers.has(queue)) throw new Error(`No worker registered for the job queue "${queue}"`);
      const job = { data, singletonKey, singletonSeconds };
      await boss.insert(queue, [job], tx ? { db: executeSqlIn(tx) } : {});
      // Outside a transaction the job is visible now: wake a worker here instead of waiting for its poll.
      if (!tx) wake(queue);
    },

    async enqueueMany(queue, jobs) {
      if (!handlers.has(queue)) throw new Error(`No worker registered for the job queue "${queue}"`);
      if (!jobs.length) return 0;
      // One transaction: the workers see the fan-out when it is all queued. Woken batch by batch,
      // the sends of the first thousands took the two cores from the queueing of the rest, and a
      // 50,000-member minute was queued after 76 s.
      const inserted = await db.transaction(async (tx) => {
        let count = 0;
        for (let from = 0; from < jobs.length; from += ENQUEUE_BATCH) {
          const batch = jobs
            .slice(from, from + ENQUEUE_BATCH)
            .map(({ data, singletonKey, singletonSeconds }) => ({ data, singletonKey, singletonSeconds }));
          count += (await boss.insert(queue, batch, { returnId: true, db: executeSqlIn(tx) }))?.length ?? 0;
        }
        return count;
      });
      wake(queue);
      return inserted;
    },

    wake,

    async drain() {
      let ran = 0;
      for (;;) {
        let hasRun = false;
        for (const queue of handlers.keys()) {
          for (const job of await boss.fetch<unknown>(queue, { includeMetadata: true, batchSize: 20 })) {
            hasRun = true;
            ran++;
            try {
              await run(queue, job);
              await boss.complete(queue, job.id);
            } catch (err) {
              reportFailure(queue, job, err);
              // pg-boss's fail() retries while attempts are left; outside a worker it offers no
              // terminal failure, so a malformed job's attempts are used up first.
              if (err instanceof MalformedJobError)
                await executeSql(
                  `update ${JOBS_SCHEMA}.job set retry_limit = retry_count where name = $1 and id = $2`,
                  [queue, job.id],
                );
              await boss.fail(queue, job.id, err as object);
            }
          }
        }
        if (hasRun) continue;
        // Nothing fetched: done, unless another worker is running a job, or one became due in
        // this very instant (fetch wants start_after < now(), and a clock may not have ticked).
        const { rows } = await executeSql(
          `select count(*)::int as n from ${JOBS_SCHEMA}.job where name = any($1::text[])
           and (state = 'active' or (state < 'active' and start_after <= now()))`,
          [[...handlers.keys()]],
        );
        if ((rows[0] as { n: number }).n === 0) return ran;
        await sleep(10);
      }
    },

    async maintain() {
      await boss.supervise();
    },

    takeOverEarlierJobs: () => earlier.takeOver([...handlers.keys()]),

    counts,

    isRunning: () => !isStopping && failuresInARow < FAILURES_BEFORE_NOT_RUNNING,

    async stop(timeoutMs = 10_000) {
      isStopping = true;
      await scheduler.stop();
      await earlier.stop();
      await boss.stop({ graceful: true, timeout: timeoutMs, close: false });
      await Promise.all(inFlight);
      isStopped = true;
    },
  };
}

/** Deps built without a queue (tools, tests of one instance's other parts): any use says so. */
export const NO_JOB_QUEUE: JobQueue = new Proxy({} as JobQueue, {
  get: (_, method) => () =>
    method === 'isRunning'
      ? false
      : Promise.reject(
          new Error(`This instance has no job queue (${String(method)}): pass one to createDeps`),
        ),
});
