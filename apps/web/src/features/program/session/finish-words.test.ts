import { describe, expect, it } from 'vitest';
import { finishPraise, finishToast, isNothingDone, skippedEverySet } from './finish-words';

const bridge = (done: number) => [{ name: 'Glute Bridge', sets: 6, done }];
const four = (...done: number[]) =>
  ['Dead Bug', 'Plank', 'Bird Dog', 'Flutter Kicks'].map((name, i) => ({
    name,
    sets: 4,
    done: done[i] ?? 0,
  }));

describe('the end of a session', () => {
  it('nothing done is no praise but the question, with the day named', () => {
    expect(isNothingDone(bridge(0))).toBe(true);
    expect(finishPraise(bridge(0))).toBeNull();
    expect(finishPraise(four(0, 0, 0, 0))).toBeNull();
    expect(skippedEverySet(13)).toBe('You skipped every set — mark Day 13 done anyway?');
    expect(isNothingDone(bridge(1))).toBe(false);
  });

  it('praise names what was done: the exercise and its sets, or exercises and sets of a day of several', () => {
    expect(finishPraise(bridge(6))).toBe('Glute Bridge: all 6 sets. Great work.');
    expect(finishPraise(bridge(3))).toBe('Glute Bridge: 3 of 6 sets. Good work.');
    expect(finishPraise([{ name: 'Plank', sets: 1, done: 1 }])).toBe('Plank: 1 set. Great work.');
    expect(finishPraise(four(4, 4, 3, 0))).toBe('3 of 4 exercises, 11 sets. Good work.');
    expect(finishPraise(four(4, 4, 4, 4))).toBe('All 4 exercises, 16 sets. Great work.');
    expect(finishPraise(four(1))).toBe('1 of 4 exercises, 1 set. Good work.');
  });

  it('one toast for a save, in spec §8 words, the wellness in the same toast', () => {
    const saved = { resultsSaved: true, wellnessSaved: false };
    expect(finishToast({ ...saved, completedNow: true }, 3, true)).toEqual({
      kind: 'success',
      title: 'Workout Completed!',
      description: 'Great job completing Day 3!',
    });
    expect(
      finishToast({ completedNow: true, resultsSaved: true, wellnessSaved: true }, 3, true).description,
    ).toBe('Great job completing Day 3! Your wellness data for Day 3 has been saved.');
    expect(finishToast({ ...saved, completedNow: true }, 1, false)).toMatchObject({
      title: 'Workout Completed',
      description: 'Day 1 marked as completed.',
    });
    expect(finishToast({ ...saved, completedNow: false }, 1, false)).toMatchObject({
      title: 'Progress Saved',
      description: 'Exercise progress for Day 1 has been saved.',
    });
    // Completed on another phone with its results: nothing saved here, and the toast says so.
    expect(finishToast({ completedNow: false, resultsSaved: false, wellnessSaved: false }, 1, false)).toEqual(
      {
        kind: 'info',
        title: 'Already Completed',
        description: 'Day 1 is already marked as completed',
      },
    );
  });
});
