import type { Deps } from '../../context.ts';
import { defineJob, type Jobs, NO_PAYLOAD } from '../../platform/jobs/define.ts';
import { computeBusinessCohorts } from './cohorts.ts';
import { foldBusinessDays } from './fold.ts';

export const FOLD_QUEUE = 'business-fold-days';
export const COHORTS_QUEUE = 'business-cohorts';

export const businessJobs: Jobs<Deps> = [
  defineJob({
    queue: FOLD_QUEUE,
    payload: NO_PAYLOAD,
    /** The figures over time are at most a few minutes behind the ledger without a read to fold them. */
    cron: '*/5 * * * *',
    run: async (deps: Deps) => {
      await foldBusinessDays(deps);
    },
  }),
  defineJob({
    queue: COHORTS_QUEUE,
    payload: NO_PAYLOAD,
    // One run at a time, and a failed one is simply the next night's.
    policy: { retryLimit: 1, expireInSeconds: 30 * 60 },
    /** Nightly, after the day's last completions and a month's late ledger entries. */
    cron: '30 2 * * *',
    run: (deps: Deps) => computeBusinessCohorts(deps),
  }),
];
