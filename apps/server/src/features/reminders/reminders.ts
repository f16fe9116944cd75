import { localDate, parseClockTime, passedClockTime } from '@core28/core/local-day';
import {
  isWeeklySummaryDay,
  type NotificationKind,
  REMINDER_WINDOW_MINUTES,
  ROUND_FOLLOW_UP_DAYS,
  roundEndReminderOf,
  STREAK_AT_RISK_MIN,
  STREAK_AT_RISK_TIME,
  WEEKLY_SUMMARY_TIME,
} from '@core28/core/notifications';
import { programDayOnDate } from '@core28/core/program';
import { MAX_PROGRAM_DAYS } from '@core28/core/rounds';
import { and, eq, gt, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Deps } from '../../context.ts';
import { memberProgress, profiles, users } from '../../platform/db/schema.ts';
import type { QueuePolicy } from '../../platform/jobs/queue.ts';
import { isNotAdminSql } from '../auth/service.ts';
import { listSwitchedOff, notify } from '../notifications/service.ts';
import { getProgramState } from '../program/service.ts';
import { getMemberEntitlements } from '../subscriptions/service.ts';
import { roundFinishedEmail, streakAtRiskEmail, weeklySummaryEmail, workoutReminderEmail } from './mail.ts';

// The habit reminders. A schedule every minute finds who is due in their own time zone
// and queues one job per member, kind and local date (a singleton key); the job checks again
// (completed since?) and writes the mail with a dedupe key of the same three, so two instances,
// two ticks in one window or a retried job never send twice. The local date is the one whose
// reminder time was passed (passedClockTime), so a 23:59 reminder still in its window at 00:01 is
// the evening before's, not a second mail for the new day.
// The day a reminder is about is the member's current round's day on that local date, and the
// round's program says how many days there are (docs/decisions/0026). A round's end is told once
// the day after its last day and once a week later, keyed by the round: never twice for one round.

// The send queue is declared here, beside the sweep that enqueues it: jobs.ts imports this file,
// so this file cannot import jobs.ts (an import cycle).
export const SEND_QUEUE = 'notification-send';
/** A reminder is worth little late: a few quick retries, then it is dropped (the mail queue has its own). */
export const SEND_POLICY: Partial<QueuePolicy> = {
  retryLimit: 3,
  retryDelaySeconds: 20,
  pollingSeconds: 5,
  // Each job is a few statements and a write: four at a time keep a popular minute moving.
  concurrency: 4,
  // A killed instance's reminders are run again about a minute later, not after 15 minutes.
  heartbeatSeconds: 20,
};

type ReminderKind = Extract<
  NotificationKind,
  'workout-reminder' | 'streak-at-risk' | 'weekly-summary' | 'round-finished'
>;
const REMINDER_KINDS = [
  'workout-reminder',
  'streak-at-risk',
  'weekly-summary',
  'round-finished',
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
/**
 * The longest program's round-end follow-up is the last day with anything due (day 42 + 8); a few
 * spare days for the zones. Rounds that started earlier are not read at all (an index).
 */
const LOOKBACK_MS = (MAX_PROGRAM_DAYS + 1 + ROUND_FOLLOW_UP_DAYS + 3) * 86_400_000;
/** A job run this long after its local date ended (retries, a short outage) still sends; later, not. */
const LATE_MINUTES = 15;

/**
 * The kinds due for one member at `now`, in their zone, each with the local date it is for (pure:
 * the schedule's rule). A kind is due in the few minutes after its time on that date.
 */
export function dueKinds(
  member: { roundStartedAt: Date; roundDays: number; timeZone: string | null; reminderTime: string },
  now: Date,
): { kind: ReminderKind; localDate: string }[] {
  const passed = (target: number) => passedClockTime(now, target, REMINDER_WINDOW_MINUTES, member.timeZone);
  const dayOn = (date: string) => programDayOnDate(member.roundStartedAt, date, member.timeZone);
  const length = member.roundDays;
  const reminderMinute = parseClockTime(member.reminderTime);
  const rules: [ReminderKind, number | null, (day: number) => boolean][] = [
    ['workout-reminder', reminderMinute, (day) => day >= 1 && day <= length],
    ['streak-at-risk', STREAK_MINUTE, (day) => day > STREAK_AT_RISK_MIN && day <= length],
    ['weekly-summary', WEEKLY_MINUTE, (day) => isWeeklySummaryDay(day, length)],
    ['round-finished', reminderMinute, (day) => roundEndReminderOf(day, length) !== null],
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
 * The members the schedule looks at now: in or just after a round, confirmed, not coaches, and with
 * one of the reminder times (their own, the streak's, the summary's) in the window in their zone.
 * dueKinds decides; this narrows 100,000 members to the few whose hour it is, in the database,
 * instead of converting every member's clock in JavaScript each minute (the profile).
 */
export function listReminderCandidates({ db }: Pick<Deps, 'db'>, now: Date) {
  const reminderMinute = sql`(split_part(${profiles.reminderTime}, ':', 1)::int * 60 + split_part(${profiles.reminderTime}, ':', 2)::int)`;
  return db
    .select({
      userId: profiles.userId,
      // member_progress's copy of the current round, set by the rounds triggers for every profile.
      roundStartedAt: sql<Date>`${memberProgress.roundStartedAt}`.mapWith(memberProgress.roundStartedAt),
      roundDays: memberProgress.roundDays,
      timeZone: profiles.timeZone,
      reminderTime: profiles.reminderTime,
    })
    .from(memberProgress)
    .innerJoin(profiles, eq(profiles.userId, memberProgress.userId))
    .innerJoin(users, eq(users.id, memberProgress.userId))
    .where(
      and(
        eq(users.emailVerified, true),
        gt(memberProgress.roundStartedAt, new Date(now.getTime() - LOOKBACK_MS)),
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

/**
 * The schedule (every minute): one job per member and kind that is due now, sent in batches so
 * that a popular minute (07:00 in a populous zone: tens of thousands) is queued within it.
 */
export async function queueDueNotifications(deps: Pick<Deps, 'db' | 'jobs' | 'now'>): Promise<number> {
  const now = deps.now();
  const members = await listReminderCandidates(deps, now);
  const due: DueJob[] = members.flatMap((member) =>
    dueKinds(member, now).map((due) => ({ userId: member.userId, ...due })),
  );
  let queued = 0;
  for (const kind of REMINDER_KINDS) {
    const ofKind = due.filter((job) => job.kind === kind);
    const off = await listSwitchedOff(deps.db, { userIds: ofKind.map((job) => job.userId), kind });
    queued += await deps.jobs.enqueueMany(
      SEND_QUEUE,
      ofKind
        .filter((job) => !off.has(job.userId))
        .map((job) => ({
          data: job,
          singletonKey: `${job.kind}:${job.userId}:${job.localDate}`,
          singletonSeconds: 3600,
        })),
    );
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
  // The current round's day on the job's date: a round started (or continued) since it was queued
  // makes it another day, which the checks below answer for.
  const { round } = state;
  const length = round.program.days;
  const dayNumber = programDayOnDate(new Date(round.startedAt), job.localDate, state.timeZone);
  const isDayDone = state.completions.some((c) => c.day === dayNumber);
  const url = (path: string) => `${deps.config.publicUrl}${path}`;
  const send = (
    build: Parameters<typeof notify>[2]['build'],
    dedupeKey = `${job.kind}:${job.userId}:${job.localDate}`,
  ) => notify(deps, deps.db, { userId: job.userId, kind: job.kind, dedupeKey, build });
  const program = { slug: round.program.slug, name: round.program.name, days: length };

  if (job.kind === 'workout-reminder') {
    const day = state.plan.find((p) => p.day === dayNumber);
    if (dayNumber > length || isDayDone || !day) return false;
    return send((to) =>
      workoutReminderEmail({ ...to, day, program, sessionUrl: url(`/program/day/${day.day}/session`) }),
    );
  }
  if (job.kind === 'streak-at-risk') {
    // The streak is tonight's: a job for another day (it turned since) has nothing to say.
    if (dayNumber !== state.currentDay || dayNumber > length || isDayDone) return false;
    if (state.stats.currentStreak < STREAK_AT_RISK_MIN) return false;
    return send((to) =>
      streakAtRiskEmail({
        ...to,
        streak: state.stats.currentStreak,
        day: state.currentDay,
        program,
        sessionUrl: url(`/program/day/${state.currentDay}/session`),
      }),
    );
  }
  if (job.kind === 'round-finished') {
    const which = roundEndReminderOf(dayNumber, length);
    // Only a round finished (its last day done, or its date passed with the member on track): a
    // member far behind is offered to continue instead, on /program.
    if (which === null || round.status !== 'finished') return false;
    // One of each per round, whatever the dates: the key is the round's, not the day's.
    return send(
      (to) =>
        roundFinishedEmail({
          ...to,
          which,
          state,
          resultsUrl: url(`/program/rounds/${round.number}`),
        }),
      `round-finished:${job.userId}:${round.id}:${which}`,
    );
  }
  if (!isWeeklySummaryDay(dayNumber, length)) return false;
  const week = (dayNumber - 1) / 7;
  return send((to) => weeklySummaryEmail({ ...to, week, state, progressUrl: url('/progress') }));
}
