import type { Deps } from './context.ts';
import { adminJobs } from './features/admin/jobs.ts';
import { authJobs } from './features/auth/jobs.ts';
import { businessJobs } from './features/business/jobs.ts';
import { coachingJobs } from './features/coaching/jobs.ts';
import { notificationJobs } from './features/notifications/jobs.ts';
import { reminderJobs } from './features/reminders/jobs.ts';
import { seatJobs } from './features/seats/jobs.ts';
import { subscriptionJobs } from './features/subscriptions/jobs.ts';
import { getMemberEntitlements } from './features/subscriptions/service.ts';
import type { Jobs } from './platform/jobs/define.ts';
import { idempotencyKeyJobs } from './platform/jobs/idempotency-keys.ts';
import { mailJobs } from './platform/mail/jobs.ts';

// Every queue and schedule of the server, registered at start by main.ts and by the test harness.
// Each owner declares its queues, payloads, retry policies and crons in its own jobs.ts; pg-boss
// runs each job on one instance and fires each schedule once, however many instances run.

const ALL_JOBS: Jobs<Deps>[] = [
  mailJobs,
  idempotencyKeyJobs,
  adminJobs,
  authJobs,
  businessJobs,
  coachingJobs,
  notificationJobs(getMemberEntitlements),
  reminderJobs,
  subscriptionJobs,
  seatJobs,
];

/** Queues that run on a schedule (cron, UTC), from the owners' jobs.ts. */
export const SCHEDULES: Readonly<Record<string, string>> = Object.fromEntries(
  ALL_JOBS.flat().flatMap(({ queue, cron }) => (cron ? [[queue, cron]] : [])),
);

export async function registerJobs(deps: Deps) {
  for (const { queue, payload, policy, run } of ALL_JOBS.flat()) {
    await deps.jobs.work(queue, payload, (data, job) => run(deps, data as never, job), policy);
    // Each queue registered here shows its completed, retried and failed counts from 0 on.
    deps.metrics.countJobsOf(queue);
  }
  for (const [queue, cron] of Object.entries(SCHEDULES)) deps.jobs.schedule(queue, cron);
  // Jobs an earlier release left waiting in pg-boss 10's schema run here, once (docs/decisions/0025).
  await deps.jobs.takeOverEarlierJobs();
}
