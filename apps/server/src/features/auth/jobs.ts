import type { Deps } from '../../context.ts';
import { defineJob, type Jobs, NO_PAYLOAD } from '../../platform/jobs/define.ts';
import { deleteExpiredAuthRecords } from './service.ts';

/**
 * Expired sessions and tokens, old rate-limit rows. The name is the one the whole clean-up had
 * (sent mail is platform/mail/jobs.ts's own queue now): databases already hold its schedule and jobs.
 */
export const CLEANUP_QUEUE = 'cleanup';

export const authJobs: Jobs<Deps> = [
  defineJob({
    queue: CLEANUP_QUEUE,
    payload: NO_PAYLOAD,
    cron: '17 3 * * *',
    run: async (deps: Deps) => {
      const deleted = await deleteExpiredAuthRecords(deps);
      // Finished jobs: pg-boss's own supervision deletes them a week after they end (platform/jobs/queue.ts).
      deps.log.info(deleted, 'clean-up done');
    },
  }),
];
