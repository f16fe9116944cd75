import type { Logger } from 'pino';
import { defineJob, type Jobs, NO_PAYLOAD } from '../jobs/define.ts';
import { deleteExpiredIdempotencyKeys } from './idempotency.ts';
import type { Database } from './index.ts';

export const IDEMPOTENCY_KEYS_CLEANUP_QUEUE = 'idempotency-keys-cleanup';

type DbJobDeps = { db: Database; log: Logger; now: () => Date };

export const dbJobs: Jobs<DbJobDeps> = [
  defineJob({
    queue: IDEMPOTENCY_KEYS_CLEANUP_QUEUE,
    payload: NO_PAYLOAD,
    /** Idempotency keys are kept a day (idempotency.ts). */
    cron: '37 * * * *',
    run: async (deps: DbJobDeps) => {
      const deleted = await deleteExpiredIdempotencyKeys(deps);
      if (deleted) deps.log.info({ deleted }, 'expired idempotency keys deleted');
    },
  }),
];
