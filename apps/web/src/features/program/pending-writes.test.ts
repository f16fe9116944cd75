import { describe, expect, it } from 'vitest';
import type { QueuedWrite } from '@/lib/offline-queue';
import type { ProgramState } from './api';
import { withPendingWrites } from './pending-writes';

const state = {
  currentDay: 3,
  completions: [{ day: 1, completedAt: '2026-07-01T10:00:00.000Z' }],
  results: [],
  wellness: [],
  days: [],
  stats: { totalWorkouts: 1 },
  achievements: [],
} as unknown as ProgramState;

const write = (path: string, body: unknown, queuedAt = '2026-07-03T09:00:00.000Z'): QueuedWrite => ({
  key: `key-${path}-${queuedAt}`,
  userId: 'u1',
  method: path.endsWith('complete') || path.endsWith('finish') ? 'POST' : 'PUT',
  path,
  body,
  queuedAt,
});

describe('withPendingWrites', () => {
  it('lays completions, results and wellness waiting in the queue over the server’s answer', () => {
    const shown = withPendingWrites(state, [
      write('/api/program/complete', { day: 2 }),
      write('/api/program/results', { day: 2, totalSeconds: 120, reps: 30 }),
      write('/api/program/days/3/finish', { totalSeconds: 600, reps: 40, feeling: 4, energy: 5 }),
    ]);
    expect(shown.completions.map((c) => c.day)).toEqual([1, 2, 3]);
    expect(shown.completions[1]).toEqual({ day: 2, completedAt: '2026-07-03T09:00:00.000Z' });
    expect(shown.results).toEqual([
      { day: 2, totalSeconds: 120, reps: 30 },
      { day: 3, totalSeconds: 600, reps: 40 },
    ]);
    expect(shown.wellness).toEqual([{ day: 3, feeling: 4, energy: 5 }]);
    expect(shown.stats.totalWorkouts).toBe(3);
    expect(shown.stats.currentStreak).toBe(3);
    expect(shown.days.find((d) => d.day === 2)?.status).toBe('completed');
  });

  it('never completes a day twice, keeps the later result, and leaves past days’ wellness out', () => {
    const shown = withPendingWrites(state, [
      write('/api/program/complete', { day: 1 }),
      write('/api/program/results', { day: 2, totalSeconds: 60, reps: 10 }),
      write('/api/program/results', { day: 2, totalSeconds: 90, reps: 12 }),
      write('/api/program/wellness', { day: 2, feeling: 1, energy: 1 }),
    ]);
    expect(shown.completions).toEqual(state.completions);
    expect(shown.results).toEqual([{ day: 2, totalSeconds: 90, reps: 12 }]);
    expect(shown.wellness).toEqual([]);
  });

  it('is the answer itself when nothing waits', () => {
    expect(withPendingWrites(state, [])).toBe(state);
  });
});
