import type { SessionStep } from '@core28/core/session-plan';
import { clock } from './player-shell';

/** 'Warm-up 2 of 4', 'Set 3 of 5', 'Rest', 'Cool-down 1 of 4'. */
export function phaseLabel(step: SessionStep, steps: SessionStep[]) {
  if (step.kind === 'work') return step.set && step.sets ? `Set ${step.set} of ${step.sets}` : 'Work';
  if (step.kind === 'rest') return step.set && step.sets ? `Set ${step.set} of ${step.sets} done` : 'Rest';
  const same = steps.filter((s) => s.kind === step.kind);
  const name = step.kind === 'warmup' ? 'Warm-up' : 'Cool-down';
  return `${name} ${same.indexOf(step) + 1} of ${same.length}`;
}

/** What a step asks for: '0:40', '12 reps'. */
export const stepTarget = (step: SessionStep) =>
  step.durationSeconds !== null ? clock(step.durationSeconds) : `${step.targetReps ?? 0} reps`;

/** The line under the screen: 'Next: Rest · 0:30', 'Next: Glute Bridge, set 2 of 3 · 12 reps'. */
export function nextLabel(next: SessionStep | null, exerciseName: string) {
  if (!next) return 'Next: finish';
  const what =
    next.kind === 'work'
      ? `${exerciseName}${next.set && next.sets ? `, set ${next.set} of ${next.sets}` : ''}`
      : next.title;
  return `Next: ${what} · ${stepTarget(next)}`;
}
