import { slugify } from '@core28/core/blog';
import {
  defaultPrescription,
  type ExerciseCategory,
  estimatedPrescriptionSeconds,
  PRESCRIPTION_BOUNDS,
  type Prescription,
  prescriptionMismatch,
  SECONDS_PER_REP,
} from '@core28/core/session-plan';
import { describe, expect, it } from 'vitest';
import { SEED_EXERCISES } from './content.ts';
import { SEED_EXTRA_EXERCISES, SEED_PROGRAMS, type SeedProgram, type SeedProgramItem } from './programs.ts';

// Pure checks of the programs' content (no database): the names, measures and bounds the programs
// tables will hold, and what each program promises against Core28 (day N: the Nth of SEED_EXERCISES
// with defaultPrescription). The web's demos.test.tsx checks that every extra exercise has a demo.

const ALL_EXERCISES = [...SEED_EXERCISES, ...SEED_EXTRA_EXERCISES];
const CATEGORY = new Map(ALL_EXERCISES.map((e) => [e.name, e.category]));
const categoryOf = (item: SeedProgramItem): ExerciseCategory => CATEGORY.get(item.exercise)!;
const prescriptionOf = (item: SeedProgramItem): Prescription => ({
  sets: item.sets,
  workSeconds: item.workSeconds ?? null,
  targetReps: item.targetReps ?? null,
  restSeconds: item.restSeconds,
});
const program = (slug: string): SeedProgram => SEED_PROGRAMS.find((p) => p.slug === slug)!;
const items = (p: SeedProgram) => p.days.flatMap((day, i) => day.map((item) => ({ day: i + 1, item })));

/** One set's work as the session estimates it: the hold, or the reps at SECONDS_PER_REP. */
const setSeconds = (item: SeedProgramItem) => item.workSeconds ?? (item.targetReps ?? 0) * SECONDS_PER_REP;
const workSeconds = (day: SeedProgramItem[]) =>
  day.reduce((total, item) => total + item.sets * setSeconds(item), 0);
// The warm-up and cool-down alone: core's estimate of a prescription with no sets.
const MOVES_SECONDS = estimatedPrescriptionSeconds('time', {
  sets: 0,
  workSeconds: null,
  targetReps: null,
  restSeconds: 0,
});
/** A day as core estimates one exercise, each further exercise after its predecessor's rest. */
const daySeconds = (day: SeedProgramItem[]) =>
  day.reduce(
    (total, item, i) =>
      total +
      estimatedPrescriptionSeconds(categoryOf(item), prescriptionOf(item)) -
      MOVES_SECONDS +
      (i > 0 ? day[i - 1]!.restSeconds : 0),
    MOVES_SECONDS,
  );
const core28DaySeconds = (day: number) => {
  const { category } = SEED_EXERCISES[day - 1]!;
  return estimatedPrescriptionSeconds(category, defaultPrescription(day, category));
};

describe('the programs beyond Core28', () => {
  it('are Foundations, Core28 Round 2+ and Express, as long as stated, each described in a sentence or two', () => {
    expect(SEED_PROGRAMS.map((p) => [p.slug, p.name, p.level, p.days.length])).toEqual([
      ['foundations', 'Foundations', 'beginner', 21],
      ['core28-round-2', 'Core28 Round 2+', 'advanced', 28],
      ['express', 'Express', 'intermediate', 14],
    ]);
    for (const p of SEED_PROGRAMS) {
      expect(p.days.length).toBeGreaterThanOrEqual(7);
      expect(p.days.length).toBeLessThanOrEqual(42);
      const sentences = p.description.split(/(?<=[.!?])\s+/);
      expect(sentences.length, p.slug).toBeGreaterThanOrEqual(1);
      expect(sentences.length, p.slug).toBeLessThanOrEqual(2);
      expect(p.description, p.slug).toMatch(/^[A-Z].*[.!]$/);
      for (const day of p.days) expect(day.length, p.slug).toBeGreaterThan(0);
    }
  });

  it('name only seeded exercises, with the one measure their category takes, within the bounds', () => {
    for (const p of SEED_PROGRAMS)
      for (const { day, item } of items(p)) {
        const where = `${p.slug} day ${day}: ${item.exercise}`;
        expect(CATEGORY.has(item.exercise), where).toBe(true);
        expect(prescriptionMismatch(prescriptionOf(item), categoryOf(item)), where).toBeNull();
        for (const key of ['sets', 'workSeconds', 'targetReps', 'restSeconds'] as const) {
          const value = item[key];
          if (value === undefined) continue;
          const [min, max] = PRESCRIPTION_BOUNDS[key];
          expect(Number.isInteger(value) && value >= min && value <= max, `${where} ${key} ${value}`).toBe(
            true,
          );
        }
      }
  });

  it('Foundations: two or three short exercises a day, 12 to 15 minutes, shorter than Core28 that week', () => {
    for (const [i, day] of program('foundations').days.entries()) {
      const where = `day ${i + 1}`;
      expect(day.length, where).toBeGreaterThanOrEqual(2);
      expect(day.length, where).toBeLessThanOrEqual(3);
      for (const item of day) expect(item.sets, where).toBeLessThanOrEqual(3);
      expect(daySeconds(day), where).toBeLessThan(core28DaySeconds(i + 1));
      expect(Math.round(daySeconds(day) / 60), where).toBeGreaterThanOrEqual(12);
      expect(Math.round(daySeconds(day) / 60), where).toBeLessThanOrEqual(15);
    }
  });

  it("Round 2+: one or two exercises a day, every hold and rep count at least the Core28 day's", () => {
    for (const [i, day] of program('core28-round-2').days.entries()) {
      expect(day.length, `day ${i + 1}`).toBeGreaterThanOrEqual(1);
      expect(day.length, `day ${i + 1}`).toBeLessThanOrEqual(2);
      for (const item of day) {
        const core28 = defaultPrescription(i + 1, categoryOf(item));
        const where = `day ${i + 1}: ${item.exercise}`;
        if (item.workSeconds !== undefined)
          expect(item.workSeconds, where).toBeGreaterThanOrEqual(core28.workSeconds!);
        if (item.targetReps !== undefined)
          expect(item.targetReps, where).toBeGreaterThanOrEqual(core28.targetReps!);
      }
    }
  });

  it('Express: circuits of three or four exercises, the same rounds each, 8 to 12 minutes of work', () => {
    for (const [i, day] of program('express').days.entries()) {
      const where = `day ${i + 1}`;
      expect(day.length, where).toBeGreaterThanOrEqual(3);
      expect(day.length, where).toBeLessThanOrEqual(4);
      expect(new Set(day.map((item) => item.sets)).size, where).toBe(1);
      expect(new Set(day.map((item) => item.exercise)).size, where).toBe(day.length);
      expect(workSeconds(day), where).toBeGreaterThanOrEqual(8 * 60);
      expect(workSeconds(day), where).toBeLessThanOrEqual(12 * 60);
    }
  });
});

describe('the extra exercises', () => {
  it('are new, each with its own demo key, written like the 28 and used by a program', () => {
    expect(SEED_EXTRA_EXERCISES.length).toBeGreaterThanOrEqual(6);
    expect(new Set(ALL_EXERCISES.map((e) => e.name)).size).toBe(ALL_EXERCISES.length);
    expect(new Set(ALL_EXERCISES.map((e) => slugify(e.name))).size).toBe(ALL_EXERCISES.length);
    const used = new Set(SEED_PROGRAMS.flatMap((p) => items(p).map(({ item }) => item.exercise)));
    for (const e of SEED_EXTRA_EXERCISES) {
      expect(e.description, e.name).toMatch(/^1\. .+\n2\. .+\n3\. [\s\S]*\nTip: .+$/);
      expect(e.exercise, e.name).toMatch(/^[A-Z].*\.$/);
      expect(used.has(e.name), e.name).toBe(true);
    }
  });
});

describe('every exercise text', () => {
  // The session gives the sets, holds and reps (a program's prescription); a count in the steps
  // ("Do 3 sets of 10", "Hold for 30 seconds") would contradict it.
  const COUNT = /\b\d+\s*(sets?|rounds?|reps?|times|seconds?|taps|crosses|rocks|lowers)\b|\d+\s+per side/i;
  it.each(ALL_EXERCISES.map((e) => [e.name, e] as const))(
    '%s states no count of sets, reps or seconds',
    (_, e) => {
      expect(e.description).not.toMatch(/\d+ sets/);
      expect(e.description).not.toMatch(COUNT);
      expect(e.exercise).not.toMatch(COUNT);
    },
  );
});
