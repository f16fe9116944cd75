import { describe, expect, it } from 'vitest';
import { withWrite } from './offline-writes';
import { withPendingWrites } from './pending-writes';
import { withRound } from './round-figures';

// Foundations is 21 days: a day done offline is counted over the round's days, not Core28's 28,
// and the last day done finishes the round as the server will say once the write arrives.

const NOW = new Date('2026-07-21T15:00:00Z');
const twenty = Array.from({ length: 20 }, (_, i) => ({
  day: i + 1,
  completedAt: '2026-07-20T10:00:00.000Z',
}));
const round = {
  id: 7,
  number: 2,
  startedAt: '2026-07-01T00:00:00.000Z',
  program: { id: 2, slug: 'foundations', name: 'Foundations', level: 'beginner', days: 21, circuit: false },
  status: 'running' as 'running' | 'behind' | 'finished',
  dayNumber: 21,
  lastCompletedDay: 20,
  missedInARow: 0,
  finishedOn: null as string | null,
};
const state = {
  currentDay: 21,
  registrationDate: '2026-06-01T00:00:00.000Z',
  timeZone: 'Europe/Paris',
  completions: twenty,
  results: [] as { day: number; totalSeconds: number; reps: number }[],
  wellness: [] as { day: number; feeling: number; energy: number }[],
  days: [] as { day: number; status: string }[],
  stats: { totalWorkouts: 20, currentStreak: 20, currentDay: 21, progressPercentage: 95 },
  achievements: [] as unknown[],
  round,
};

describe("a round's figures after a day done offline", () => {
  it("finishing Foundations' day 21 offline: 21 days, 100 %, the round finished today", () => {
    const after = withWrite(state, { kind: 'finish', day: 21, body: { totalSeconds: 600, reps: 0 } }, NOW);
    expect(after.days).toHaveLength(21);
    expect(after.stats).toMatchObject({ totalWorkouts: 21, progressPercentage: 100, currentStreak: 21 });
    expect(after.achievements).toHaveLength(3);
    expect(after.round).toMatchObject({ status: 'finished', lastCompletedDay: 21, finishedOn: '2026-07-21' });
  });

  it('the same from the offline queue, when the page is opened again offline', () => {
    const after = withPendingWrites(state, [
      {
        key: 'k',
        userId: 'u',
        method: 'POST',
        path: '/api/program/days/21/finish',
        body: { totalSeconds: 600, reps: 0 },
        queuedAt: NOW.toISOString(),
      },
    ]);
    expect(after.days).toHaveLength(21);
    expect(after.round).toMatchObject({ status: 'finished', finishedOn: '2026-07-21' });
  });

  it('gives an answer kept by an older release (no round) its round 1 of Core28', () => {
    const { round: _round, ...old } = state;
    const kept = withRound({ ...old, currentDay: 5, completions: twenty.slice(0, 3) });
    expect((kept as typeof kept & { round: unknown }).round).toMatchObject({
      number: 1,
      program: { slug: 'core28', days: 28 },
      lastCompletedDay: 3,
    });
    expect(withRound(state).round).toBe(round);
  });
});
