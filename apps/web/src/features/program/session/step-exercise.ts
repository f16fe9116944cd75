import type { SessionStep } from '@core28/core/session-plan';

// A day of several exercises (Foundations, Express, Round 2+): a work or rest step belongs to one of
// them. core sessionPlan names their steps `work-<set>` for the first exercise (the ids a
// one-exercise day always had) and `work-<n>-<set>` for the n-th, in a circuit too.

/** Which of the day's exercises (0-based) a work or rest step belongs to; null for warm-up and cool-down. */
export function exerciseIndexOf(step: Pick<SessionStep, 'id' | 'kind'>): number | null {
  if (step.kind !== 'work' && step.kind !== 'rest') return null;
  const match = /^(?:work|rest)-(?:(\d+)-)?\d+$/.exec(step.id);
  if (!match) return null;
  return match[1] ? Number(match[1]) - 1 : 0;
}

/** The exercise of a step, from the day's list (the first when the step names none). */
export function exerciseOfStep<E, L>(
  step: Pick<SessionStep, 'id' | 'kind'>,
  exercises: readonly E[],
  lead: L,
): E | L {
  const index = exerciseIndexOf(step);
  return (index !== null ? exercises[index] : undefined) ?? lead;
}

/** Each exercise's sets done of its sets, in the day's order. */
export function setsByExercise(
  exercises: readonly { name: string; sets: number }[],
  records: readonly { id: string; kind: SessionStep['kind']; outcome: string }[],
) {
  return exercises.map(({ name, sets }, index) => ({
    name,
    sets,
    done: records.filter((r) => r.kind === 'work' && r.outcome === 'done' && exerciseIndexOf(r) === index)
      .length,
  }));
}
