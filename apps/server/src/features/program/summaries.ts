import { isWellnessFalling } from '@core28/core/admin';
import { currentProgramDay, currentStreak, missedInARow, programStats } from '@core28/core/program';
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Deps } from '../../context.ts';
import {
  exerciseProgress,
  profiles,
  wellnessTracking,
  workoutCompletions,
} from '../../platform/db/schema.ts';

export type ProgramDay = { registrationDate: Date; currentDay: number; timeZone: string | null };

/**
 * The one place a profile becomes a program day (the single member and the coach's lists),
 * counted in the member's own time zone (docs/decisions/0014).
 */
export const programDayOf = (
  profile: { registrationDate: Date; timeZone: string | null },
  now: Date,
): ProgramDay => ({
  registrationDate: profile.registrationDate,
  timeZone: profile.timeZone,
  currentDay: currentProgramDay(profile.registrationDate, now, profile.timeZone),
});

/**
 * Where each member stands, for the coach's lists (members, attention, the chat's
 * panel): program day, streak, days completed, days missed in a row, wellness falling, the last
 * session and wellness. Three queries for any number of members.
 */
export async function listProgramSummaries(
  deps: Pick<Deps, 'db' | 'now'>,
  { userIds }: { userIds: string[] },
) {
  if (userIds.length === 0) return new Map<string, ProgramSummary>();
  const [profileRows, completionRows, resultRows, wellnessRows] = await Promise.all([
    deps.db
      .select({
        userId: profiles.userId,
        registrationDate: profiles.registrationDate,
        timeZone: profiles.timeZone,
      })
      .from(profiles)
      .where(inArray(profiles.userId, userIds)),
    deps.db
      .select({
        userId: workoutCompletions.userId,
        day: workoutCompletions.dayNumber,
        at: workoutCompletions.completedAt,
      })
      .from(workoutCompletions)
      .where(inArray(workoutCompletions.userId, userIds)),
    deps.db
      .select({
        userId: exerciseProgress.userId,
        day: exerciseProgress.dayNumber,
        totalSeconds: exerciseProgress.totalTimeSeconds,
        reps: exerciseProgress.repetitionsCompleted,
      })
      .from(exerciseProgress)
      .where(inArray(exerciseProgress.userId, userIds)),
    deps.db
      .select({
        userId: wellnessTracking.userId,
        day: wellnessTracking.dayNumber,
        feeling: wellnessTracking.feelingRating,
        energy: wellnessTracking.energyLevel,
      })
      .from(wellnessTracking)
      .where(inArray(wellnessTracking.userId, userIds)),
  ]);
  const now = deps.now();
  const summaries = new Map<string, ProgramSummary>();
  for (const profile of profileRows) {
    const { currentDay } = programDayOf(profile, now);
    const own = <T extends { userId: string; day: number }>(rows: T[]) =>
      rows.filter((r) => r.userId === profile.userId).sort((a, b) => a.day - b.day);
    const completions = own(completionRows);
    const days = completions.map((c) => c.day);
    const wellness = own(wellnessRows);
    const lastCompletion = [...completions].sort((a, b) => a.at.getTime() - b.at.getTime()).at(-1);
    const lastResult = lastCompletion && own(resultRows).find((r) => r.day === lastCompletion.day);
    const lastWellness = wellness.at(-1);
    summaries.set(profile.userId, {
      currentDay,
      streak: currentStreak(days, currentDay),
      completedDays: programStats(days, currentDay).totalWorkouts,
      missedInARow: missedInARow(days, currentDay),
      wellnessFalling: isWellnessFalling(wellness),
      lastSession: lastCompletion
        ? {
            day: lastCompletion.day,
            at: lastCompletion.at.toISOString(),
            totalSeconds: lastResult?.totalSeconds ?? null,
            reps: lastResult?.reps ?? null,
          }
        : null,
      lastWellness: lastWellness
        ? { day: lastWellness.day, feeling: lastWellness.feeling, energy: lastWellness.energy }
        : null,
    });
  }
  return summaries;
}

export type ProgramSummary = {
  currentDay: number;
  streak: number;
  completedDays: number;
  missedInARow: number;
  wellnessFalling: boolean;
  lastSession: { day: number; at: string; totalSeconds: number | null; reps: number | null } | null;
  lastWellness: { day: number; feeling: number; energy: number } | null;
};

// ---- the same figures in SQL, for the coach's filters over every member (docs/decisions/0016) ----
// Twins of programDayOf (core currentProgramDay) and core missedInARow (isWellnessFalling's is a column), so a
// list of 100,000 members is filtered and sorted by the database. Keep them in step: a change to
// how a member's day is counted (their time zone) changes programDaySql with
// programDayOf; summaries.test.ts compares the two on seeded members.

/**
 * The member's program day: whole calendar days since registration in the member's time zone
 * (UTC without one), plus one, clamped to 1..28. Time zones are stored only when valid.
 */
export const programDaySql = (registrationDate: SQL | AnyPgColumn, timeZone: SQL | AnyPgColumn, now: Date) =>
  sql<number>`least(28, greatest(1, ((${now.toISOString()}::timestamptz at time zone coalesce(${timeZone}, 'UTC'))::date
    - (${registrationDate} at time zone coalesce(${timeZone}, 'UTC'))::date) + 1))`;

/**
 * Days before today not completed, back to the last completed one, from the member's completed
 * days as bits (member_progress.completed_mask, kept by a trigger; null without a row): the last
 * completed day before today is the highest bit below today's, log2 in float8 (exact below 2^28
 * with the 1e-9 nudge: log2(2^28 - 1) is 5e-9 under 28).
 */
export const missedInARowSql = (
  mask: SQL | AnyPgColumn,
  registrationDate: SQL | AnyPgColumn,
  timeZone: SQL | AnyPgColumn,
  now: Date,
) => {
  const day = programDaySql(registrationDate, timeZone, now);
  const before = sql`(coalesce(${mask}, 0) & ((1 << (${day} - 1)) - 1))`;
  return sql<number>`(${day} - 1 - case when ${before} = 0 then 0
    else floor(ln(${before}::float8) / ln(2::float8) + 1e-9)::int + 1 end)`;
};

/** missedInARow >= n, as a filter: the n days before today all not completed (bits only). */
export const missedAtLeastSql = (
  mask: SQL | AnyPgColumn,
  registrationDate: SQL | AnyPgColumn,
  timeZone: SQL | AnyPgColumn,
  now: Date,
  n: number,
) => {
  const day = programDaySql(registrationDate, timeZone, now);
  // The outer coalesce changes no answer: the planner then takes half the members to match rather
  // than 0.5 % (its guess for "expression = 0"), so "the newest 20 who missed" walks the
  // registration index and stops, instead of joining every member first.
  return sql<boolean>`coalesce(${day} - 1 >= ${n}
    and coalesce(${mask}, 0) & (((1 << ${n}) - 1) << (${day} - 1 - ${n})) = 0, false)`;
};

// Wellness falling in SQL is member_progress.wellness_falling, a column generated from the last three
// wellness values the trigger keeps (schema.ts), so the planner has statistics and an index for it.
