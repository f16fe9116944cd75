import { describe, expect, it } from 'vitest';
import { localDate } from './local-day.ts';
import { currentProgramDay, currentStreak, missedInARow } from './program.ts';
import {
  beginnerPrescription,
  continuedStart,
  readRound,
  repeatedPrescription,
  roundDayNumber,
  roundFinishedOn,
  roundStandingLabel,
  scaledPrescription,
} from './rounds.ts';

const days = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('a round', () => {
  it("is spec §4's reading inside the first 28 days: the clamped day, its streak and missed days", () => {
    const registered = new Date('2026-11-01T09:00:00Z');
    for (const [now, completed] of [
      ['2026-11-01T20:00:00Z', []],
      ['2026-11-05T08:00:00Z', [1, 2, 3]],
      ['2026-11-10T23:59:00Z', [1, 2, 5, 6, 9]],
      ['2026-11-28T12:00:00Z', days(1, 27)],
    ] as const) {
      const at = new Date(now);
      const dayNumber = roundDayNumber(registered, at);
      const reading = readRound(completed, { length: 28, dayNumber });
      expect(reading.currentDay).toBe(currentProgramDay(registered, at));
      expect(reading.streak).toBe(currentStreak(completed, reading.currentDay));
      expect(reading.missedInARow).toBe(missedInARow(completed, reading.currentDay));
      expect(reading.status).toBe(reading.missedInARow > 2 ? 'behind' : 'running');
    }
  });

  it('finishes when the last day is done, or its date has passed', () => {
    expect(readRound(days(1, 28), { length: 28, dayNumber: 28 }).status).toBe('finished');
    expect(readRound(days(1, 27), { length: 28, dayNumber: 28 }).status).toBe('running');
    // Day 27 done, day 28 missed, two days on: finished, not behind.
    expect(readRound(days(1, 27), { length: 28, dayNumber: 30 })).toMatchObject({
      status: 'finished',
      currentDay: 28,
      missedInARow: 2,
    });
    // A 21-day program is finished at its day 21.
    expect(readRound(days(1, 21), { length: 21, dayNumber: 21 }).status).toBe('finished');
  });

  it('between rounds, the streak counts calendar days: it ends once a day passes without training', () => {
    const done = days(1, 28);
    expect(readRound(done, { length: 28, dayNumber: 28 }).streak).toBe(28);
    expect(readRound(done, { length: 28, dayNumber: 29 }).streak).toBe(28); // yesterday was day 28
    expect(readRound(done, { length: 28, dayNumber: 30 }).streak).toBe(0);
    // Day 35, idle a week: no 28-day streak, 6 days missed (what the coach sees).
    expect(readRound(done, { length: 28, dayNumber: 35 })).toMatchObject({
      currentDay: 28,
      streak: 0,
      missedInARow: 6,
      status: 'finished',
    });
  });

  it('is behind when more than 2 days passed without training and the last day is not done', () => {
    expect(readRound([1, 2], { length: 28, dayNumber: 5 }).status).toBe('running'); // 2 missed
    expect(readRound([1, 2], { length: 28, dayNumber: 6 })).toMatchObject({
      status: 'behind',
      missedInARow: 3,
    });
    expect(readRound([], { length: 28, dayNumber: 4 }).status).toBe('behind');
    // Stopped at day 20, now day 60: behind, last completed 20.
    expect(readRound(days(1, 20), { length: 28, dayNumber: 60 })).toMatchObject({
      status: 'behind',
      lastCompletedDay: 20,
      currentDay: 28,
    });
  });

  it('continuing moves the start so that today is the day after the last completed one', () => {
    for (const timeZone of [null, 'Europe/Berlin', 'America/Los_Angeles', 'Pacific/Kiritimati']) {
      const now = new Date('2026-03-29T10:30:00Z'); // the day Europe's clocks go forward
      const start = continuedStart(20, now, timeZone);
      expect(roundDayNumber(start, now, timeZone)).toBe(21);
      // At the start's own local midnight, in the member's zone.
      expect(localDate(start, timeZone)).toBe(localDate(new Date(now.getTime() - 20 * 86_400_000), timeZone));
      expect(roundDayNumber(start, new Date(start.getTime() - 1), timeZone)).toBe(0);
      // No day done yet: today becomes day 1.
      expect(roundDayNumber(continuedStart(0, now, timeZone), now, timeZone)).toBe(1);
    }
  });

  it('says the date it finished on: the last day done, else the last day of the round', () => {
    const startedAt = new Date('2026-12-03T08:00:00Z');
    const done = readRound(days(1, 28), { length: 28, dayNumber: 30 });
    expect(
      roundFinishedOn(done, { startedAt, length: 28, lastDayCompletedOn: '2026-12-30', timeZone: null }),
    ).toBe('2026-12-30');
    const lapsed = readRound(days(1, 27), { length: 28, dayNumber: 30 });
    expect(roundFinishedOn(lapsed, { startedAt, length: 28, lastDayCompletedOn: null, timeZone: null })).toBe(
      '2026-12-30',
    );
    const running = readRound([1], { length: 28, dayNumber: 2 });
    expect(roundFinishedOn(running, { startedAt, length: 28, lastDayCompletedOn: null })).toBeNull();
  });
});

describe('prescriptions that fit the member', () => {
  it("halves a beginner's first round: Dead Bug 6 × 20 becomes 3 × 10, holds two-thirds", () => {
    expect(beginnerPrescription({ sets: 6, workSeconds: null, targetReps: 20, restSeconds: 75 })).toEqual({
      sets: 3,
      workSeconds: null,
      targetReps: 10,
      restSeconds: 75,
    });
    expect(beginnerPrescription({ sets: 8, workSeconds: 72, targetReps: null, restSeconds: 60 })).toEqual({
      sets: 4,
      workSeconds: 50,
      targetReps: null,
      restSeconds: 60,
    });
    expect(
      beginnerPrescription({ sets: 1, workSeconds: 10, targetReps: null, restSeconds: 0 }),
    ).toMatchObject({
      sets: 1,
      workSeconds: 10,
    });
  });

  it('only on the first round: later rounds grow harder with each repeat of the program', () => {
    const p = { sets: 6, workSeconds: 60, targetReps: null, restSeconds: 75 };
    const first = { fitnessLevel: 'beginner' as const, roundNumber: 1, earlierRoundsOfProgram: 0 };
    expect(scaledPrescription(p, first).sets).toBe(3);
    expect(scaledPrescription(p, { ...first, roundNumber: 2 })).toEqual(p);
    expect(scaledPrescription(p, { ...first, fitnessLevel: 'advanced' })).toEqual(p);
    expect(
      scaledPrescription(p, { fitnessLevel: null, roundNumber: 3, earlierRoundsOfProgram: 1 }).workSeconds,
    ).toBe(65);
    expect(repeatedPrescription(p, 2).workSeconds).toBe(70);
    expect(repeatedPrescription(p, 20).workSeconds).toBe(90); // at most half as much again
    expect(repeatedPrescription({ ...p, workSeconds: 280 }, 5).workSeconds).toBe(300); // within bounds
    expect(
      repeatedPrescription({ sets: 6, workSeconds: null, targetReps: 20, restSeconds: 75 }, 1).targetReps,
    ).toBe(22);
  });
});

describe("the coach's one line", () => {
  const standing = {
    number: 2,
    program: { slug: 'foundations', name: 'Foundations', days: 21 },
    status: 'running' as const,
    currentDay: 5,
    lastCompletedDay: 4,
    finishedOn: null,
  };
  it('names the program, the round and the day inside it; the break and the end otherwise', () => {
    expect(roundStandingLabel(standing)).toBe('Foundations · round 2 · day 5');
    expect(roundStandingLabel({ ...standing, status: 'behind', lastCompletedDay: 19 })).toBe(
      'Behind since day 20',
    );
    expect(roundStandingLabel({ ...standing, status: 'finished', finishedOn: '2026-12-30' })).toBe(
      'Between rounds since Dec 30',
    );
    expect(roundStandingLabel({ ...standing, status: 'finished', finishedOn: '2027-01-02' })).toBe(
      'Between rounds since Jan 2',
    );
  });
});
