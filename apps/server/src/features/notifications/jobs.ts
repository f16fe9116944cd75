import type { Deps } from '../../context.ts';
import { defineJob, type Jobs, NO_PAYLOAD } from '../../platform/jobs/define.ts';
import { PUSH_QUEUE, pushJobPayload } from './push-job.ts';
import { sendPushOfKind } from './push-send.ts';
import {
  queueDueNotifications,
  SEND_POLICY,
  SEND_QUEUE,
  sendDueNotification,
  sendJobPayload,
} from './reminders.ts';

// The send and push queues are declared where the code that enqueues them can import them
// (reminders.ts, push-job.ts): this file imports that code, so it cannot import this file.
export { PUSH_QUEUE, SEND_QUEUE };

export const DUE_QUEUE = 'notifications-due';

export const notificationJobs: Jobs<Deps> = [
  defineJob({
    queue: DUE_QUEUE,
    payload: NO_PAYLOAD,
    /** Who is due a reminder now, in their own time zone (one send job per member and kind). */
    cron: '* * * * *',
    run: async (deps: Deps) => {
      const queued = await queueDueNotifications(deps);
      if (queued) deps.log.info({ queued }, 'reminders queued');
    },
  }),
  defineJob({
    queue: SEND_QUEUE,
    payload: sendJobPayload,
    policy: SEND_POLICY,
    run: async (deps: Deps, job) => {
      await sendDueNotification(deps, job);
    },
  }),
  defineJob({
    // A notification the member chose to get as push (service.ts, notify).
    queue: PUSH_QUEUE,
    payload: pushJobPayload,
    run: async (deps: Deps, job) => {
      await sendPushOfKind(deps, job);
    },
  }),
];
