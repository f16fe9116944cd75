import { DAYS_PER_WEEK } from './program.ts';
import type { ExerciseCategory, Prescription } from './session-plan.ts';

// The end of a round: what the member did in it, and against the round before (decision 0026).
// Pure, from the rows the server reads; the results screen, its share image and the tests use it.

export type RoundRecord = {
  length: number;
  completions: readonly { day: number }[];
  results: readonly { day: number; totalSeconds: number; reps: number }[];
  wellness: readonly { day: number; feeling: number; energy: number }[];
  /** The round's days: each day's exercises and what was prescribed. */
  plan: readonly {
    day: number;
    exercises: readonly {
      exercise: { id: number; name: string; category: ExerciseCategory };
      prescription: Prescription;
    }[];
  }[];
};

export type ExerciseBest = {
  id: number;
  name: string;
  category: ExerciseCategory;
  /** The longest hold done (a time exercise): its prescribed seconds on a completed day. */
  bestHoldSeconds: number | null;
  /** The most reps logged in one session of it (a day where it was the only reps exercise). */
  mostReps: number | null;
};

export type Movement = { first: number; last: number; change: number } | null;

export type RoundResults = {
  length: number;
  daysDone: number;
  totalSeconds: number;
  totalReps: number;
  perWeek: { week: number; daysDone: number; seconds: number; reps: number }[];
  bestStreak: number;
  /** Average feeling and energy of the first week logged against the last (1–5). */
  feeling: Movement;
  energy: Movement;
  exercises: (ExerciseBest & { before: Pick<ExerciseBest, 'bestHoldSeconds' | 'mostReps'> | null })[];
};

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
const roundTo = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;
const weekOf = (day: number) => Math.ceil(day / DAYS_PER_WEEK);

/** The longest run of consecutive completed days. */
export function bestStreak(days: Iterable<number>): number {
  const done = new Set(days);
  let best = 0;
  for (const day of done) {
    if (done.has(day - 1)) continue;
    let run = 1;
    while (done.has(day + run)) run++;
    best = Math.max(best, run);
  }
  return best;
}

/** Average of the first logged week against the last (null with fewer than two weeks logged). */
function movement(entries: readonly { day: number; value: number }[]): Movement {
  const weeks = [...new Set(entries.map((e) => weekOf(e.day)))].sort((a, b) => a - b);
  if (weeks.length < 2) return null;
  const average = (week: number | undefined) => {
    const values = entries.filter((e) => weekOf(e.day) === week).map((e) => e.value);
    return roundTo(sum(values) / values.length, 1);
  };
  const first = average(weeks[0]);
  const last = average(weeks.at(-1));
  return { first, last, change: roundTo(last - first, 1) };
}

/** Each exercise's best in a round, in the order the round first did it. */
function exerciseBests(record: RoundRecord): ExerciseBest[] {
  const done = new Set(record.completions.map((c) => c.day));
  const repsOf = new Map(record.results.map((r) => [r.day, r.reps]));
  const bests = new Map<number, ExerciseBest>();
  for (const { day, exercises } of [...record.plan].sort((a, b) => a.day - b.day)) {
    if (!done.has(day)) continue;
    const repsExercises = exercises.filter((e) => e.exercise.category === 'reps');
    for (const { exercise, prescription } of exercises) {
      // Only what the results say of an exercise (a row may carry more, a stored video's key).
      const { id, name, category } = exercise;
      const best = bests.get(id) ?? { id, name, category, bestHoldSeconds: null, mostReps: null };
      if (exercise.category === 'time' && prescription.workSeconds !== null)
        best.bestHoldSeconds = Math.max(best.bestHoldSeconds ?? 0, prescription.workSeconds);
      const reps = repsOf.get(day);
      if (exercise.category === 'reps' && repsExercises.length === 1 && reps !== undefined && reps > 0)
        best.mostReps = Math.max(best.mostReps ?? 0, reps);
      bests.set(exercise.id, best);
    }
  }
  return [...bests.values()];
}

/** The results of a round, each exercise's best beside its best in `before` (the round before). */
export function roundResults(record: RoundRecord, before?: RoundRecord | null): RoundResults {
  const days = [...new Set(record.completions.map((c) => c.day))].filter((d) => d >= 1 && d <= record.length);
  const results = record.results.filter((r) => r.day >= 1 && r.day <= record.length);
  const weeks = Math.ceil(record.length / DAYS_PER_WEEK);
  const earlier = new Map((before ? exerciseBests(before) : []).map((best) => [best.id, best]));
  return {
    length: record.length,
    daysDone: days.length,
    totalSeconds: sum(results.map((r) => r.totalSeconds)),
    totalReps: sum(results.map((r) => r.reps)),
    perWeek: Array.from({ length: weeks }, (_, i) => {
      const week = i + 1;
      const ofWeek = results.filter((r) => weekOf(r.day) === week);
      return {
        week,
        daysDone: days.filter((d) => weekOf(d) === week).length,
        seconds: sum(ofWeek.map((r) => r.totalSeconds)),
        reps: sum(ofWeek.map((r) => r.reps)),
      };
    }),
    bestStreak: bestStreak(days),
    feeling: movement(record.wellness.map((w) => ({ day: w.day, value: w.feeling }))),
    energy: movement(record.wellness.map((w) => ({ day: w.day, value: w.energy }))),
    exercises: exerciseBests(record).map((best) => {
      const then = earlier.get(best.id);
      return {
        ...best,
        before: then ? { bestHoldSeconds: then.bestHoldSeconds, mostReps: then.mostReps } : null,
      };
    }),
  };
}
