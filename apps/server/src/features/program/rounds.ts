import { type Entitlements, has, isRoundOfPlan, mayTrainRound } from '@core28/core/entitlements';
import { localDate } from '@core28/core/local-day';
import { type RoundRecord, roundResults } from '@core28/core/round-results';
import { CORE28_SLUG, continuedStart, readRound, roundFinishedOn } from '@core28/core/rounds';
import { estimatedDaySeconds } from '@core28/core/session-plan';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { once } from '../../platform/db/idempotency.ts';
import type { DbOrTx } from '../../platform/db/index.ts';
import {
  exerciseProgress,
  exercises,
  programExercises,
  programs,
  rounds,
  wellnessTracking,
  workoutCompletions,
} from '../../platform/db/schema.ts';
import { planRequiredError } from '../subscriptions/entitlements.ts';
import { listRoundPlan } from './days.ts';
import { getProgramDay, getProgramState } from './service.ts';

// A member's rounds (docs/decisions/0026): the library of programs, starting the next round (or
// another program, or the same again), continuing after a break, and a finished round's results.

type Member = { userId: string };
type Keyed = { key: string | null };

/** The published programs, in the library's order, with what each asks of a day and of the plan. */
export async function listPrograms(
  deps: Pick<Deps, 'db' | 'now'>,
  { userId, entitlements }: Member & { entitlements: Entitlements },
) {
  const [rows, items, { round }] = await Promise.all([
    deps.db
      .select({
        id: programs.id,
        slug: programs.slug,
        name: programs.name,
        level: programs.level,
        days: programs.days,
        description: programs.description,
      })
      .from(programs)
      .where(eq(programs.status, 'published'))
      .orderBy(asc(programs.position), asc(programs.id)),
    deps.db
      .select({
        programId: programExercises.programId,
        day: programExercises.day,
        category: exercises.category,
        sets: programExercises.sets,
        workSeconds: programExercises.workSeconds,
        targetReps: programExercises.targetReps,
        restSeconds: programExercises.restSeconds,
      })
      .from(programExercises)
      .innerJoin(exercises, eq(exercises.id, programExercises.exerciseId))
      .innerJoin(
        programs,
        and(eq(programs.id, programExercises.programId), eq(programs.status, 'published')),
      ),
    getProgramDay(deps, { userId }),
  ]);
  const mayStart = has(entitlements, 'programs');
  return {
    current: { number: round.number, slug: round.slug },
    programs: rows.map((program) => {
      const own = items.filter((item) => item.programId === program.id);
      const byDay = new Map<number, typeof own>();
      for (const item of own) byDay.set(item.day, [...(byDay.get(item.day) ?? []), item]);
      const minutes = [...byDay.values()].map(
        (day) =>
          estimatedDaySeconds(
            day.map(({ category, sets, workSeconds, targetReps, restSeconds }) => ({
              category,
              prescription: { sets, workSeconds, targetReps, restSeconds },
            })),
          ) / 60,
      );
      const average = minutes.length ? Math.round(minutes.reduce((a, b) => a + b, 0) / minutes.length) : 0;
      return {
        ...program,
        minutesPerDay: average,
        exercisesPerDay: byDay.size ? Math.round(own.length / byDay.size) : 0,
        isCurrent: program.id === round.programId,
        // A new round of any program is a plan's (the first round of Core28 comes with the account).
        requiresPlan: isRoundOfPlan({ number: round.number + 1, slug: program.slug }),
        isLocked: !mayStart,
      };
    }),
  };
}

/**
 * A new round of `slug` from today: the next after a finished round, another program, or the same
 * again. The round it leaves keeps its history; one left before its end is marked ended.
 */
export async function startRound(
  deps: Deps,
  { userId, slug, key, entitlements }: Member & Keyed & { slug: string; entitlements: Entitlements },
) {
  if (!has(entitlements, 'programs')) throw planRequiredError(entitlements, 'programs');
  const current = await getProgramDay(deps, { userId });
  await once(deps, { userId, key, route: 'start-round', input: { slug } }, async (db) => {
    const [program] = await db
      .select({ id: programs.id, status: programs.status })
      .from(programs)
      .where(eq(programs.slug, slug));
    if (program?.status !== 'published') throw new AppError('NOT_FOUND', 'No such program');
    const now = deps.now();
    // The round left: ended now unless it had finished (its history stays either way).
    const completions = await db
      .select({ day: workoutCompletions.dayNumber })
      .from(workoutCompletions)
      .where(eq(workoutCompletions.roundId, current.round.id));
    const reading = readRound(
      completions.map((c) => c.day),
      { length: current.round.days, dayNumber: current.dayNumber },
    );
    if (reading.status !== 'finished')
      await db.update(rounds).set({ endedAt: now, updatedAt: now }).where(eq(rounds.id, current.round.id));
    // A second request for the same next number (a double tap without a key) is refused by
    // rounds_user_number rather than making two rounds.
    const inserted = await db
      .insert(rounds)
      .values({
        userId,
        programId: program.id,
        number: current.round.number + 1,
        startedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: rounds.id });
    if (inserted.length === 0) throw new AppError('CONFLICT', 'That round has already started');
    return { started: current.round.number + 1 };
  });
  return getProgramState(deps, { userId });
}

/**
 * Continuing after a break: the round's start moves so that today is the day after the last one
 * completed. Offered, and allowed, only while the member is behind (core readRound).
 */
export async function continueRound(
  deps: Deps,
  { userId, key, entitlements }: Member & Keyed & { entitlements: Entitlements },
) {
  const state = await getProgramState(deps, { userId });
  // Continuing is training the round's days from where it stopped: the whole program's (a
  // taster has its day 1 only), and a round of a plan needs the plan.
  if (entitlements.train !== 'all') throw planRequiredError(entitlements, 'train');
  if (!mayTrainRound(entitlements, { number: state.round.number, slug: state.round.program.slug }))
    throw planRequiredError(entitlements, 'programs');
  if (state.round.status !== 'behind')
    throw new AppError('CONFLICT', 'Your round is on track: there is nothing to catch up.');
  const now = deps.now();
  await once(deps, { userId, key, route: 'continue-round', input: { round: state.round.id } }, async (db) => {
    const startedAt = continuedStart(state.round.lastCompletedDay, now, state.timeZone);
    await db.update(rounds).set({ startedAt, updatedAt: now }).where(eq(rounds.id, state.round.id));
    return { continued: state.round.id };
  });
  return getProgramState(deps, { userId });
}

/** The member's rounds, newest first: each with its program, dates and days done. */
export async function listRounds(deps: Pick<Deps, 'db' | 'now'>, { userId }: Member) {
  const rows = await deps.db
    .select({
      id: rounds.id,
      number: rounds.number,
      startedAt: rounds.startedAt,
      endedAt: rounds.endedAt,
      slug: programs.slug,
      name: programs.name,
      days: programs.days,
      daysDone: sql<number>`(select count(*)::int from ${workoutCompletions} w where w.round_id = ${rounds.id})`,
    })
    .from(rounds)
    .innerJoin(programs, eq(programs.id, rounds.programId))
    .where(eq(rounds.userId, userId))
    .orderBy(desc(rounds.number));
  return {
    rounds: rows.map((row) => ({
      ...row,
      startedAt: row.startedAt.toISOString(),
      endedAt: row.endedAt?.toISOString() ?? null,
    })),
  };
}

/** One round's rows as core round-results reads them. */
async function roundRecord(db: DbOrTx, { userId, number }: Member & { number: number }) {
  const [round] = await db
    .select({
      id: rounds.id,
      number: rounds.number,
      startedAt: rounds.startedAt,
      endedAt: rounds.endedAt,
      slug: programs.slug,
      name: programs.name,
      days: programs.days,
    })
    .from(rounds)
    .innerJoin(programs, eq(programs.id, rounds.programId))
    .where(and(eq(rounds.userId, userId), eq(rounds.number, number)));
  if (!round) return null;
  const [completions, results, wellness, plan] = await Promise.all([
    db
      .select({ day: workoutCompletions.dayNumber, completedAt: workoutCompletions.completedAt })
      .from(workoutCompletions)
      .where(eq(workoutCompletions.roundId, round.id)),
    db
      .select({
        day: exerciseProgress.dayNumber,
        totalSeconds: exerciseProgress.totalTimeSeconds,
        reps: exerciseProgress.repetitionsCompleted,
      })
      .from(exerciseProgress)
      .where(eq(exerciseProgress.roundId, round.id)),
    db
      .select({
        day: wellnessTracking.dayNumber,
        feeling: wellnessTracking.feelingRating,
        energy: wellnessTracking.energyLevel,
      })
      .from(wellnessTracking)
      .where(eq(wellnessTracking.roundId, round.id)),
    listRoundPlan(db, { userId, number }),
  ]);
  const record: RoundRecord = {
    length: round.days,
    completions,
    results,
    wellness,
    plan: plan.map((day) => ({ day: day.day, exercises: day.items })),
  };
  return { round, record, completions };
}

/**
 * A round's results screen: the figures of core roundResults against the round before, the
 * round's dates, and what comes next. Any round of the member's own (history is everyone's).
 */
export async function getRoundResults(
  deps: Pick<Deps, 'db' | 'now'>,
  { userId, number }: Member & { number: number },
) {
  const [found, before, day] = await Promise.all([
    roundRecord(deps.db, { userId, number }),
    number > 1 ? roundRecord(deps.db, { userId, number: number - 1 }) : null,
    getProgramDay(deps, { userId }),
  ]);
  if (!found) throw new AppError('NOT_FOUND', 'No such round');
  const { round, record, completions } = found;
  const days = completions.map((c) => c.day);
  const isCurrent = round.id === day.round.id;
  const reading = readRound(days, {
    length: round.days,
    dayNumber: isCurrent ? day.dayNumber : round.days + 2,
  });
  const lastDay = completions.find((c) => c.day === round.days);
  const finishedOn = isCurrent
    ? roundFinishedOn(reading, {
        startedAt: round.startedAt,
        length: round.days,
        lastDayCompletedOn: lastDay ? localDate(lastDay.completedAt, day.timeZone) : null,
        timeZone: day.timeZone,
      })
    : localDate(round.endedAt ?? lastDay?.completedAt ?? round.startedAt, day.timeZone);
  return {
    round: {
      number: round.number,
      program: { slug: round.slug, name: round.name, days: round.days },
      startedAt: round.startedAt.toISOString(),
      finishedOn,
      status: isCurrent ? reading.status : ('finished' as const),
      isCurrent,
    },
    results: roundResults(record, before?.record ?? null),
    before: before ? { number: before.round.number, program: { name: before.round.name } } : null,
    next: nextSteps(round.slug),
  };
}

/** What the results screen offers: the recommended next round first. */
function nextSteps(slug: string) {
  const harder = slug === CORE28_SLUG ? 'core28-round-2' : slug;
  return { recommended: harder, repeat: slug };
}
