import { localDate, localDayStart } from '@core28/core/local-day';
import type { FitnessLevel } from '@core28/core/profile';
import { achievements, canLogResults, canLogWellness, programDays, programStats } from '@core28/core/program';
import type { DayResultInput, FinishSessionInput, WellnessInput } from '@core28/core/program-schemas';
import { readRound, roundFinishedOn } from '@core28/core/rounds';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { once } from '../../platform/db/idempotency.ts';
import type { DbOrTx } from '../../platform/db/index.ts';
import { prepared } from '../../platform/db/prepared.ts';
import {
  exerciseProgress,
  profiles,
  wellnessTracking,
  workoutCompletions,
} from '../../platform/db/schema.ts';
import { insertCompletion, upsertResult, upsertWellness } from './day-writes.ts';
import { currentRoundSql, findMemberProgramDay, memberDaySession, memberPlanJson, planOf } from './days.ts';
import { addCompletionNews } from './news.ts';
import { type ProgramDay, programDayOf, roundJson } from './summaries.ts';

// What other features use of the program days (exercises: the member's list and today's exercise;
// reminders and the calendar feed: a member's day N). Always through these, never program_exercises.
export { findMemberProgramDay, listMemberProgramDays } from './days.ts';

export {
  listProgramSummaries,
  localTodaySql,
  missedAtLeastSql,
  missedFromKeysSql,
  missedInARowSql,
  type ProgramSummary,
  programDaySql,
} from './summaries.ts';

type Member = { userId: string };

/** An optional Idempotency-Key (idempotency.ts): the same key again answers the first answer. */
type Keyed = { key: string | null };

/**
 * The member's program day (spec §4), from the one profile read a request makes: counted in the
 * member's own time zone (docs/decisions/0014), so every caller (streaks, missed days,
 * today) follows the member's day.
 */
export async function getProgramDay(deps: Pick<Deps, 'db' | 'now'>, { userId }: Member): Promise<ProgramDay> {
  const [profile] = await prepared(deps.db, profileDayStatement).execute({ userId });
  if (!profile) throw new AppError('NOT_FOUND', 'Profile not found');
  return programDayOf(profile, deps.now());
}

const profileDayStatement = (db: DbOrTx) =>
  db
    .select({
      registrationDate: profiles.registrationDate,
      timeZone: profiles.timeZone,
      round: roundJson(sql.placeholder('userId')),
    })
    .from(profiles)
    .where(eq(profiles.userId, sql.placeholder('userId')))
    .prepare('core28_profile_day');

/** The member's whole program (spec §3 program stats, §9 achievements): one statement. */
export async function getProgramState(deps: Pick<Deps, 'db' | 'now'>, { userId }: Member) {
  const read = await readMemberProgram(deps.db, userId);
  return programState({ ...read, day: programDayOf(read, deps.now()) });
}

/** The same after a write, with the day already known (on the write's transaction, if any). */
async function readProgramState(db: DbOrTx, { userId, day }: Member & { day: ProgramDay }) {
  return programState({ ...(await readMemberProgram(db, userId)), day });
}

type Completion = { day: number; completedAt: string };
type Result = { day: number; totalSeconds: number; reps: number };
type Wellness = { day: number; feeling: number; energy: number };

/**
 * The member's profile day, completions, results, wellness and plan in one prepared
 * statement (one round trip instead of six), each list built as JSON in day order by PostgreSQL.
 * `completedAt` is formatted as JavaScript's toISOString would (UTC, milliseconds, 'Z').
 */
async function readMemberProgram(db: DbOrTx, userId: string) {
  const [rows] = await prepared(db, memberProgramStatement).execute({ userId });
  if (!rows) throw new AppError('NOT_FOUND', 'Profile not found');
  return rows;
}

const listOf = <T>(query: SQL) => sql<T[]>`coalesce((${query}), '[]'::json)`;
/** The member in every subquery: the placeholder, never profiles.user_id (see memberPlanJson). */
const member = sql.placeholder('userId');
/** Their current round: PostgreSQL runs this uncorrelated subquery once per statement. */
const round = currentRoundSql(member);

const memberProgramStatement = (db: DbOrTx) =>
  db
    .select({
      registrationDate: profiles.registrationDate,
      timeZone: profiles.timeZone,
      round: roundJson(member),
      fitnessLevel: profiles.fitnessLevel,
      completions: listOf<Completion>(
        sql`select json_agg(json_build_object('day', w.day_number,
              'completedAt', to_char(w.completed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
              order by w.day_number)
            from ${workoutCompletions} w where w.round_id = ${round}`,
      ),
      results: listOf<Result>(
        sql`select json_agg(json_build_object('day', r.day_number, 'totalSeconds', r.total_time_seconds,
              'reps', r.repetitions_completed) order by r.day_number)
            from ${exerciseProgress} r where r.round_id = ${round}`,
      ),
      wellness: listOf<Wellness>(
        sql`select json_agg(json_build_object('day', t.day_number, 'feeling', t.feeling_rating,
              'energy', t.energy_level) order by t.day_number)
            from ${wellnessTracking} t where t.round_id = ${round}`,
      ),
      plan: memberPlanJson(member),
    })
    .from(profiles)
    .where(eq(profiles.userId, member))
    .prepare('core28_member_program');

function programState(read: {
  day: ProgramDay;
  completions: Completion[];
  results: Result[];
  wellness: Wellness[];
  plan: Parameters<typeof planOf>[0];
  fitnessLevel: FitnessLevel | null;
}) {
  const { registrationDate, currentDay, timeZone, round } = read.day;
  const length = round.days;
  const days = read.completions.map((c) => c.day);
  const reading = readRound(days, { length, dayNumber: read.day.dayNumber });
  const lastDay = read.completions.find((c) => c.day === length);
  const finishedOn = roundFinishedOn(reading, {
    startedAt: round.startedAt,
    length,
    lastDayCompletedOn: lastDay ? localDate(new Date(lastDay.completedAt), timeZone) : null,
    timeZone,
  });
  return {
    currentDay,
    registrationDate: registrationDate.toISOString(),
    /** The zone the day is counted in (null: UTC); the web turns the page at its midnight. */
    timeZone,
    completions: read.completions,
    results: read.results,
    wellness: read.wellness,
    days: programDays(days, currentDay, length),
    stats: programStats(days, currentDay, { length, streak: reading.streak }),
    achievements: achievements(days, currentDay, length),
    plan: planOf(read.plan, {
      fitnessLevel: read.fitnessLevel,
      roundNumber: round.number,
      earlierRoundsOfProgram: round.earlier,
    }),
    /** The member's current round of a program (docs/decisions/0026). */
    round: {
      id: round.id,
      number: round.number,
      startedAt: round.startedAt.toISOString(),
      program: {
        id: round.programId,
        slug: round.slug,
        name: round.name,
        level: round.level,
        days: length,
        circuit: round.circuit,
      },
      status: reading.status,
      dayNumber: reading.dayNumber,
      lastCompletedDay: reading.lastCompletedDay,
      missedInARow: reading.missedInARow,
      finishedOn,
    },
  };
}

/** Whose a day's rows are: the member, their current round and its program. */
const ownerOf = (userId: string, { round }: Pick<ProgramDay, 'round'>) => ({
  userId,
  roundId: round.id,
  programId: round.programId,
});

const notStartedYet = (day: number) => new AppError('BAD_REQUEST', `Day ${day} has not started yet`);

/** A day past the round's program (the schemas allow any program's 42 days) is not one of its days. */
export function assertDayOfRound(day: number, { round }: Pick<ProgramDay, 'round'>) {
  if (day > round.days)
    throw new AppError('BAD_REQUEST', `Day must be a whole number from 1 to ${round.days}`);
}

/** spec §4: a completion is an insert, never undone; refused for a future day and twice. */
export async function completeDay(deps: Deps, { userId, day, key }: Member & Keyed & { day: number }) {
  const programDay = await getProgramDay(deps, { userId });
  assertDayOfRound(day, programDay);
  return once(deps, { userId, key, route: 'complete', input: { day } }, async (db) => {
    if (day > programDay.currentDay) throw notStartedYet(day);
    const owner = ownerOf(userId, programDay);
    if (!(await insertCompletion(db, { ...owner, day, at: deps.now() })))
      throw new AppError('CONFLICT', `Day ${day} is already marked as completed`);
    await addCompletionNews(db, {
      ...owner,
      day,
      currentDay: programDay.currentDay,
      length: programDay.round.days,
      at: deps.now(),
    });
    return readProgramState(db, { userId, day: programDay });
  });
}

export async function saveDayResult(
  deps: Deps,
  { userId, input, key }: Member & Keyed & { input: DayResultInput },
) {
  const day = await getProgramDay(deps, { userId });
  assertDayOfRound(input.day, day);
  return once(deps, { userId, key, route: 'results', input }, async (db) => {
    if (!canLogResults(input.day, day.currentDay))
      throw new AppError('BAD_REQUEST', 'Results can only be saved for past days and today');
    await upsertResult(db, { ...ownerOf(userId, day), input, at: deps.now() });
    return readProgramState(db, { userId, day });
  });
}

export async function saveWellness(
  deps: Deps,
  { userId, input, key }: Member & Keyed & { input: WellnessInput },
) {
  const day = await getProgramDay(deps, { userId });
  assertDayOfRound(input.day, day);
  return once(deps, { userId, key, route: 'wellness', input }, async (db) => {
    if (!canLogWellness(input.day, day.currentDay))
      throw new AppError('BAD_REQUEST', 'Wellness can only be logged for today');
    await upsertWellness(db, { ...ownerOf(userId, day), input, at: deps.now() });
    return readProgramState(db, { userId, day });
  });
}

// ---- the session of a day ----

/** A day's guided session: today or a past day (a replay); a future day is refused. */
export async function getDaySession(deps: Deps, { userId, day }: Member & { day: number }) {
  const programDay = await getProgramDay(deps, { userId });
  const { currentDay, round } = programDay;
  assertDayOfRound(day, programDay);
  if (day > currentDay) throw notStartedYet(day);
  const [memberDay, completion] = await Promise.all([
    findMemberProgramDay(deps.db, { userId, day }),
    deps.db
      .select({ day: workoutCompletions.dayNumber })
      .from(workoutCompletions)
      .where(and(eq(workoutCompletions.roundId, round.id), eq(workoutCompletions.dayNumber, day))),
  ]);
  return {
    day,
    currentDay,
    isToday: day === currentDay,
    isCompleted: completion.length > 0,
    exercise: memberDay.exercise,
    prescription: memberDay.prescription,
    exercises: memberDay.items,
    adjusted: memberDay.adjusted,
    note: memberDay.note,
    round: {
      number: round.number,
      program: { slug: round.slug, name: round.name, days: round.days, circuit: round.circuit },
    },
    ...memberDaySession(memberDay, round.circuit),
  };
}

/**
 * Finishing a session, in one transaction: the day's results (upserted), its wellness when the
 * day is today, and its completion when it is not completed yet. The same key again answers the
 * first answer and writes nothing (the web retries a finish it did not hear back from).
 *
 * docs/decisions/0015: a finish sent late from the offline queue says how long it
 * waited (`queuedMs`), so it counts from when the member pressed Finish: its rows are stamped
 * then, and results or wellness saved after that (the day finished again on another device
 * meanwhile) are kept: of two sessions of one day, the member's later one wins, as online.
 */
export async function finishDay(
  deps: Deps,
  {
    userId,
    day,
    key,
    input,
    queuedMs = 0,
  }: Member & { key: string; day: number; input: FinishSessionInput; queuedMs?: number },
) {
  const programDay = await getProgramDay(deps, { userId });
  const { currentDay } = programDay;
  assertDayOfRound(day, programDay);
  return once(deps, { userId, key, route: 'finish', input: { day, ...input } }, async (tx) => {
    if (day > currentDay) throw notStartedYet(day);
    // Stamped when the member pressed Finish, but never before the round began (round 1's start
    // is the account's creation) nor before that day's own local midnight: a queue's claim of how
    // long it waited cannot date a session into a day that had not started.
    const { startedAt } = programDay.round;
    const earliest = Math.max(
      startedAt.getTime(),
      localDayStart(startedAt, day - 1, programDay.timeZone).getTime(),
    );
    const at = new Date(Math.min(deps.now().getTime(), Math.max(deps.now().getTime() - queuedMs, earliest)));
    const owner = ownerOf(userId, programDay);
    const resultsSaved = await upsertResult(tx, {
      ...owner,
      input: { day, totalSeconds: input.totalSeconds, reps: input.reps },
      at,
      keepNewer: true,
    });
    const { feeling, energy } = input;
    const wellnessSaved =
      feeling !== undefined &&
      energy !== undefined &&
      canLogWellness(day, currentDay) &&
      (await upsertWellness(tx, { ...owner, input: { day, feeling, energy }, at, keepNewer: true }));
    const completedNow = await insertCompletion(tx, { ...owner, day, at });
    if (completedNow)
      await addCompletionNews(tx, { ...owner, day, currentDay, length: programDay.round.days, at });
    const state = await readProgramState(tx, { userId, day: programDay });
    return {
      ...state,
      outcome: { completedNow, wasCompleted: !completedNow, resultsSaved, wellnessSaved },
    };
  });
}
