import { dayStatus } from '@core28/core/program';
import { eq, inArray } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { exercises, workoutCompletions } from '../../platform/db/schema.ts';
import { withMedia } from '../exercises/service.ts';
import { findMemberProgramDay, getProgramDay, listMemberProgramDays } from './service.ts';

// The exercises as a member meets them: through their program days. The library itself (the
// catalogue, its videos, the home exercises) is the exercises feature's; which of it a member
// sees, and today's, follows from their days, so it is read here.

const exerciseColumns = {
  id: exercises.id,
  name: exercises.name,
  description: exercises.description,
  exercise: exercises.exercise,
  videoUrl: exercises.videoUrl,
  category: exercises.category,
  demoKey: exercises.demoKey,
  videoKey: exercises.videoKey,
  videoType: exercises.videoType,
};

/**
 * spec §4: a member sees the exercises of the days up to today (the days are
 * program_exercises rows). Each exercise once, with `days`, the days up to today it is used on;
 * `dayNumber` and `status` are those of the latest of them (current, completed or missed:
 * docs/decisions/0004), so today's exercise is 'current'.
 */
export async function listUnlockedExercises(
  deps: Pick<Deps, 'db' | 'now' | 'storage'>,
  {
    userId,
    isTodayOnly = false,
  }: {
    userId: string;
    /** Without a plan the library shows today's exercise only (docs/decisions/0021). */
    isTodayOnly?: boolean;
  },
) {
  const { currentDay, round } = await getProgramDay(deps, { userId });
  const [program, completions] = await Promise.all([
    listMemberProgramDays(deps.db, { userId }),
    deps.db
      .select({ day: workoutCompletions.dayNumber })
      .from(workoutCompletions)
      .where(eq(workoutCompletions.roundId, round.id)),
  ]);
  const completed = new Set(completions.map((row) => row.day));
  const daysOf = new Map<number, number[]>();
  const isShown = (day: number) => (isTodayOnly ? day === currentDay : day <= currentDay);
  for (const { day, items } of program)
    for (const { exercise } of items)
      if (isShown(day)) daysOf.set(exercise.id, [...new Set([...(daysOf.get(exercise.id) ?? []), day])]);
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
  const total = new Set(program.flatMap((d) => d.items.map((item) => item.exercise.id))).size;
  return { currentDay, total, exercises: await withMedia(deps, unlocked) };
}

/** Home's Today's Exercise for a member: the exercise of their program day, and what to do. */
export async function getTodaysProgramExercise(
  deps: Pick<Deps, 'db' | 'now' | 'storage'>,
  { userId }: { userId: string },
) {
  const { currentDay } = await getProgramDay(deps, { userId });
  const programDay = await findMemberProgramDay(deps.db, { userId, day: currentDay }).catch((err) => {
    if (err instanceof AppError && err.code === 'NOT_FOUND') return null;
    throw err;
  });
  if (!programDay)
    return { kind: 'program' as const, dayNumber: currentDay, exercise: null, prescription: null };
  const [shown] = await withMedia(deps, [programDay.exercise]);
  return {
    kind: 'program' as const,
    dayNumber: currentDay,
    exercise: shown ?? null,
    prescription: programDay.prescription,
    adjusted: programDay.adjusted,
  };
}
