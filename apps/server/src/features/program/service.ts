import {
  achievements,
  canLogResults,
  canLogWellness,
  currentProgramDay,
  programDays,
  programStats,
} from '@core28/core/program';
import type { DayResultInput, WellnessInput } from '@core28/core/program-schemas';
import { asc, eq } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import {
  exerciseProgress,
  profiles,
  wellnessTracking,
  workoutCompletions,
} from '../../platform/db/schema.ts';

type Member = { userId: string };
type ProgramDay = { registrationDate: Date; currentDay: number };

/** The member's program day (spec §4), from the one profile read a request makes. */
export async function getProgramDay(deps: Pick<Deps, 'db' | 'now'>, { userId }: Member): Promise<ProgramDay> {
  const [profile] = await deps.db
    .select({ registrationDate: profiles.registrationDate })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  if (!profile) throw new AppError('NOT_FOUND', 'Profile not found');
  return {
    registrationDate: profile.registrationDate,
    currentDay: currentProgramDay(profile.registrationDate, deps.now()),
  };
}

/** The member's whole program in one round trip (spec §3 program stats, §9 achievements). */
export async function getProgramState(deps: Deps, { userId }: Member) {
  return programState(deps, { userId, day: await getProgramDay(deps, { userId }) });
}

async function programState(deps: Deps, { userId, day }: Member & { day: ProgramDay }) {
  const { registrationDate, currentDay } = day;
  const [completions, results, wellness] = await Promise.all([
    deps.db
      .select({ day: workoutCompletions.dayNumber, completedAt: workoutCompletions.completedAt })
      .from(workoutCompletions)
      .where(eq(workoutCompletions.userId, userId))
      .orderBy(asc(workoutCompletions.dayNumber)),
    deps.db
      .select({
        day: exerciseProgress.dayNumber,
        totalSeconds: exerciseProgress.totalTimeSeconds,
        reps: exerciseProgress.repetitionsCompleted,
      })
      .from(exerciseProgress)
      .where(eq(exerciseProgress.userId, userId))
      .orderBy(asc(exerciseProgress.dayNumber)),
    deps.db
      .select({
        day: wellnessTracking.dayNumber,
        feeling: wellnessTracking.feelingRating,
        energy: wellnessTracking.energyLevel,
      })
      .from(wellnessTracking)
      .where(eq(wellnessTracking.userId, userId))
      .orderBy(asc(wellnessTracking.dayNumber)),
  ]);
  const days = completions.map((c) => c.day);
  return {
    currentDay,
    registrationDate: registrationDate.toISOString(),
    completions,
    results,
    wellness,
    days: programDays(days, currentDay),
    stats: programStats(days, currentDay),
    achievements: achievements(days, currentDay),
  };
}

/** spec §4: a completion is an insert, never undone; refused for a future day and twice. */
export async function completeDay(deps: Deps, { userId, day }: Member & { day: number }) {
  const programDay = await getProgramDay(deps, { userId });
  if (day > programDay.currentDay) throw new AppError('BAD_REQUEST', `Day ${day} has not started yet`);
  const inserted = await deps.db
    .insert(workoutCompletions)
    .values({ userId, dayNumber: day, completedAt: deps.now() })
    .onConflictDoNothing({ target: [workoutCompletions.userId, workoutCompletions.dayNumber] })
    .returning({ day: workoutCompletions.dayNumber });
  if (inserted.length === 0) throw new AppError('CONFLICT', `Day ${day} is already marked as completed`);
  return programState(deps, { userId, day: programDay });
}

export async function saveDayResult(deps: Deps, { userId, input }: Member & { input: DayResultInput }) {
  const day = await getProgramDay(deps, { userId });
  if (!canLogResults(input.day, day.currentDay))
    throw new AppError('BAD_REQUEST', 'Results can only be saved for past days and today');
  const values = {
    totalTimeSeconds: input.totalSeconds,
    repetitionsCompleted: input.reps,
    updatedAt: deps.now(),
  };
  await deps.db
    .insert(exerciseProgress)
    .values({ userId, dayNumber: input.day, ...values })
    .onConflictDoUpdate({ target: [exerciseProgress.userId, exerciseProgress.dayNumber], set: values });
  return programState(deps, { userId, day });
}

export async function saveWellness(deps: Deps, { userId, input }: Member & { input: WellnessInput }) {
  const day = await getProgramDay(deps, { userId });
  if (!canLogWellness(input.day, day.currentDay))
    throw new AppError('BAD_REQUEST', 'Wellness can only be logged for today');
  const values = { feelingRating: input.feeling, energyLevel: input.energy, updatedAt: deps.now() };
  await deps.db
    .insert(wellnessTracking)
    .values({ userId, dayNumber: input.day, ...values })
    .onConflictDoUpdate({ target: [wellnessTracking.userId, wellnessTracking.dayNumber], set: values });
  return programState(deps, { userId, day });
}
