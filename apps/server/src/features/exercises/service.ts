import type { ExerciseInputSchema } from '@core28/core/exercises';
import { dayStatus, homeExerciseIndex, todaysExerciseIndex } from '@core28/core/program';
import { asc, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Deps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { oneRow } from '../../platform/db/index.ts';
import { exercises, homeExercises, workoutCompletions } from '../../platform/db/schema.ts';
import { getProgramDay } from '../program/service.ts';

type ExerciseInput = z.output<typeof ExerciseInputSchema>;

const exerciseColumns = {
  id: exercises.id,
  name: exercises.name,
  description: exercises.description,
  exercise: exercises.exercise,
  videoUrl: exercises.videoUrl,
  category: exercises.category,
};

/** The program's exercises, day N being the Nth by id. */
const programExercises = ({ db }: Pick<Deps, 'db'>) =>
  db.select(exerciseColumns).from(exercises).orderBy(asc(exercises.id));

/**
 * spec §4: a member sees the exercises of the days up to today, each with its day's status
 * (completed, missed or current: docs/decisions/0004).
 */
export async function listUnlockedExercises(deps: Pick<Deps, 'db' | 'now'>, { userId }: { userId: string }) {
  const { currentDay } = await getProgramDay(deps, { userId });
  const [all, completions] = await Promise.all([
    programExercises(deps),
    deps.db
      .select({ day: workoutCompletions.dayNumber })
      .from(workoutCompletions)
      .where(eq(workoutCompletions.userId, userId)),
  ]);
  const completed = new Set(completions.map((row) => row.day));
  const unlocked = all.slice(0, currentDay).map((exercise, i) => ({
    ...exercise,
    dayNumber: i + 1,
    status: dayStatus(i + 1, currentDay, completed),
  }));
  return { currentDay, total: all.length, exercises: unlocked };
}

/** Home's Today's Exercise for a member: the exercise of their program day. */
export async function getTodaysProgramExercise(
  deps: Pick<Deps, 'db' | 'now'>,
  { userId }: { userId: string },
) {
  const { currentDay } = await getProgramDay(deps, { userId });
  const all = await programExercises(deps);
  const exercise = all[todaysExerciseIndex(currentDay, all.length)];
  return { kind: 'program' as const, dayNumber: currentDay, exercise: exercise ?? null };
}

/** Home's Today's Exercise for a visitor: the home exercise of the day. */
export async function getTodaysHomeExercise({ db, now }: Pick<Deps, 'db' | 'now'>) {
  const home = await db
    .select({
      name: homeExercises.name,
      exercise: homeExercises.exercise,
      description: homeExercises.description,
    })
    .from(homeExercises)
    .orderBy(asc(homeExercises.id));
  return {
    kind: 'home' as const,
    dayNumber: null,
    exercise: home[homeExerciseIndex(now(), home.length)] ?? null,
  };
}

// ---- the library (spec §2 Admin exercises) ----

const toRow = (input: ExerciseInput) => ({ ...input, videoUrl: input.videoUrl || null });

export const listAllExercises = ({ db }: Pick<Deps, 'db'>) =>
  db.select().from(exercises).orderBy(desc(exercises.createdAt), desc(exercises.id));

export async function createExercise({ db }: Pick<Deps, 'db'>, { input }: { input: ExerciseInput }) {
  return oneRow(await db.insert(exercises).values(toRow(input)).returning());
}

export async function updateExercise(
  { db }: Pick<Deps, 'db'>,
  { id, input }: { id: number; input: ExerciseInput },
) {
  const [updated] = await db.update(exercises).set(toRow(input)).where(eq(exercises.id, id)).returning();
  if (!updated) throw new AppError('NOT_FOUND', 'No such exercise');
  return updated;
}
