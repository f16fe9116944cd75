import { isWellnessFalling } from '@core28/core/admin';
import { localDate } from '@core28/core/local-day';
import { programStats } from '@core28/core/program';
import {
  type ProgramLevel,
  type RoundStanding,
  type RoundStatus,
  readRound,
  roundDayNumber,
  roundFinishedOn,
} from '@core28/core/rounds';
import { eq, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Deps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import {
  exerciseProgress,
  memberProgress,
  profiles,
  programs,
  rounds,
  wellnessTracking,
  workoutCompletions,
} from '../../platform/db/schema.ts';

/** A member's current round as PostgreSQL answers it (roundJson). */
export type RoundRow = {
  id: number;
  number: number;
  startedAt: string;
  programId: number;
  slug: string;
  name: string;
  level: ProgramLevel;
  days: number;
  circuit: boolean;
  /** Earlier rounds of the same program (a repeat is harder, core rounds.ts). */
  earlier: number;
};

/** The member's current round and its program, as one JSON value (null: no round). */
export const roundJson = (userId: SQL | Placeholder) => sql<RoundRow | null>`(
  select json_build_object('id', r.id, 'number', r.number,
    'startedAt', to_char(r.started_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'programId', p.id, 'slug', p.slug, 'name', p.name, 'level', p.level, 'days', p.days, 'circuit', p.circuit,
    'earlier', (select count(*)::int from rounds e
      where e.user_id = r.user_id and e.program_id = r.program_id and e.number < r.number))
  from rounds r join programs p on p.id = r.program_id
  where r.user_id = ${userId} order by r.number desc limit 1)`;

export type ProgramDay = {
  registrationDate: Date;
  timeZone: string | null;
  /** spec §4 Program day, in the current round: 1..its length. */
  currentDay: number;
  /** The round's calendar day, not clamped (after its last day it goes on). */
  dayNumber: number;
  round: Omit<RoundRow, 'startedAt'> & { startedAt: Date };
};

/**
 * The one place a profile and its current round become a program day (the single member and the
 * coach's lists), counted from the round's start in the member's own time zone (docs/decisions/0014,
 * 0026): for round 1, spec §4's days since registration.
 */
export function programDayOf(
  profile: { registrationDate: Date; timeZone: string | null; round: RoundRow | null },
  now: Date,
): ProgramDay {
  if (!profile.round) throw new AppError('NOT_FOUND', 'Profile not found');
  const startedAt = new Date(profile.round.startedAt);
  const dayNumber = roundDayNumber(startedAt, now, profile.timeZone);
  return {
    registrationDate: profile.registrationDate,
    timeZone: profile.timeZone,
    currentDay: Math.min(profile.round.days, Math.max(1, dayNumber)),
    dayNumber,
    round: { ...profile.round, startedAt },
  };
}

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
        timeZone: profiles.timeZone,
        roundId: memberProgress.roundId,
        roundStartedAt: memberProgress.roundStartedAt,
        roundDays: memberProgress.roundDays,
        registrationDate: profiles.registrationDate,
        // The current round's number and program: joined here, not asked per member.
        roundNumber: rounds.number,
        programSlug: programs.slug,
        programName: programs.name,
      })
      .from(profiles)
      .leftJoin(memberProgress, eq(memberProgress.userId, profiles.userId))
      .leftJoin(rounds, eq(rounds.id, memberProgress.roundId))
      .leftJoin(programs, eq(programs.id, rounds.programId))
      .where(inArray(profiles.userId, userIds)),
    deps.db
      .select({
        userId: workoutCompletions.userId,
        roundId: workoutCompletions.roundId,
        day: workoutCompletions.dayNumber,
        at: workoutCompletions.completedAt,
      })
      .from(workoutCompletions)
      .where(inArray(workoutCompletions.userId, userIds)),
    deps.db
      .select({
        userId: exerciseProgress.userId,
        roundId: exerciseProgress.roundId,
        day: exerciseProgress.dayNumber,
        totalSeconds: exerciseProgress.totalTimeSeconds,
        reps: exerciseProgress.repetitionsCompleted,
      })
      .from(exerciseProgress)
      .where(inArray(exerciseProgress.userId, userIds)),
    deps.db
      .select({
        userId: wellnessTracking.userId,
        roundId: wellnessTracking.roundId,
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
    const length = profile.roundDays ?? 28;
    const dayNumber = roundDayNumber(
      profile.roundStartedAt ?? profile.registrationDate,
      now,
      profile.timeZone,
    );
    const currentDay = Math.min(length, Math.max(1, dayNumber));
    // The current round's rows; the last session and wellness may be of an earlier round.
    const own = <T extends { userId: string; roundId: number; day: number }>(rows: T[]) =>
      rows.filter((r) => r.roundId === profile.roundId).sort((a, b) => a.day - b.day);
    const completions = own(completionRows);
    const days = completions.map((c) => c.day);
    const reading = readRound(days, { length, dayNumber });
    const wellness = own(wellnessRows);
    const lastCompletion = [...completions].sort((a, b) => a.at.getTime() - b.at.getTime()).at(-1);
    const lastResult = lastCompletion && own(resultRows).find((r) => r.day === lastCompletion.day);
    const lastWellness = wellness.at(-1);
    const lastDay = completions.find((c) => c.day === length);
    const startedAt = profile.roundStartedAt ?? profile.registrationDate;
    const finishedOn = roundFinishedOn(reading, {
      startedAt,
      length,
      lastDayCompletedOn: lastDay ? localDate(lastDay.at, profile.timeZone) : null,
      timeZone: profile.timeZone,
    });
    summaries.set(profile.userId, {
      currentDay,
      roundStatus: reading.status,
      round: {
        number: profile.roundNumber ?? 1,
        program: {
          slug: profile.programSlug ?? 'core28',
          name: profile.programName ?? 'Core28',
          days: length,
        },
        status: reading.status,
        currentDay,
        lastCompletedDay: reading.lastCompletedDay,
        finishedOn,
      },
      streak: reading.streak,
      completedDays: programStats(days, currentDay, { length }).totalWorkouts,
      missedInARow: reading.missedInARow,
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
  roundStatus: RoundStatus;
  /** The current round: its program and number, and where the member stands (core roundStandingLabel). */
  round: RoundStanding;
  streak: number;
  completedDays: number;
  missedInARow: number;
  wellnessFalling: boolean;
  lastSession: { day: number; at: string; totalSeconds: number | null; reps: number | null } | null;
  lastWellness: { day: number; feeling: number; energy: number } | null;
};

// ---- the same figures in SQL, for the coach's filters over every member (docs/decisions/0016) ----
// Twins of programDayOf and core readRound's missed days, over member_progress's copy of each
// member's current round (round_started_at, round_days, completed_mask), so a list of 100,000
// members is filtered and sorted by the database. Keep them in step: summaries.test.ts compares
// the two on seeded members.

/** The round's calendar day, not clamped: whole days since its start in the member's zone, plus one. */
export const roundDayNumberSql = (startedAt: SQL | AnyPgColumn, timeZone: SQL | AnyPgColumn, now: Date) =>
  sql<number>`(((${now.toISOString()}::timestamptz at time zone coalesce(${timeZone}, 'UTC'))::date
    - (${startedAt} at time zone coalesce(${timeZone}, 'UTC'))::date) + 1)`;

/** spec §4 Program day inside the round: the same, clamped to 1..the round's length. */
export const programDaySql = (
  startedAt: SQL | AnyPgColumn,
  timeZone: SQL | AnyPgColumn,
  now: Date,
  days: SQL | AnyPgColumn | number = 28,
) => sql<number>`least(${days}, greatest(1, ${roundDayNumberSql(startedAt, timeZone, now)}))`;

/**
 * Days before today not trained, back to the last completed day of the round (calendar days, so
 * they go on counting after its end), from its completed days as bits (day d is bit d-1). The last
 * completed day before today is the highest bit below today's: log2 in float8, exact for up to 42
 * bits with the 1e-13 nudge (log2(2^42 - 1) is 3.3e-13 under 42; float8's error there is ~1e-14).
 */
export const missedInARowSql = (
  mask: SQL | AnyPgColumn,
  startedAt: SQL | AnyPgColumn,
  timeZone: SQL | AnyPgColumn,
  now: Date,
) => {
  const day = sql`greatest(1, ${roundDayNumberSql(startedAt, timeZone, now)})`;
  const before = sql`(coalesce(${mask}, 0) & ((1::bigint << least(${day} - 1, 62)) - 1))`;
  return sql<number>`(${day} - 1 - case when ${before} = 0 then 0
    else floor(ln(${before}::float8) / ln(2::float8) + 1e-13)::int + 1 end)`;
};

/** missedInARow >= n, as a filter: the n days before today all not trained (bits only). */
export const missedAtLeastSql = (
  mask: SQL | AnyPgColumn,
  startedAt: SQL | AnyPgColumn,
  timeZone: SQL | AnyPgColumn,
  now: Date,
  n: number,
) => {
  const day = roundDayNumberSql(startedAt, timeZone, now);
  // The outer coalesce changes no answer: the planner then takes half the members to match rather
  // than 0.5 % (its guess for "expression = 0"), so "the newest 20 who missed" walks the
  // registration index and stops, instead of joining every member first. Days past bit 62 hold
  // no completion.
  return sql<boolean>`coalesce(${day} - 1 >= ${n}
    and (${day} - 1 - ${n} > 62 or coalesce(${mask}, 0) & (((1::bigint << ${n}) - 1) << (${day} - 1 - ${n})) = 0), false)`;
};

/**
 * Days missed in a row from the member list's kept key (member_list_keys, migration 0033): the
 * local dates of the current round's three highest completed days (day 0's for each missing). The
 * last completed day before today is the first of them before today. Two may not be: today's own
 * (it hides nothing before it), and one ahead of today after a zone change (a day is completed up
 * to today, and the same instant is at most one round day apart in two zones), so three reach it.
 * Null without a round: 0 missed, as missedInARowSql.
 */
export const missedFromKeysSql = (
  keys: { top: SQL | AnyPgColumn; second: SQL | AnyPgColumn; third: SQL | AnyPgColumn },
  today: SQL,
) =>
  sql<number>`greatest(0, ${today} - 1 - case when ${keys.top} < ${today} then ${keys.top}
    when ${keys.second} < ${today} then ${keys.second} else ${keys.third} end)`;

/** Today's date in a member's zone (null: UTC), as the SQL twins above count it. */
export const localTodaySql = (timeZone: SQL | AnyPgColumn, now: Date) =>
  sql`(${now.toISOString()}::timestamptz at time zone coalesce(${timeZone}, 'UTC'))::date`;

// Wellness falling in SQL is member_progress.wellness_falling, a column generated from the last three
// wellness values the trigger keeps (schema.ts), so the planner has statistics and an index for it.
