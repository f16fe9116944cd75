import { describe, expect, it } from 'vitest';
import { withWrite } from './offline-writes';

// The state the page shows after a write queued offline is the one the server answers
// once the write arrives (features/program/service.ts's programState).

const NOW = new Date('2026-07-10T15:00:00Z');
const state = {
  currentDay: 3,
  completions: [{ day: 1, completedAt: '2026-07-08T10:00:00.000Z' }],
  results: [{ day: 1, totalSeconds: 600, reps: 40 }],
  wellness: [] as { day: number; feeling: number; energy: number }[],
  days: [] as { day: number; status: string }[],
  stats: { totalWorkouts: 1, currentStreak: 0, currentDay: 3, progressPercentage: 4 },
  achievements: [] as unknown[],
};

describe('withWrite', () => {
  it('a finish today: results, wellness and the completion, with the stats and streak worked out again', () => {
    const after = withWrite(
      state,
      { kind: 'finish', day: 3, body: { totalSeconds: 900, reps: 60, feeling: 4, energy: 5 } },
      NOW,
    );
    expect(after.completions).toEqual([...state.completions, { day: 3, completedAt: NOW.toISOString() }]);
    expect(after.results).toEqual([...state.results, { day: 3, totalSeconds: 900, reps: 60 }]);
    expect(after.wellness).toEqual([{ day: 3, feeling: 4, energy: 5 }]);
    expect(after.stats).toMatchObject({ totalWorkouts: 2, currentStreak: 1 });
    expect(after.days.map((d) => d.status).slice(0, 4)).toEqual([
      'completed',
      'missed',
      'completed',
      'future',
    ]);
  });

  it('a finish of a past, completed day: results only, the first completion kept, no wellness', () => {
    const after = withWrite(
      state,
      { kind: 'finish', day: 1, body: { totalSeconds: 500, reps: 30, feeling: 2, energy: 2 } },
      NOW,
    );
    expect(after.completions).toEqual(state.completions);
    expect(after.results).toEqual([{ day: 1, totalSeconds: 500, reps: 30 }]);
    expect(after.wellness).toEqual([]);
  });

  it('a completion, results and wellness from the day strip, each one day, in day order', () => {
    let after = withWrite(state, { kind: 'complete', day: 2 }, NOW);
    after = withWrite(after, { kind: 'results', input: { day: 2, totalSeconds: 90, reps: 12 } }, NOW);
    after = withWrite(after, { kind: 'wellness', input: { day: 3, feeling: 3, energy: 3 } }, NOW);
    after = withWrite(after, { kind: 'wellness', input: { day: 3, feeling: 5, energy: 4 } }, NOW);
    expect(after.completions.map((c) => c.day)).toEqual([1, 2]);
    expect(after.results.map((r) => r.day)).toEqual([1, 2]);
    expect(after.wellness).toEqual([{ day: 3, feeling: 5, energy: 4 }]);
  });
});
