import { describe, expect, it } from 'vitest';
import { formatLocalDate } from '@/lib/member-date';
import {
  compactDuration,
  daysInWeek,
  deltaText,
  durationText,
  isFoundationsOffered,
  movementText,
  nextStepLabels,
  orderBests,
  roundDefaultWeek,
  roundEyebrow,
  weekTabs,
} from './round-view';

const core28 = { slug: 'core28', name: 'Core28', days: 28 };
const foundations = { slug: 'foundations', name: 'Foundations', days: 21 };

describe('the round on /program', () => {
  it("has the program's weeks: Core28's four named ones, Foundations' three, a 42-day program's six", () => {
    expect(weekTabs('core28', 28).map((t) => t.label)).toEqual([
      'Week 1: Foundation Week',
      'Week 2: Strength Building',
      'Week 3: Power & Conditioning',
      'Week 4: Mastery & Peak',
    ]);
    expect(weekTabs('foundations', 21).map((t) => t.label)).toEqual(['Week 1', 'Week 2', 'Week 3']);
    expect(weekTabs('long', 42)).toHaveLength(6);
    // A program of 10 days: a second week of three days.
    expect(weekTabs('short', 10)).toHaveLength(2);
    expect(daysInWeek(2, 10)).toEqual([8, 9, 10]);
  });

  it('opens the week of the current day, never past the last week', () => {
    expect(roundDefaultWeek(1, 21)).toBe(1);
    expect(roundDefaultWeek(15, 21)).toBe(3);
    expect(roundDefaultWeek(28, 21)).toBe(3);
    expect(roundDefaultWeek(14, 14)).toBe(2);
  });

  it('names the program, and the round after the first', () => {
    expect(roundEyebrow({ number: 1, program: core28 })).toBe('Your 28-Day Program');
    expect(roundEyebrow({ number: 1, program: foundations })).toBe('Foundations');
    expect(
      roundEyebrow({ number: 2, program: { ...core28, slug: 'core28-round-2', name: 'Core28 Round 2+' } }),
    ).toBe('Core28 Round 2+ · Round 2');
  });

  it('offers the harder next round after Core28, and the same again', () => {
    expect(nextStepLabels({ number: 1, program: core28 }, { recommended: 'core28-round-2' })).toEqual({
      recommended: 'Start round 2 — harder',
      repeat: 'Repeat Core28',
    });
    expect(nextStepLabels({ number: 3, program: foundations }, { recommended: 'foundations' })).toEqual({
      recommended: 'Start round 4',
      repeat: 'Repeat',
    });
  });

  it('offers Foundations to a beginner in their first days of Core28 only', () => {
    const round = { number: 1, program: core28, status: 'running' as const };
    expect(isFoundationsOffered({ fitnessLevel: 'beginner', round, daysDone: 3 })).toBe(true);
    expect(isFoundationsOffered({ fitnessLevel: 'beginner', round, daysDone: 4 })).toBe(false);
    expect(isFoundationsOffered({ fitnessLevel: 'intermediate', round, daysDone: 0 })).toBe(false);
    expect(isFoundationsOffered({ fitnessLevel: null, round, daysDone: 0 })).toBe(false);
    expect(
      isFoundationsOffered({ fitnessLevel: 'beginner', round: { ...round, number: 2 }, daysDone: 0 }),
    ).toBe(false);
    expect(
      isFoundationsOffered({
        fitnessLevel: 'beginner',
        round: { ...round, program: foundations },
        daysDone: 0,
      }),
    ).toBe(false);
  });
});

describe('the results', () => {
  it('says each best against the round before', () => {
    expect(deltaText(40, 30, 's')).toBe('+10 s');
    expect(deltaText(25, 30, 's')).toBe('−5 s');
    expect(deltaText(12, 12, 'reps')).toBe('same');
    expect(deltaText(12, null, 'reps')).toBeNull();
    expect(deltaText(null, 10, 'reps')).toBeNull();
  });

  it('says how feeling moved, and time in minutes and hours', () => {
    expect(movementText({ first: 3, last: 4.5, change: 1.5 })).toBe('3.0 → 4.5 (+1.5)');
    expect(movementText({ first: 4, last: 3.5, change: -0.5 })).toBe('4.0 → 3.5 (−0.5)');
    expect(movementText(null)).toBeNull();
    expect(durationText(0)).toBe('0 min');
    expect(durationText(18 * 60 + 20)).toBe('18 min');
    expect(durationText(72 * 60)).toBe('1 h 12 min');
  });

  it('writes a finished date in English, the same day whatever the zone', () => {
    expect(formatLocalDate('2026-12-30')).toBe('December 30');
    expect(formatLocalDate('2026-01-01', { month: 'long', day: 'numeric', year: 'numeric' })).toBe(
      'January 1, 2026',
    );
  });
});

describe('the bests on the results screen', () => {
  const best = (name: string, category: 'time' | 'reps', now: number | null, before: number | null) => ({
    name,
    category,
    bestHoldSeconds: category === 'time' ? now : null,
    mostReps: category === 'reps' ? now : null,
    before:
      before === null
        ? null
        : {
            bestHoldSeconds: category === 'time' ? before : null,
            mostReps: category === 'reps' ? before : null,
          },
  });

  it('puts the biggest gains first and the exercises not logged last', () => {
    const ordered = orderBests([
      best('Not logged', 'reps', null, null),
      best('New', 'time', 60, null),
      best('Small gain', 'time', 40, 35),
      best('Worse', 'reps', 10, 12),
      best('Big gain', 'reps', 30, 10),
    ]);
    expect(ordered.map((e) => e.name)).toEqual(['Big gain', 'Small gain', 'Worse', 'New', 'Not logged']);
  });

  it('writes a long time compactly in a stat tile', () => {
    expect(compactDuration(415 * 60)).toBe('6h 55m');
    expect(compactDuration(18 * 60)).toBe('18 min');
  });
});
