import { z } from 'zod';
import type { Deps } from './context.ts';
import { recordDailyCounts } from './features/admin/service.ts';
import { deleteExpiredAuthRecords } from './features/auth/service.ts';
import { mailUnreadCoaching } from './features/coaching/unread-mail.ts';
import { sendPushOfKind } from './features/notifications/push-send.ts';
import {
  DUE_QUEUE,
  queueDueNotifications,
  SEND_POLICY,
  SEND_QUEUE,
  sendDueNotification,
} from './features/notifications/reminders.ts';
import { PUSH_QUEUE, type PushJob } from './features/notifications/service.ts';
import { mailEndingTrials } from './features/subscriptions/mail.ts';
import { mailEndedPlans } from './features/subscriptions/plan-ended.ts';
import { deleteExpiredIdempotencyKeys } from './platform/db/idempotency.ts';
import type { JobQueue } from './platform/jobs/queue.ts';
import { deleteOldSentMail, deliverOutboxMail, MAIL_POLICY, MAIL_QUEUE } from './platform/mail/outbox.ts';

// Every queue and schedule of the server, registered at start by main.ts and by the
// test harness. Each handler is its feature's service function; pg-boss runs each job on one
// instance and fires each schedule once, however many instances run.

const NO_PAYLOAD = z.object({}).nullish();

/** Queues that run on a schedule (cron, UTC). */
export const SCHEDULES = {
  /** The dashboard's "change since yesterday" compares with the last figures recorded each day. */
  'admin-daily-counts': '*/15 * * * *',
  'trial-ending-sweep': '7 * * * *',
  /** One last mail when a plan ends (docs/decisions/0021). */
  'plan-ended-sweep': '27 * * * *',
  /** Expired sessions and tokens, old rate-limit rows, sent mail after 30 days. */
  cleanup: '17 3 * * *',
  /** Idempotency keys are kept a day (platform/db/idempotency.ts). */
  'idempotency-keys-cleanup': '37 * * * *',
  /** Who is due a reminder now, in their own time zone (one job per member and kind). */
  [DUE_QUEUE]: '* * * * *',
  /** Coaching messages unread for NOTIFY_UNREAD_AFTER_MINUTES. */
  'coaching-unread-mail': '* * * * *',
} as const;

export async function registerJobs(deps: Deps) {
  const { log, metrics } = deps;
  // Each queue registered here shows its completed, retried and failed counts from 0 on.
  const jobs: Pick<JobQueue, 'work' | 'schedule'> = {
    work: async (queue, payload, handler, policy) => {
      await deps.jobs.work(queue, payload, handler, policy);
      metrics.countJobsOf(queue);
    },
    schedule: (queue, cron) => deps.jobs.schedule(queue, cron),
  };
  await jobs.work(
    MAIL_QUEUE,
    z.object({ outboxId: z.uuid() }),
    (data, run) => deliverOutboxMail(deps, { outboxId: data.outboxId, isLastAttempt: run.isLastAttempt }),
    MAIL_POLICY,
  );
  await jobs.work('admin-daily-counts', NO_PAYLOAD, () => recordDailyCounts(deps));
  await jobs.work('trial-ending-sweep', NO_PAYLOAD, async () => {
    const mailed = await mailEndingTrials(deps);
    if (mailed) log.info({ mailed }, 'trial-ending e-mails written');
  });
  await jobs.work('plan-ended-sweep', NO_PAYLOAD, async () => {
    const mailed = await mailEndedPlans(deps);
    if (mailed) log.info({ mailed }, 'plan-ended e-mails written');
  });
  await jobs.work('cleanup', NO_PAYLOAD, async () => {
    const auth = await deleteExpiredAuthRecords(deps);
    const sentMail = await deleteOldSentMail(deps);
    // Finished jobs: pg-boss's own supervision deletes them a week after they end (platform/jobs/queue.ts).
    log.info({ ...auth, sentMail }, 'clean-up done');
  });
  await jobs.work('idempotency-keys-cleanup', NO_PAYLOAD, async () => {
    const deleted = await deleteExpiredIdempotencyKeys(deps);
    if (deleted) log.info({ deleted }, 'expired idempotency keys deleted');
  });
  await jobs.work(DUE_QUEUE, NO_PAYLOAD, async () => {
    const queued = await queueDueNotifications(deps);
    if (queued) log.info({ queued }, 'reminders queued');
  });
  await jobs.work(
    SEND_QUEUE,
    z.custom<Parameters<typeof sendDueNotification>[1]>(),
    async (data) => {
      await sendDueNotification(deps, data);
    },
    SEND_POLICY,
  );
  await jobs.work('coaching-unread-mail', NO_PAYLOAD, async () => {
    const mailed = await mailUnreadCoaching(deps);
    if (mailed) log.info({ mailed }, 'unread coaching e-mails written');
  });
  // A notification the member chose to get as push (features/notifications).
  await jobs.work(PUSH_QUEUE, z.custom<PushJob>(), async ({ kind, ...message }) => {
    await sendPushOfKind(deps, { kind, ...message });
  });
  for (const [queue, cron] of Object.entries(SCHEDULES)) jobs.schedule(queue, cron);
  // Jobs an earlier release left waiting in pg-boss 10's schema run here, once (docs/decisions/0025).
  await deps.jobs.takeOverEarlierJobs();
}
