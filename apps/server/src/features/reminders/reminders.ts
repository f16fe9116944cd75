import { localDate, parseClockTime, passedClockTime } from '@core28/core/local-day';
import {
  isWeeklySummaryDay,
  type NotificationKind,
  REMINDER_WINDOW_MINUTES,
  STREAK_AT_RISK_MIN,
  STREAK_AT_RISK_TIME,
  WEEKLY_SUMMARY_TIME,
} from '@core28/core/notifications';
import { PROGRAM_DAYS, programDayOnDate } from '@core28/core/program';
import { and, eq, gt, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Deps } from '../../context.ts';
import { profiles, users } from '../../platform/db/schema.ts';
import type { QueuePolicy } from '../../platform/jobs/queue.ts';
import { isNotAdminSql } from '../auth/service.ts';
import { listSwitchedOff, notify } from '../notifications/service.ts';
import { getProgramState } from '../program/service.ts';
import { getMemberEntitlements } from '../subscriptions/service.ts';
import { streakAtRiskEmail, weeklySummaryEmail, workoutReminderEmail } from './mail.ts';

// The habit reminders. A schedule every minute finds who is due in their own time zone
// and queues one job per member, kind and local date (a singleton key); the job checks again
// (completed since?) and writes the mail with a dedupe key of the same three, so two instances,
// two ticks in one window or a retried job never send twice. The local date is the one whose
// reminder time was passed (passedClockTime), so a 23:59 reminder still in its window at 00:01 is
// the evening before's, not a second mail for the new day.

// The send queue is declared here, beside the sweep that enqueues it: jobs.ts imports this file,
// so this file cannot import jobs.ts (an import cycle).
export const SEND_QUEUE = 'notification-send';
/** A reminder is worth little late: a few quick retries, then it is dropped (the mail queue has its own). */
export const SEND_POLICY: Partial<QueuePolicy> = { retryLimit: 3, retryDelaySeconds: 20, pollingSeconds: 5 };

type ReminderKind = Extract<NotificationKind, 'workout-reminder' | 'streak-at-risk' | 'weekly-summary'>;
const REMINDER_KINDS = [
  'workout-reminder',
  'streak-at-risk',
  'weekly-summary',
] as const satisfies ReminderKind[];
/** One member's reminder of one kind for one local date: the notification-send job's payload. */
export const sendJobPayload = z.object({
  userId: z.string().min(1),
  kind: z.enum(REMINDER_KINDS),
  localDate: z.iso.date(),
});
type DueJob = z.infer<typeof sendJobPayload>;

const STREAK_MINUTE = parseClockTime(STREAK_AT_RISK_TIME) ?? 1200;
const WEEKLY_MINUTE = parseClockTime(WEEKLY_SUMMARY_TIME) ?? 480;
/** Day 29 is the last with anything due (week 4's summary); a few spare days for the zones. */
const LOOKBACK_MS = (PROGRAM_DAYS + 3) * 86_400_000;
/** A job run this long after its local date ended (retries, a short outage) still sends; later, not. */
const LATE_MINUTES = 15;

/**
 * The kinds due for one member at `now`, in their zone, each with the local date it is for (pure:
 * the schedule's rule). A kind is due in the few minutes after its time on that date.
 */
export function dueKinds(
  member: { registrationDate: Date; timeZone: string | null; reminderTime: string },
  now: Date,
): { kind: ReminderKind; localDate: string }[] {
  const passed = (target: number) => passedClockTime(now, target, REMINDER_WINDOW_MINUTES, member.timeZone);
  const dayOn = (date: string) => programDayOnDate(member.registrationDate, date, member.timeZone);
  const rules: [ReminderKind, number | null, (day: number) => boolean][] = [
    ['workout-reminder', parseClockTime(member.reminderTime), (day) => day >= 1 && day <= PROGRAM_DAYS],
    ['streak-at-risk', STREAK_MINUTE, (day) => day > STREAK_AT_RISK_MIN && day <= PROGRAM_DAYS],
    ['weekly-summary', WEEKLY_MINUTE, isWeeklySummaryDay],
  ];
  return rules.flatMap(([kind, target, isDayFor]) => {
    const date = target === null ? null : passed(target);
    return date !== null && isDayFor(dayOn(date)) ? [{ kind, localDate: date }] : [];
  });
}

/** An instant's wall clock in the member's zone, to the minute (a timestamp without zone). */
const localWallSql = (at: Date) =>
  sql`date_trunc('minute', ${at.toISOString()}::timestamptz at time zone coalesce(${profiles.timeZone}, 'UTC'))`;

/**
 * passedClockTime in SQL: the member's clock passed `target` (minutes since midnight), today's or
 * yesterday's, in the reminder window up to `now`.
 */
function passedClockTimeSql(now: Date, target: SQL | number) {
  const to = localWallSql(now);
  const from = localWallSql(new Date(now.getTime() - REMINDER_WINDOW_MINUTES * 60_000));
  const today = sql`(date_trunc('day', ${to}) + ${target} * interval '1 minute')`;
  const yesterday = sql`(${today} - interval '1 day')`;
  return sql`((${from} < ${today} and ${today} <= ${to}) or (${from} < ${yesterday} and ${yesterday} <= ${to}))`;
}

/**
 * The members the schedule looks at now: in the program's weeks, confirmed, not coaches, and with
 * one of the reminder times (their own, the streak's, the summary's) in the window in their zone.
 * dueKinds decides; this narrows 100,000 members to the few whose hour it is, in the database,
 * instead of converting every member's clock in JavaScript each minute (the profile).
 */
export function listReminderCandidates({ db }: Pick<Deps, 'db'>, now: Date) {
  const reminderMinute = sql`(split_part(${profiles.reminderTime}, ':', 1)::int * 60 + split_part(${profiles.reminderTime}, ':', 2)::int)`;
  return db
    .select({
      userId: profiles.userId,
      registrationDate: profiles.registrationDate,
      timeZone: profiles.timeZone,
      reminderTime: profiles.reminderTime,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(
      and(
        eq(users.emailVerified, true),
        gt(profiles.registrationDate, new Date(now.getTime() - LOOKBACK_MS)),
        // The coaches' accounts are not members in the program: no habit mail for them.
        isNotAdminSql(profiles.userId),
        or(
          passedClockTimeSql(now, reminderMinute),
          passedClockTimeSql(now, STREAK_MINUTE),
          passedClockTimeSql(now, WEEKLY_MINUTE),
        ),
      ),
    );
}

/** The schedule (every minute): one job per member and kind that is due now. */
export async function queueDueNotifications(deps: Pick<Deps, 'db' | 'jobs' | 'now'>): Promise<number> {
  const now = deps.now();
  const members = await listReminderCandidates(deps, now);
  const due: DueJob[] = members.flatMap((member) =>
    dueKinds(member, now).map((due) => ({ userId: member.userId, ...due })),
  );
  let queued = 0;
  for (const kind of ['workout-reminder', 'streak-at-risk', 'weekly-summary'] as const) {
    const ofKind = due.filter((job) => job.kind === kind);
    const off = await listSwitchedOff(deps.db, { userIds: ofKind.map((job) => job.userId), kind });
    for (const job of ofKind.filter((job) => !off.has(job.userId))) {
      await deps.jobs.enqueue(SEND_QUEUE, job, {
        singletonKey: `${job.kind}:${job.userId}:${job.localDate}`,
        singletonSeconds: 3600,
      });
      queued++;
    }
  }
  return queued;
}

/**
 * One member's reminder for the job's local date: checked again now, then written once (dedupe
 * key: member, kind, local date).
 */
export async function sendDueNotification(deps: Deps, job: DueJob): Promise<boolean> {
  const now = deps.now();
  // The plan rule at the time the job runs: a plan that ended since it was queued sends nothing.
  if (!(await getMemberEntitlements(deps, { userId: job.userId })).reminders) return false;
  const state = await getProgramState(deps, { userId: job.userId });
  // A job run well after its date ended (a long outage) is about a day that is over.
  const late = new Date(now.getTime() - LATE_MINUTES * 60_000);
  if (![localDate(now, state.timeZone), localDate(late, state.timeZone)].includes(job.localDate))
    return false;
  const dayNumber = programDayOnDate(new Date(state.registrationDate), job.localDate, state.timeZone);
  const isDayDone = state.completions.some((c) => c.day === dayNumber);
  const url = (path: string) => `${deps.config.publicUrl}${path}`;
  const dedupeKey = `${job.kind}:${job.userId}:${job.localDate}`;
  const send = (build: Parameters<typeof notify>[2]['build']) =>
    notify(deps, deps.db, { userId: job.userId, kind: job.kind, dedupeKey, build });

  if (job.kind === 'workout-reminder') {
    const day = state.plan.find((p) => p.day === dayNumber);
    if (dayNumber > PROGRAM_DAYS || isDayDone || !day) return false;
    return send((to) =>
      workoutReminderEmail({ ...to, day, sessionUrl: url(`/program/day/${day.day}/session`) }),
    );
  }
  if (job.kind === 'streak-at-risk') {
    // The streak is tonight's: a job for another day (it turned since) has nothing to say.
    if (dayNumber !== state.currentDay || isDayDone || state.stats.currentStreak < STREAK_AT_RISK_MIN)
      return false;
    return send((to) =>
      streakAtRiskEmail({
        ...to,
        streak: state.stats.currentStreak,
        day: state.currentDay,
        sessionUrl: url(`/program/day/${state.currentDay}/session`),
      }),
    );
  }
  if (!isWeeklySummaryDay(dayNumber)) return false;
  const week = (dayNumber - 1) / 7;
  return send((to) => weeklySummaryEmail({ ...to, week, state, progressUrl: url('/progress') }));
}
