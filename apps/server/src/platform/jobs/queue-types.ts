import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Database, DbOrTx, ExecuteSql } from '../db/index.ts';

// The job queue as features and tests see it (queue.ts builds it on pg-boss).

/** What a handler knows about its run: the attempt (1 = first) and whether a failure now is final. */
export type JobRun = { id: string; queue: string; attempt: number; isLastAttempt: boolean };
export type JobHandler<T> = (data: T, run: JobRun) => Promise<void>;

/**
 * A job whose data does not fit its queue's payload schema: it would fail the same way at every
 * retry, so it fails for good at once. The reason names the fields, never their values.
 */
export class MalformedJobError extends Error {
  constructor(queue: string, error: z.ZodError) {
    const fields = error.issues.map(
      (issue) => `${issue.path.map(String).join('.') || '(data)'}: ${issue.message}`,
    );
    super(`The job's data does not fit the ${queue} queue's payload (${fields.join('; ')})`);
    this.name = 'MalformedJobError';
  }
}

export type QueuePolicy = {
  /** Retries after the first attempt; then the job is `failed` (kept for inspection). */
  retryLimit: number;
  /** Seconds before the first retry; with `backoff`, doubled at each retry (plus up to as much again in jitter). */
  retryDelaySeconds: number;
  backoff: boolean;
  /** A run still going after this long is failed, and retried. */
  expireInSeconds: number;
  /** How often an idle worker of this instance looks for a due job. */
  pollingSeconds: number;
  /** Jobs of this queue one instance runs at once. */
  concurrency: number;
  /**
   * The worker running a job marks it alive this often (half of it); a job not marked for this
   * long (its instance was killed) is failed, and retried, at pg-boss's next supervision (every
   * minute) rather than after `expireInSeconds`. Off (null) unless a queue sets it.
   */
  heartbeatSeconds: number | null;
};

export type JobOutcome = 'completed' | 'retried' | 'failed';

export type EnqueueOptions = {
  /** Enqueue inside this transaction: a rollback means the job never existed. */
  tx?: DbOrTx;
  /** At most one job with this key waits or runs in the queue at a time. */
  singletonKey?: string;
  /**
   * With a singletonKey: at most one job with this key per slot of this many seconds, whatever
   * its state (pg-boss's singleton_on), so a second tick in the same slot adds nothing.
   */
  singletonSeconds?: number;
};

export type JobQueue = {
  /**
   * Creates the queue with its retry policy and registers its handler; with workers on, this
   * instance polls it. Every queue a job is sent to must be registered first. Each job's data is
   * parsed with `payload` before the handler sees it (a job that does not parse fails at once).
   */
  work<T>(
    queue: string,
    payload: z.ZodType<T>,
    handler: JobHandler<T>,
    policy?: Partial<QueuePolicy>,
  ): Promise<void>;
  /**
   * A cron schedule (UTC, minute-grained) for a registered queue: one job in each of its minutes,
   * whatever the number of instances; working instances check every `scheduleCheckSeconds`.
   */
  schedule(queue: string, cron: string): void;
  /**
   * Sends the jobs of the schedules due in the database's current minute, unless this instance
   * checked that minute already; a job another instance sent for the minute is kept, not doubled.
   * Returns the queues found due. Working instances run it on their own; for tests.
   */
  checkSchedules(): Promise<string[]>;
  enqueue(queue: string, data: object, options?: EnqueueOptions): Promise<void>;
  /**
   * Many jobs of one queue in a few statements (a thousand rows each) rather than one per job: a
   * fan-out of tens of thousands inside the minute it is for. A job whose singleton key is taken is
   * skipped, as with enqueue. Returns how many were new.
   */
  enqueueMany(
    queue: string,
    jobs: readonly ({ data: object } & Omit<EnqueueOptions, 'tx'>)[],
  ): Promise<number>;
  /** Wakes this instance's idle workers of `queue` (after a transaction that enqueued to it committed). */
  wake(queue: string): void;
  /**
   * Runs every due job of the registered queues here and now, and waits for those other workers
   * are running; returns how many it ran. For tests and tools: no sleeping on poll intervals.
   */
  drain(): Promise<number>;
  /**
   * pg-boss's supervision here and now (expire jobs that ran too long, delete finished ones past
   * their time); a working instance runs it on its own, once across instances. For tests.
   */
  maintain(): Promise<void>;
  /**
   * Moves the jobs an earlier release (pg-boss 10, schema `pgboss`) left waiting into this queue,
   * once, for the queues registered here; call it once every queue is registered. A working
   * instance then looks again every minute while that schema exists (a rolling deploy's older
   * instances may still add jobs) and drops the schema once no older instance runs. Returns how
   * many jobs it moved.
   */
  takeOverEarlierJobs(): Promise<number>;
  /** Jobs waiting (`created`, `retry`) and running (`active`) per queue, across every instance. */
  counts(): Promise<{ queue: string; state: 'created' | 'retry' | 'active'; count: number }[]>;
  /**
   * Started, not yet stopped, and its statements not failing one after another (a failing poll
   * of a worker counts; any success clears them): for /api/ready.
   */
  isRunning(): boolean;
  /** Stops polling and waits up to `timeoutMs` for running jobs (then fails them, so they are retried). */
  stop(timeoutMs?: number): Promise<void>;
};

export type JobQueueOptions = {
  executeSql: ExecuteSql;
  /** The same database through Drizzle: a schedule's jobs are sent in a transaction of its own. */
  db: Database;
  log: Logger;
  /** Poll and run jobs, and fire schedules (servers); off: jobs run only through drain() (tests). */
  isWorking: boolean;
  onOutcome?: (queue: string, outcome: JobOutcome) => void;
  /** How often a working instance looks at its clock for a new minute (every second unless set). */
  scheduleCheckSeconds?: number;
};
