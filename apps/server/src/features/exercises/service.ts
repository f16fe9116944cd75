import type { ExerciseInputSchema } from '@core28/core/exercises';
import { dayStatus, homeExerciseIndex } from '@core28/core/program';
import { fitPrescription } from '@core28/core/session-plan';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Deps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { oneRow } from '../../platform/db/index.ts';
import { exercises, homeExercises, programDays, workoutCompletions } from '../../platform/db/schema.ts';
import { getProgramDay, listProgramDays } from '../program/service.ts';

type ExerciseInput = z.output<typeof ExerciseInputSchema>;

const exerciseColumns = {
  id: exercises.id,
  name: exercises.name,
  description: exercises.description,
  exercise: exercises.exercise,
  videoUrl: exercises.videoUrl,
  category: exercises.category,
};

/**
 * spec §4: a member sees the exercises of the days up to today (issue 17: the days are
 * program_days rows). Each exercise once, with `days`, the days up to today it is used on;
 * `dayNumber` and `status` are those of the latest of them (current, completed or missed:
 * docs/decisions/0004), so today's exercise is 'current'.
 */
export async function listUnlockedExercises(deps: Pick<Deps, 'db' | 'now'>, { userId }: { userId: string }) {
  const { currentDay } = await getProgramDay(deps, { userId });
  const [program, completions] = await Promise.all([
    listProgramDays(deps.db),
    deps.db
      .select({ day: workoutCompletions.dayNumber })
      .from(workoutCompletions)
      .where(eq(workoutCompletions.userId, userId)),
  ]);
  const completed = new Set(completions.map((row) => row.day));
  const daysOf = new Map<number, number[]>();
  for (const { day, exercise } of program)
    if (day <= currentDay) daysOf.set(exercise.id, [...(daysOf.get(exercise.id) ?? []), day]);
  const rows = daysOf.size
    ? await deps.db
        .select(exerciseColumns)
        .from(exercises)
        .where(inArray(exercises.id, [...daysOf.keys()]))
    : [];
  const unlocked = rows
    .map((exercise) => {
      const days = daysOf.get(exercise.id) ?? [];
      const dayNumber = days.at(-1) ?? currentDay;
      return { ...exercise, dayNumber, status: dayStatus(dayNumber, currentDay, completed), days };
    })
    .sort((a, b) => a.dayNumber - b.dayNumber);
  const total = new Set(program.map((d) => d.exercise.id)).size;
  return { currentDay, total, exercises: unlocked };
}

/** Home's Today's Exercise for a member: the exercise of their program day, and what to do. */
export async function getTodaysProgramExercise(
  deps: Pick<Deps, 'db' | 'now'>,
  { userId }: { userId: string },
) {
  const { currentDay } = await getProgramDay(deps, { userId });
  const [row] = await deps.db
    .select({
      ...exerciseColumns,
      sets: programDays.sets,
      workSeconds: programDays.workSeconds,
      targetReps: programDays.targetReps,
      restSeconds: programDays.restSeconds,
    })
    .from(programDays)
    .innerJoin(exercises, eq(exercises.id, programDays.exerciseId))
    .where(eq(programDays.day, currentDay));
  if (!row) return { kind: 'program' as const, dayNumber: currentDay, exercise: null, prescription: null };
  const { sets, workSeconds, targetReps, restSeconds, ...exercise } = row;
  const prescription = fitPrescription(
    { sets, workSeconds, targetReps, restSeconds },
    exercise.category,
    currentDay,
  );
  return { kind: 'program' as const, dayNumber: currentDay, exercise, prescription };
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
