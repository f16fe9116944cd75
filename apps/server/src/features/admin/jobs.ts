import type { Deps } from '../../context.ts';
import { defineJob, type Jobs, NO_PAYLOAD } from '../../platform/jobs/define.ts';
import { foldMemberListCounts } from './member-list-keys.ts';
import { recordDailyCounts } from './service.ts';

export const DAILY_COUNTS_QUEUE = 'admin-daily-counts';
export const MEMBER_LIST_FOLD_QUEUE = 'admin-member-list-fold';

export const adminJobs: Jobs<Deps> = [
  defineJob({
    queue: DAILY_COUNTS_QUEUE,
    payload: NO_PAYLOAD,
    /** The dashboard's "change since yesterday" compares with the last figures recorded each day. */
    cron: '*/15 * * * *',
    run: (deps: Deps) => recordDailyCounts(deps),
  }),
  defineJob({
    queue: MEMBER_LIST_FOLD_QUEUE,
    payload: NO_PAYLOAD,
    /** The member list's counters grow by the shards and days written since the last fold. */
    cron: '23 * * * *',
    run: (deps: Deps) => foldMemberListCounts(deps),
  }),
];
