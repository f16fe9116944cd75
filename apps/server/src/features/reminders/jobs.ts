import type { Deps } from '../../context.ts';
import { defineJob, type Jobs, NO_PAYLOAD } from '../../platform/jobs/define.ts';
import {
  queueDueNotifications,
  SEND_POLICY,
  SEND_QUEUE,
  sendDueNotification,
  sendJobPayload,
} from './reminders.ts';

// The send queue is declared where the code that enqueues it can import it (reminders.ts): this
// file imports that code, so it cannot import this file.
export { SEND_QUEUE };

export const DUE_QUEUE = 'notifications-due';

export const reminderJobs: Jobs<Deps> = [
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
];
