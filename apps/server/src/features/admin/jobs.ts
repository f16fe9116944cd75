import type { Deps } from '../../context.ts';
import { defineJob, type Jobs, NO_PAYLOAD } from '../../platform/jobs/define.ts';
import { recordDailyCounts } from './service.ts';

export const DAILY_COUNTS_QUEUE = 'admin-daily-counts';

export const adminJobs: Jobs<Deps> = [
  defineJob({
    queue: DAILY_COUNTS_QUEUE,
    payload: NO_PAYLOAD,
    /** The dashboard's "change since yesterday" compares with the last figures recorded each day. */
    cron: '*/15 * * * *',
    run: (deps: Deps) => recordDailyCounts(deps),
  }),
];
