import { z } from 'zod';
import type { JobRun, QueuePolicy } from './queue.ts';

// The shape every owner of background work (a feature, a platform part) declares its queues in,
// in its own jobs.ts; src/jobs.ts registers the lists. `D` is what the owner's handlers need of
// the app's Deps, so platform parts declare theirs without knowing the features.

/** One queue: its name, what a job carries, how it is retried, when it runs, and what it does. */
export type JobDefinition<D> = {
  queue: string;
  /** Each job's data is parsed with it before `run` sees it; a job that does not parse fails at once. */
  payload: z.ZodType;
  /** Retries, expiry, polling and concurrency; the queue's defaults (platform/jobs/queue.ts) where unset. */
  policy?: Partial<QueuePolicy>;
  /** A job each minute this cron (UTC) matches, once across instances. */
  cron?: string;
  // `never`: a list holds definitions of different payloads; defineJob ties each to its schema.
  run: (deps: D, data: never, run: JobRun) => Promise<void>;
};

/** An owner's queues, registered together by src/jobs.ts. */
export type Jobs<D> = readonly JobDefinition<D>[];

/** A queue whose handler gets its payload schema's output type. */
export const defineJob = <D, S extends z.ZodType>(job: {
  queue: string;
  payload: S;
  policy?: Partial<QueuePolicy>;
  cron?: string;
  run: (deps: D, data: z.output<S>, run: JobRun) => Promise<void>;
}): JobDefinition<D> => job;

/**
 * A scheduled job's data: the schedule sends `{}` (an earlier release's schedule may have sent
 * nothing at all); what else it holds is dropped.
 */
export const NO_PAYLOAD = z.object({}).nullish();
