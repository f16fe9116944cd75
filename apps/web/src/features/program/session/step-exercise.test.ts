import { sessionPlan } from '@core28/core/session-plan';
import { describe, expect, it } from 'vitest';
import { finishPraise } from './finish-words';
import { exerciseIndexOf, exerciseOfStep, setsByExercise } from './step-exercise';

const block = (name: string, sets: number) => ({
  exercise: { name, category: 'time' as const, demoKey: null, exercise: '' },
  prescription: { sets, workSeconds: 30, targetReps: null, restSeconds: 15 },
});
const blocks = [block('Dead Bug', 3), block('Plank', 2), block('Bird Dog', 2)];

describe('a day of several exercises in the player', () => {
  it("finds each step's exercise, in order and in a circuit", () => {
    for (const circuit of [false, true]) {
      const steps = sessionPlan({ day: 1, blocks, circuit });
      const names = steps
        .filter((s) => s.kind === 'work')
        .map(
          (s) =>
            exerciseOfStep(
              s,
              blocks.map((b) => b.exercise),
              blocks[0]!.exercise,
            ).name,
        );
      expect(names.filter((n) => n === 'Dead Bug')).toHaveLength(3);
      expect(names.filter((n) => n === 'Plank')).toHaveLength(2);
      expect(names.filter((n) => n === 'Bird Dog')).toHaveLength(2);
      // Every work step's own title names the exercise found for it.
      for (const step of steps.filter((s) => s.kind === 'work'))
        expect(step.title).toContain(
          exerciseOfStep(
            step,
            blocks.map((b) => b.exercise),
            blocks[0]!.exercise,
          ).name,
        );
    }
    expect(exerciseIndexOf({ id: 'warmup-1', kind: 'warmup' })).toBeNull();
    expect(exerciseIndexOf({ id: 'work-4', kind: 'work' })).toBe(0);
    expect(exerciseIndexOf({ id: 'rest-3-1', kind: 'rest' })).toBe(2);
  });

  it('counts the sets done of each exercise for the finish screen', () => {
    const steps = sessionPlan({ day: 1, blocks });
    const records = steps.map((s) => ({
      id: s.id,
      kind: s.kind,
      // The member skipped Plank's second set.
      outcome: s.id === 'work-2-2' ? 'skipped' : 'done',
    }));
    const counts = setsByExercise(
      blocks.map((b) => ({ name: b.exercise.name, sets: b.prescription.sets })),
      records,
    );
    expect(counts.map((c) => c.done)).toEqual([3, 1, 2]);
    expect(finishPraise(counts)).toBe('3 of 3 exercises, 6 sets. Good work.');
    // A day of one exercise names it.
    const one = sessionPlan({ day: 1, ...block('Dead Bug', 6) });
    const oneRecords = one.slice(0, 9).map((s) => ({ id: s.id, kind: s.kind, outcome: 'done' }));
    expect(finishPraise(setsByExercise([{ name: 'Dead Bug', sets: 6 }], oneRecords))).toBe(
      'Dead Bug: 3 of 6 sets. Good work.',
    );
  });
});
