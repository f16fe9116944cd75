import type { Entitlements } from '@core28/core/entitlements';
import type { Deps } from '../../context.ts';
import { defineJob, type Jobs } from '../../platform/jobs/define.ts';
import { PUSH_QUEUE, pushJobPayload } from './push-job.ts';
import { sendPushOfKind } from './push-send.ts';

// The push queue is declared where the code that enqueues it can import it (push-job.ts).
export { PUSH_QUEUE };

/**
 * A push asks the plan rule again as it is sent. The rule is read by the subscriptions feature,
 * which itself sends notifications, so it is handed in where every feature's jobs are put
 * together (src/jobs.ts) rather than imported here.
 */
export const notificationJobs = (
  planOf: (deps: Deps, member: { userId: string }) => Promise<Entitlements>,
): Jobs<Deps> => [
  defineJob({
    // A notification the member chose to get as push (service.ts, notify).
    queue: PUSH_QUEUE,
    payload: pushJobPayload,
    run: async (deps: Deps, job) => {
      await sendPushOfKind(deps, job, (userId) => planOf(deps, { userId }));
    },
  }),
];
