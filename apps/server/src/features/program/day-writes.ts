import type { DayResultInput, WellnessInput } from '@core28/core/program-schemas';
import { lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index.ts';
import { prepared } from '../../platform/db/prepared.ts';
import { exerciseProgress, wellnessTracking, workoutCompletions } from '../../platform/db/schema.ts';

// The three writes of a member's day, on the caller's transaction: the completion (an insert,
// never twice), the result and the wellness (upserts). The rules around them are service.ts's.

/**
 * The member and the round the day is of (always their current one), with its program: the row
 * trigger would otherwise look the program up for every completion and wellness row.
 */
type Member = { userId: string; roundId: number; programId: number };

/** The completion insert; false when the day was completed already (spec §4: never twice). */
export async function insertCompletion(
  tx: DbOrTx,
  { userId, roundId, programId, day, at }: Member & { day: number; at: Date },
) {
  const inserted = await prepared(tx, insertCompletionStatement).execute({
    userId,
    roundId,
    programId,
    day,
    at,
  });
  return inserted.length > 0;
}

const insertCompletionStatement = (db: DbOrTx) =>
  db
    .insert(workoutCompletions)
    .values({
      userId: sql.placeholder('userId'),
      roundId: sql.placeholder('roundId'),
      programId: sql.placeholder('programId'),
      dayNumber: sql.placeholder('day'),
      completedAt: sql.placeholder('at'),
    })
    .onConflictDoNothing({ target: [workoutCompletions.roundId, workoutCompletions.dayNumber] })
    .returning({ day: workoutCompletions.dayNumber })
    .prepare('core28_insert_completion');

/**
 * `keepNewer` (a finish): a row saved after `at` (on another device, while this write
 * waited offline) is kept. Answers whether the row was written.
 */
type Upsert<I> = Member & { input: I; at: Date; keepNewer?: boolean };

export async function upsertResult(
  tx: DbOrTx,
  { userId, roundId, input, at, keepNewer }: Upsert<DayResultInput>,
) {
  const values = { totalTimeSeconds: input.totalSeconds, repetitionsCompleted: input.reps, updatedAt: at };
  const written = await tx
    .insert(exerciseProgress)
    .values({ userId, roundId, dayNumber: input.day, ...values })
    .onConflictDoUpdate({
      target: [exerciseProgress.roundId, exerciseProgress.dayNumber],
      set: values,
      setWhere: keepNewer ? lte(exerciseProgress.updatedAt, at) : undefined,
    })
    .returning({ day: exerciseProgress.dayNumber });
  return written.length > 0;
}

export async function upsertWellness(
  tx: DbOrTx,
  { userId, roundId, programId, input, at, keepNewer }: Upsert<WellnessInput>,
) {
  const values = { feelingRating: input.feeling, energyLevel: input.energy, updatedAt: at };
  const written = await tx
    .insert(wellnessTracking)
    .values({ userId, roundId, programId, dayNumber: input.day, ...values })
    .onConflictDoUpdate({
      target: [wellnessTracking.roundId, wellnessTracking.dayNumber],
      set: values,
      setWhere: keepNewer ? lte(wellnessTracking.updatedAt, at) : undefined,
    })
    .returning({ day: wellnessTracking.dayNumber });
  return written.length > 0;
}
