import type { Deps } from '../../context.ts';
import { defineJob, type Jobs, NO_PAYLOAD } from '../../platform/jobs/define.ts';
import { recordTimeBasedEnds } from './ledger-sweep.ts';
import { mailEndingTrials, tellEndingPlans } from './mail.ts';
import { mailEndedPlans } from './plan-ended.ts';

export const TRIAL_ENDING_QUEUE = 'trial-ending-sweep';
export const PLAN_ENDED_QUEUE = 'plan-ended-sweep';
export const LEDGER_ENDS_QUEUE = 'plan-ledger-ends';

export const subscriptionJobs: Jobs<Deps> = [
  defineJob({
    queue: TRIAL_ENDING_QUEUE,
    payload: NO_PAYLOAD,
    cron: '7 * * * *',
    run: async (deps: Deps) => {
      const mailed = await mailEndingTrials(deps);
      if (mailed) deps.log.info({ mailed }, 'trial-ending e-mails written');
      const told = await tellEndingPlans(deps);
      if (told) deps.log.info({ told }, 'plan-ending items written');
    },
  }),
  defineJob({
    queue: PLAN_ENDED_QUEUE,
    payload: NO_PAYLOAD,
    /** One last mail when a plan ends (docs/decisions/0021). */
    cron: '27 * * * *',
    run: async (deps: Deps) => {
      const mailed = await mailEndedPlans(deps);
      if (mailed) deps.log.info({ mailed }, 'plan-ended e-mails written');
    },
  }),
  defineJob({
    queue: LEDGER_ENDS_QUEUE,
    payload: NO_PAYLOAD,
    /** Trials, graces and unrenewed periods that ran out, into the plan ledger (ledger-sweep.ts). */
    cron: '*/5 * * * *',
    run: async (deps: Deps) => {
      const written = await recordTimeBasedEnds(deps);
      if (written) deps.log.info({ written }, 'plan ledger: ends written');
    },
  }),
];
