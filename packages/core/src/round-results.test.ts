import { describe, expect, it } from 'vitest';
import { bestStreak, type RoundRecord, roundResults } from './round-results.ts';

const plank = { id: 2, name: 'Forearm Plank', category: 'time' as const };
const deadBug = { id: 1, name: 'Dead Bug', category: 'reps' as const };
const hold = (workSeconds: number) => ({ sets: 3, workSeconds, targetReps: null, restSeconds: 30 });
const reps = (targetReps: number) => ({ sets: 3, workSeconds: null, targetReps, restSeconds: 30 });

/** Fourteen days: odd days Dead Bug alone, even days a plank then Dead Bug (two exercises). */
const record = (scale: number, done: number[]): RoundRecord => ({
  length: 14,
  completions: done.map((day) => ({ day })),
  results: done.map((day) => ({ day, totalSeconds: 600 + day * 10, reps: 20 * scale + day })),
  wellness: done.map((day) => ({ day, feeling: day <= 7 ? 3 : 4, energy: day <= 7 ? 4 : 3 })),
  plan: Array.from({ length: 14 }, (_, i) => {
    const day = i + 1;
    return {
      day,
      exercises:
        day % 2
          ? [{ exercise: deadBug, prescription: reps(10 * scale) }]
          : [
              { exercise: plank, prescription: hold(20 * scale + day) },
              { exercise: deadBug, prescription: reps(10 * scale) },
            ],
    };
  }),
});

describe('a round’s results', () => {
  it('adds up what was done, week by week, with the best streak and how feeling and energy moved', () => {
    const done = [1, 2, 3, 5, 6, 7, 8, 9, 10, 14];
    const results = roundResults(record(1, done));
    expect(results).toMatchObject({
      length: 14,
      daysDone: 10,
      totalSeconds: done.reduce((t, d) => t + 600 + d * 10, 0),
      totalReps: done.reduce((t, d) => t + 20 + d, 0),
      bestStreak: 6, // days 5 to 10
      feeling: { first: 3, last: 4, change: 1 },
      energy: { first: 4, last: 3, change: -1 },
    });
    expect(results.perWeek).toEqual([
      { week: 1, daysDone: 6, seconds: 6 * 600 + 10 * (1 + 2 + 3 + 5 + 6 + 7), reps: 6 * 20 + 24 },
      { week: 2, daysDone: 4, seconds: 4 * 600 + 10 * (8 + 9 + 10 + 14), reps: 4 * 20 + 41 },
    ]);
    // The longest hold done was day 14's (34 s), and so were the most reps (34): on the even days
    // the plank is a time exercise, so the day's reps are still Dead Bug's alone.
    expect(results.exercises).toEqual([
      { ...deadBug, bestHoldSeconds: null, mostReps: 34, before: null },
      { ...plank, bestHoldSeconds: 34, mostReps: null, before: null },
    ]);
  });

  it('sets each exercise’s best beside its best in the round before', () => {
    const results = roundResults(record(2, [1, 2]), record(1, [1, 2, 4]));
    expect(results.exercises).toEqual([
      { ...deadBug, bestHoldSeconds: null, mostReps: 42, before: { bestHoldSeconds: null, mostReps: 24 } },
      { ...plank, bestHoldSeconds: 42, mostReps: null, before: { bestHoldSeconds: 24, mostReps: null } },
    ]);
    // One week of wellness: nothing to compare.
    expect(results.feeling).toBeNull();
  });

  it('counts the longest run of days in a row', () => {
    expect(bestStreak([])).toBe(0);
    expect(bestStreak([3])).toBe(1);
    expect(bestStreak([1, 2, 4, 5, 6, 9])).toBe(3);
  });
});
