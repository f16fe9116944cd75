import type { Logger } from 'pino';
import { deleteExpiredIdempotencyKeys } from '../db/idempotency.ts';
import type { Database } from '../db/index.ts';
import { defineJob, type Jobs, NO_PAYLOAD } from './define.ts';

// The idempotency store's clean-up, declared beside the queue: the store is platform/db's, and
// platform/db imports nothing of the queue (the queue is built on the database).

export const IDEMPOTENCY_KEYS_CLEANUP_QUEUE = 'idempotency-keys-cleanup';

type DbJobDeps = { db: Database; log: Logger; now: () => Date };

export const idempotencyKeyJobs: Jobs<DbJobDeps> = [
  defineJob({
    queue: IDEMPOTENCY_KEYS_CLEANUP_QUEUE,
    payload: NO_PAYLOAD,
    /** Idempotency keys are kept a day (platform/db/idempotency.ts). */
    cron: '37 * * * *',
    run: async (deps: DbJobDeps) => {
      const deleted = await deleteExpiredIdempotencyKeys(deps);
      if (deleted) deps.log.info({ deleted }, 'expired idempotency keys deleted');
    },
  }),
];
