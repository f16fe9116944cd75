import { isWithinMinutesAfter, localDate, localMinuteOfDay, parseClockTime } from '@core28/core/local-day';
import {
  isWeeklySummaryDay,
  type NotificationKind,
  REMINDER_WINDOW_MINUTES,
  STREAK_AT_RISK_MIN,
  STREAK_AT_RISK_TIME,
  WEEKLY_SUMMARY_TIME,
} from '@core28/core/notifications';
import { PROGRAM_DAYS, programDayNumber } from '@core28/core/program';
import { and, eq, gt, or, type SQL, sql } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { profiles, users } from '../../platform/db/schema.ts';
import type { QueuePolicy } from '../../platform/jobs/queue.ts';
import { isNotAdminSql } from '../auth/service.ts';
import { getProgramState } from '../program/service.ts';
import { streakAtRiskEmail, weeklySummaryEmail, workoutReminderEmail } from './mail.ts';
import { listSwitchedOff, notify } from './service.ts';

// Issue 20: the habit reminders. A schedule every minute finds who is due in their own time zone
// and queues one job per member, kind and local date (a singleton key); the job checks again
// (completed since?) and writes the mail with a dedupe key of the same three, so two instances,
// two ticks in one window or a retried job never send twice.

export const DUE_QUEUE = 'notifications-due';
export const SEND_QUEUE = 'notification-send';
/** A reminder is worth little late: a few quick retries, then it is dropped (the mail queue has its own). */
export const SEND_POLICY: Partial<QueuePolicy> = { retryLimit: 3, retryDelaySeconds: 20, pollingSeconds: 5 };

type ReminderKind = Extract<NotificationKind, 'workout-reminder' | 'streak-at-risk' | 'weekly-summary'>;
type DueJob = { userId: string; kind: ReminderKind; localDate: string };

const STREAK_MINUTE = parseClockTime(STREAK_AT_RISK_TIME) ?? 1200;
const WEEKLY_MINUTE = parseClockTime(WEEKLY_SUMMARY_TIME) ?? 480;
/** Day 29 is the last with anything due (week 4's summary); a few spare days for the zones. */
const LOOKBACK_MS = (PROGRAM_DAYS + 3) * 86_400_000;

/** The kinds due for one member at `now`, in their zone (pure: the schedule's rule). */
export function dueKinds(
  member: { registrationDate: Date; timeZone: string | null; reminderTime: string },
  now: Date,
): ReminderKind[] {
  const day = programDayNumber(member.registrationDate, now, member.timeZone);
  const minute = localMinuteOfDay(now, member.timeZone);
  const isAt = (target: number) => isWithinMinutesAfter(minute, target, REMINDER_WINDOW_MINUTES);
  const kinds: ReminderKind[] = [];
  const reminderMinute = parseClockTime(member.reminderTime);
  if (day >= 1 && day <= PROGRAM_DAYS && reminderMinute !== null && isAt(reminderMinute))
    kinds.push('workout-reminder');
  if (day > STREAK_AT_RISK_MIN && day <= PROGRAM_DAYS && isAt(STREAK_MINUTE)) kinds.push('streak-at-risk');
  if (isWeeklySummaryDay(day) && isAt(WEEKLY_MINUTE)) kinds.push('weekly-summary');
  return kinds;
}

/** `now`'s minute of the day in the member's zone: localMinuteOfDay in SQL. */
const localMinuteSql = (now: Date) => {
  const local = sql`(${now.toISOString()}::timestamptz at time zone coalesce(${profiles.timeZone}, 'UTC'))`;
  return sql`(extract(hour from ${local})::int * 60 + extract(minute from ${local})::int)`;
};

/** isWithinMinutesAfter in SQL: `minute` falls within the reminder window after `target`. */
const isWithinWindowSql = (minute: SQL, target: SQL | number) =>
  sql`((((${minute} - ${target}) % 1440) + 1440) % 1440 < ${REMINDER_WINDOW_MINUTES})`;

/**
 * The members the schedule looks at now: in the program's weeks, confirmed, not coaches, and with
 * one of the reminder times (their own, the streak's, the summary's) in the window in their zone.
 * dueKinds decides; this narrows 100,000 members to the few whose hour it is, in the database,
 * instead of converting every member's clock in JavaScript each minute (issue 23's profile).
 */
export function listReminderCandidates({ db }: Pick<Deps, 'db'>, now: Date) {
  const minute = localMinuteSql(now);
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
          isWithinWindowSql(minute, reminderMinute),
          isWithinWindowSql(minute, STREAK_MINUTE),
          isWithinWindowSql(minute, WEEKLY_MINUTE),
        ),
      ),
    );
}

/** The schedule (every minute): one job per member and kind that is due now. */
export async function queueDueNotifications(deps: Pick<Deps, 'db' | 'jobs' | 'now'>): Promise<number> {
  const now = deps.now();
  const members = await listReminderCandidates(deps, now);
  const due: DueJob[] = members.flatMap((member) =>
    dueKinds(member, now).map((kind) => ({
      userId: member.userId,
      kind,
      localDate: localDate(now, member.timeZone),
    })),
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

/** One member's reminder: checked again now, then written once (dedupe key: member, kind, local date). */
export async function sendDueNotification(deps: Deps, job: DueJob): Promise<boolean> {
  const now = deps.now();
  const state = await getProgramState(deps, { userId: job.userId });
  // A job run after the member's day has turned (a long outage) is about a day that is over.
  if (localDate(now, state.timeZone) !== job.localDate) return false;
  const dayNumber = programDayNumber(new Date(state.registrationDate), now, state.timeZone);
  const isTodayDone = state.completions.some((c) => c.day === state.currentDay);
  const url = (path: string) => `${deps.config.publicUrl}${path}`;
  const dedupeKey = `${job.kind}:${job.userId}:${job.localDate}`;
  const send = (build: Parameters<typeof notify>[2]['build']) =>
    notify(deps, deps.db, { userId: job.userId, kind: job.kind, dedupeKey, build });

  if (job.kind === 'workout-reminder') {
    if (dayNumber > PROGRAM_DAYS || isTodayDone) return false;
    const today = state.plan.find((p) => p.day === state.currentDay);
    if (!today) return false;
    return send((to) =>
      workoutReminderEmail({ ...to, day: today, sessionUrl: url(`/program/day/${today.day}/session`) }),
    );
  }
  if (job.kind === 'streak-at-risk') {
    if (dayNumber > PROGRAM_DAYS || isTodayDone || state.stats.currentStreak < STREAK_AT_RISK_MIN)
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
  const week = (dayNumber - 1) / 7;
  return send((to) => weeklySummaryEmail({ ...to, week, state, progressUrl: url('/progress') }));
}
