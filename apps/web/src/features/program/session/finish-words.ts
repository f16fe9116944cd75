import type { FinishOutcome } from '../api';

// What the end of a session says: what was done, named and counted (never praise for nothing),
// and one toast for the save.

export type SetCounts = readonly { name: string; sets: number; done: number }[];

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** No set of any exercise done: the session was skipped through. */
export const isNothingDone = (counts: SetCounts) => counts.every((count) => count.done === 0);

/** The question a session with nothing done asks before it marks the day done. */
export const skippedEverySet = (day: number) => `You skipped every set — mark Day ${day} done anyway?`;

/**
 * The finish screen's praise, naming what was done: "Glute Bridge: all 6 sets. Great work.",
 * "Glute Bridge: 3 of 6 sets. Good work.", "3 of 4 exercises, 11 sets. Good work.". Null when
 * nothing was done: there is nothing to praise.
 */
export function finishPraise(counts: SetCounts): string | null {
  if (counts.length === 0 || isNothingDone(counts)) return null;
  const isAll = counts.every((count) => count.done >= count.sets);
  const cheer = isAll ? 'Great work.' : 'Good work.';
  if (counts.length === 1) {
    const [{ name, sets, done }] = counts as [SetCounts[number]];
    return isAll
      ? `${name}: ${sets === 1 ? '1 set' : `all ${sets} sets`}. ${cheer}`
      : `${name}: ${done} of ${sets} sets. ${cheer}`;
  }
  const setsDone = plural(
    counts.reduce((total, count) => total + count.done, 0),
    'set',
    'sets',
  );
  const exercisesDone = counts.filter((count) => count.done > 0).length;
  return isAll
    ? `All ${counts.length} exercises, ${setsDone}. ${cheer}`
    : `${exercisesDone} of ${counts.length} exercises, ${setsDone}. ${cheer}`;
}

export type FinishToast = { kind: 'success' | 'info'; title: string; description: string };

/**
 * One toast for a saved session, not one per thing saved (three stacked over the header): the
 * day's news first in spec §8's words, the wellness saved with it in the same description.
 */
export function finishToast(
  outcome: Pick<FinishOutcome, 'completedNow' | 'resultsSaved' | 'wellnessSaved'>,
  day: number,
  isToday: boolean,
): FinishToast {
  const wellness = outcome.wellnessSaved ? ` Your wellness data for Day ${day} has been saved.` : '';
  if (outcome.completedNow && isToday)
    return {
      kind: 'success',
      title: 'Workout Completed!',
      description: `Great job completing Day ${day}!${wellness}`,
    };
  if (outcome.completedNow)
    return {
      kind: 'success',
      title: 'Workout Completed',
      description: `Day ${day} marked as completed.${wellness}`,
    };
  // Completed meanwhile elsewhere, with later results kept there: this one saved nothing.
  if (!outcome.resultsSaved)
    return {
      kind: 'info',
      title: 'Already Completed',
      description: `Day ${day} is already marked as completed`,
    };
  // A replay of a completed day: what it saved is its time and reps (decision 0011).
  return {
    kind: 'success',
    title: 'Progress Saved',
    description: `Exercise progress for Day ${day} has been saved.${wellness}`,
  };
}
