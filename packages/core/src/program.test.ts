import { describe, expect, it } from 'vitest';
import { currentProgramDay, currentStreak, programStats, progressPercent } from './program.ts';

const at = (iso: string) => new Date(iso);

describe('currentProgramDay (spec §4)', () => {
  it('is day 1 on the day of registration, whatever the hour', () => {
    expect(currentProgramDay(at('2026-03-01T23:59:00Z'), at('2026-03-01T23:59:59Z'))).toBe(1);
    expect(currentProgramDay(at('2026-03-01T00:00:00Z'), at('2026-03-01T23:59:59.999Z'))).toBe(1);
  });

  it('moves on at UTC midnight', () => {
    expect(currentProgramDay(at('2026-03-01T23:59:00Z'), at('2026-03-02T00:00:00Z'))).toBe(2);
    expect(currentProgramDay(at('2026-03-01T12:00:00Z'), at('2026-03-03T00:00:01Z'))).toBe(3);
  });

  it('clamps to 1..28', () => {
    expect(currentProgramDay(at('2026-03-10T00:00:00Z'), at('2026-03-01T00:00:00Z'))).toBe(1);
    expect(currentProgramDay(at('2026-03-01T00:00:00Z'), at('2026-03-28T12:00:00Z'))).toBe(28);
    expect(currentProgramDay(at('2026-03-01T00:00:00Z'), at('2026-03-29T00:00:00Z'))).toBe(28);
    expect(currentProgramDay(at('2026-01-01T00:00:00Z'), at('2026-12-01T00:00:00Z'))).toBe(28);
  });
});

describe('currentStreak (DESIGN.md)', () => {
  it('counts back from today when today is done', () => {
    expect(currentStreak([1, 2, 3], 3)).toBe(3);
  });
  it('counts back from yesterday while today is pending', () => {
    expect(currentStreak([1, 2, 3], 4)).toBe(3);
  });
  it('is broken by one missing day', () => {
    expect(currentStreak([1, 2, 4, 5], 5)).toBe(2);
    expect(currentStreak([1, 2, 3], 5)).toBe(0);
  });
  it('is zero with nothing done', () => {
    expect(currentStreak([], 1)).toBe(0);
  });
  it('reaches 28 for a perfect program', () => {
    expect(
      currentStreak(
        Array.from({ length: 28 }, (_, i) => i + 1),
        28,
      ),
    ).toBe(28);
  });
});

describe('progress', () => {
  it('is completed days over 28', () => {
    expect(progressPercent(0)).toBe(0);
    expect(progressPercent(7)).toBe(25);
    expect(progressPercent(14)).toBe(50);
    expect(progressPercent(28)).toBe(100);
    expect(progressPercent(1)).toBe(4);
  });

  it('programStats ignores duplicates and days outside the program', () => {
    const currentDay = currentProgramDay(at('2026-03-01T00:00:00Z'), at('2026-03-04T10:00:00Z'));
    expect(programStats([1, 2, 2, 3, 40], currentDay)).toEqual({
      totalWorkouts: 3,
      currentStreak: 3,
      currentDay: 4,
      progressPercentage: 11,
    });
  });
});
