import { describe, expect, it } from 'vitest';
import {
  achievements,
  canCompleteDay,
  canLogResults,
  canLogWellness,
  currentProgramDay,
  dayStatus,
  daysOfWeek,
  defaultWeek,
  energyPercent,
  energyWord,
  estimatedMinutes,
  feelingWord,
  formatMmSs,
  homeExerciseIndex,
  isTomorrow,
  loggedMinutes,
  parseMmSs,
  parseReps,
  programDays,
  readDayResultForm,
  searchExercises,
} from './program.ts';
import {
  DayResultFormSchema,
  DayResultSchema,
  REPS_FORMAT_MESSAGE,
  TIME_FORMAT_MESSAGE,
  WellnessSchema,
} from './program-schemas.ts';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('day status (spec §4)', () => {
  const done = new Set([1, 3]);
  it('is completed, current, missed or future', () => {
    expect(dayStatus(1, 4, done)).toBe('completed');
    expect(dayStatus(2, 4, done)).toBe('missed');
    expect(dayStatus(4, 4, done)).toBe('current');
    expect(dayStatus(5, 4, done)).toBe('future');
    expect(dayStatus(3, 3, done)).toBe('completed');
  });
  // docs/decisions/0004: a day before today that was not completed is missed, not completed.
  it('marks the days before today that were not completed as missed, by the program clock', () => {
    const registered = new Date('2026-07-01T22:30:00Z'); // day 1 is 1 July (UTC)
    const statusesAt = (now: string) =>
      programDays([1, 3], currentProgramDay(registered, new Date(now))).map((d) => d.status);
    // 4 July just before midnight UTC: day 4 is today, days 2 is missed.
    expect(statusesAt('2026-07-04T23:59:59Z').slice(0, 6)).toEqual([
      'completed',
      'missed',
      'completed',
      'current',
      'future',
      'future',
    ]);
    // One second later day 4 was not completed: it is missed, and day 5 is today.
    expect(statusesAt('2026-07-05T00:00:00Z').slice(0, 6)).toEqual([
      'completed',
      'missed',
      'completed',
      'missed',
      'current',
      'future',
    ]);
    const all = programDays([], currentProgramDay(registered, new Date('2026-08-30T12:00:00Z')));
    expect(all).toHaveLength(28);
    expect(all.map((d) => d.day)).toEqual(range(1, 28));
    expect(all.at(-1)?.status).toBe('current'); // the program stops at day 28
    expect(all.filter((d) => d.status === 'missed')).toHaveLength(27);
  });
  it('a completed day stays completed, a missed day can still be completed', () => {
    expect(dayStatus(3, 5, new Set([3]))).toBe('completed');
    expect(canCompleteDay(2, 5, new Set([3]))).toBe(true);
    expect(dayStatus(2, 5, new Set([3, 2]))).toBe('completed');
  });
  it('offers Complete up to today when not completed; tomorrow is labelled', () => {
    expect(canCompleteDay(2, 4, done)).toBe(true);
    expect(canCompleteDay(4, 4, done)).toBe(true);
    expect(canCompleteDay(1, 4, done)).toBe(false);
    expect(canCompleteDay(5, 4, done)).toBe(false);
    expect(isTomorrow(5, 4)).toBe(true);
    expect(isTomorrow(6, 4)).toBe(false);
  });
  it('logs results for past days and today, wellness for today only', () => {
    expect([canLogResults(1, 3), canLogResults(3, 3), canLogResults(4, 3)]).toEqual([true, true, false]);
    expect([canLogWellness(2, 3), canLogWellness(3, 3), canLogWellness(4, 3)]).toEqual([false, true, false]);
  });
});

describe('weeks and exercises', () => {
  it('defaults to week ceil(day/7), at most 4', () => {
    expect([1, 7, 8, 14, 15, 22, 28].map(defaultWeek)).toEqual([1, 1, 2, 2, 3, 4, 4]);
    expect(daysOfWeek(2)).toEqual(range(8, 14));
  });
  it('home rotates through its exercises for visitors', () => {
    expect(homeExerciseIndex(new Date('1970-01-01T23:59:59Z'), 7)).toBe(0);
    expect(homeExerciseIndex(new Date('1970-01-02T00:00:00Z'), 7)).toBe(1);
    expect(homeExerciseIndex(new Date('1970-01-08T00:00:00Z'), 7)).toBe(0);
  });
  it('searches name, description and summary, case-insensitively', () => {
    const list = [
      { name: 'Dead Bug', description: 'Lie on your back', exercise: 'Anti-extension' },
      { name: 'Plank', description: 'Forearms down', exercise: 'A HOLD for the trunk' },
    ];
    expect(searchExercises(list, 'bug').map((e) => e.name)).toEqual(['Dead Bug']);
    expect(searchExercises(list, 'FOREARM').map((e) => e.name)).toEqual(['Plank']);
    expect(searchExercises(list, 'hold').map((e) => e.name)).toEqual(['Plank']);
    expect(searchExercises(list, '  ')).toHaveLength(2);
    expect(searchExercises(list, 'zzz')).toEqual([]);
  });
});

describe('inputs and figures (spec §5, §9)', () => {
  it('parses mm:ss and ignores anything else', () => {
    expect(parseMmSs('01:30')).toBe(90);
    expect(parseMmSs(' 12:05 ')).toBe(725);
    for (const bad of ['1:5', '90', 'ab:cd', '01:60', '', '-1:00']) expect(parseMmSs(bad), bad).toBeNull();
    expect(formatMmSs(90)).toBe('01:30');
    expect(formatMmSs(0)).toBe('00:00');
  });
  it('reps are a whole number, 0 when left empty, and anything else is not a number of reps', () => {
    expect(parseReps('25')).toBe(25);
    expect(parseReps(' 7 ')).toBe(7);
    expect(parseReps('')).toBe(0);
    for (const bad of ['x', 'lots', '-3', '2.5', '12abc', '1e3']) expect(parseReps(bad), bad).toBeNull();
  });
  // spec §5: invalid input is ignored — never saved as 0; the field says why.
  it('the day result form refuses what is not mm:ss or a whole number, with the reason', () => {
    const parse = (time: string, reps: string) => DayResultFormSchema.safeParse({ time, reps });
    expect(parse('01:30', '25').data).toEqual({ totalSeconds: 90, reps: 25 });
    expect(parse('', '').data).toEqual({ totalSeconds: 0, reps: 0 });
    const errors = (time: string, reps: string) =>
      Object.fromEntries((parse(time, reps).error?.issues ?? []).map((i) => [i.path[0], i.message]));
    expect(errors('abc', 'lots')).toEqual({ time: TIME_FORMAT_MESSAGE, reps: REPS_FORMAT_MESSAGE });
    expect(TIME_FORMAT_MESSAGE).toBe('Use mm:ss, e.g. 01:30');
    expect(errors('90', '10')).toEqual({ time: TIME_FORMAT_MESSAGE });
    expect(errors('01:60', '10')).toEqual({ time: TIME_FORMAT_MESSAGE });
    expect(errors('01:00', '100001')).toEqual({ reps: 'That is too many reps' });
  });
  it('the day strip reads its fields without zod, with the same messages', () => {
    expect(readDayResultForm({ time: '01:30', reps: '25' })).toEqual({ totalSeconds: 90, reps: 25 });
    expect(readDayResultForm({ time: ' 2:05 ', reps: ' 7 ' })).toEqual({ totalSeconds: 125, reps: 7 });
    expect(readDayResultForm({ time: '', reps: '' })).toEqual({ totalSeconds: 0, reps: 0 });
    expect(readDayResultForm({ time: 'abc', reps: 'lots' }).errors).toEqual({
      time: 'Use mm:ss, e.g. 01:30',
      reps: 'Use a whole number, e.g. 25',
    });
    expect(readDayResultForm({ time: '01:00', reps: '-3' }).errors).toEqual({
      reps: 'Use a whole number, e.g. 25',
    });
    expect(readDayResultForm({ time: '01:00', reps: '100001' }).errors).toEqual({
      reps: 'That is too many reps',
    });
  });
  it('the server refuses day results that are not whole numbers, with a clear message', () => {
    const message = (body: unknown) => DayResultSchema.safeParse(body).error?.issues[0]?.message;
    expect(message({ day: 1, totalSeconds: 'abc', reps: 1 })).toBe('Time must be a whole number of seconds');
    expect(message({ day: 1, totalSeconds: 1.5, reps: 1 })).toBe('Time must be a whole number of seconds');
    expect(message({ day: 1, totalSeconds: 60, reps: 'lots' })).toBe('Reps must be a whole number');
    expect(message({ day: 1, totalSeconds: 60, reps: 2.5 })).toBe('Reps must be a whole number');
    expect(message({ day: 1, totalSeconds: 60 })).toBe('Reps must be a whole number');
    expect(DayResultSchema.safeParse({ day: 1, totalSeconds: 60, reps: 0 }).success).toBe(true);
  });
  it('energy percent and estimated minutes', () => {
    expect([1, 3, 5].map(energyPercent)).toEqual([0, 50, 100]);
    expect(estimatedMinutes(3)).toBe(57);
  });
  it('feeling and energy read as words, the logged time as minutes', () => {
    expect([1, 2, 3, 4, 5].map(feelingWord)).toEqual(['Awful', 'Low', 'Okay', 'Good', 'Great']);
    expect([1, 2, 3, 4, 5].map(energyWord)).toEqual([
      'Exhausted',
      'Tired',
      'Steady',
      'Energetic',
      'Full of energy',
    ]);
    expect([0, 9].map(feelingWord)).toEqual(['Awful', 'Great']);
    expect(loggedMinutes([])).toBe(0);
    expect(loggedMinutes([{ totalSeconds: 14 * 60 + 30 }, { totalSeconds: 17 * 60 }])).toBe(32);
  });
  it('the schemas refuse bad ratings and days', () => {
    for (const feeling of [0, 6, 2.5, 'x'])
      expect(WellnessSchema.safeParse({ day: 1, feeling, energy: 3 }).success).toBe(false);
    expect(WellnessSchema.safeParse({ day: 1, feeling: 5, energy: 1 }).success).toBe(true);
    // Any program's day (7 to 42 days); the server holds a day to the member's round (decision 0026)
    expect(DayResultSchema.safeParse({ day: 43, totalSeconds: 1, reps: 1 }).success).toBe(false);
    expect(DayResultSchema.safeParse({ day: 0, totalSeconds: 1, reps: 1 }).success).toBe(false);
  });
});

describe('achievements (spec §9)', () => {
  it('Core Warrior counts completed days against 7 × the week', () => {
    const result = achievements(range(1, 8), 9);
    expect(result.map((w) => w.coreWarrior)).toEqual([true, false, false, false]);
  });
  it('Perfect Week needs all seven days of that week', () => {
    expect(achievements(range(1, 7), 8)[0]?.perfectWeek).toBe(true);
    expect(achievements([1, 2, 3, 4, 5, 6, 8], 8)[0]?.perfectWeek).toBe(false);
    expect(achievements(range(8, 14), 14)[1]?.perfectWeek).toBe(true);
  });
  it('Consistency King needs a 28-day streak', () => {
    expect(achievements(range(1, 28), 28)[3]?.consistencyKing).toBe(true);
    expect(achievements(range(2, 28), 28)[3]?.consistencyKing).toBe(false);
  });
});
