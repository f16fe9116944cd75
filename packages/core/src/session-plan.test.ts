import { describe, expect, it } from 'vitest';
import { PROGRAM_DAYS } from './program.ts';
import {
  defaultPrescription,
  estimatedPrescriptionSeconds,
  estimatedSessionSeconds,
  PRESCRIPTION_BOUNDS,
  PrescriptionSchema,
  prescriptionMismatch,
  SECONDS_PER_REP,
  type SessionStep,
  sessionPlan,
} from './session-plan.ts';

const plank = {
  name: 'Forearm Plank',
  category: 'time' as const,
  demoKey: 'forearm-plank',
  exercise: 'Hold it.',
};
const deadBug = {
  name: 'Dead Bug',
  category: 'reps' as const,
  demoKey: 'dead-bug',
  exercise: 'Lower slowly.',
};
const days = Array.from({ length: PROGRAM_DAYS }, (_, i) => i + 1);
const planFor = (day: number, exercise: typeof plank | typeof deadBug) =>
  sessionPlan({ day, exercise, prescription: defaultPrescription(day, exercise.category) });
const seconds = (steps: SessionStep[], kind: SessionStep['kind']) =>
  steps.filter((s) => s.kind === kind).reduce((sum, s) => sum + (s.durationSeconds ?? 0), 0);

describe('sessionPlan', () => {
  it('runs warm-up, sets with rest between them, then cool-down', () => {
    const steps = sessionPlan({
      day: 3,
      exercise: plank,
      prescription: { sets: 3, workSeconds: 40, targetReps: null, restSeconds: 20 },
    });
    expect(steps.map((s) => s.id)).toEqual([
      'warmup-1',
      'warmup-2',
      'warmup-3',
      'warmup-4',
      'work-1',
      'rest-1',
      'work-2',
      'rest-2',
      'work-3',
      'cooldown-1',
      'cooldown-2',
      'cooldown-3',
      'cooldown-4',
    ]);
    const work = steps.filter((s) => s.kind === 'work');
    expect(work.map((s) => [s.title, s.durationSeconds, s.targetReps, s.set, s.sets, s.demoKey])).toEqual([
      ['Set 1 of 3', 40, null, 1, 3, 'forearm-plank'],
      ['Set 2 of 3', 40, null, 2, 3, 'forearm-plank'],
      ['Set 3 of 3', 40, null, 3, 3, 'forearm-plank'],
    ]);
    expect(steps.filter((s) => s.kind === 'rest').every((s) => s.durationSeconds === 20)).toBe(true);
    expect(steps.at(-1)?.kind).toBe('cooldown');
    expect(estimatedSessionSeconds(steps)).toBe(240 + 3 * 40 + 2 * 20 + 180);
  });

  it('gives a reps set a target and no duration, estimated at SECONDS_PER_REP a rep', () => {
    const steps = sessionPlan({
      day: 1,
      exercise: deadBug,
      prescription: { sets: 2, workSeconds: null, targetReps: 12, restSeconds: 30 },
    });
    const work = steps.filter((s) => s.kind === 'work');
    expect(work.map((s) => [s.durationSeconds, s.targetReps])).toEqual([
      [null, 12],
      [null, 12],
    ]);
    expect(work[0]?.instructions).toContain('12 reps');
    expect(estimatedSessionSeconds(steps)).toBe(240 + 2 * 12 * SECONDS_PER_REP + 30 + 180);
  });

  it('has no rest after the last set, and no rest steps when rest is 0', () => {
    const one = sessionPlan({
      day: 1,
      exercise: plank,
      prescription: { sets: 1, workSeconds: 30, targetReps: null, restSeconds: 60 },
    });
    expect(one.filter((s) => s.kind === 'rest')).toEqual([]);
    const noRest = sessionPlan({
      day: 1,
      exercise: plank,
      prescription: { sets: 4, workSeconds: 30, targetReps: null, restSeconds: 0 },
    });
    expect(noRest.filter((s) => s.kind === 'rest')).toEqual([]);
    expect(noRest.filter((s) => s.kind === 'work')).toHaveLength(4);
  });

  it('warms up for about 4 minutes and cools down for about 3 with the eight demo keys', () => {
    const steps = planFor(1, plank);
    expect(seconds(steps, 'warmup')).toBe(240);
    expect(seconds(steps, 'cooldown')).toBe(180);
    expect(steps.filter((s) => s.kind === 'warmup').map((s) => s.demoKey)).toEqual([
      'march-in-place',
      'arm-circles',
      'cat-cow',
      'torso-twist',
    ]);
    expect(steps.filter((s) => s.kind === 'cooldown').map((s) => s.demoKey)).toEqual([
      'childs-pose',
      'cobra-stretch',
      'knees-to-chest',
      'supine-twist',
    ]);
    expect(new Set(steps.map((s) => s.id)).size).toBe(steps.length);
  });

  it('estimates every day of both categories at 18 to 24 minutes', () => {
    for (const day of days) {
      for (const exercise of [plank, deadBug]) {
        const minutes = estimatedSessionSeconds(planFor(day, exercise)) / 60;
        expect(minutes, `day ${day} ${exercise.category}`).toBeGreaterThanOrEqual(18);
        expect(minutes, `day ${day} ${exercise.category}`).toBeLessThanOrEqual(24);
      }
    }
  });
});

describe('defaultPrescription', () => {
  const volume = (day: number, category: 'time' | 'reps') => {
    const p = defaultPrescription(day, category);
    return p.sets * (p.workSeconds ?? p.targetReps ?? 0);
  };

  it('fits the category and stays within the bounds', () => {
    for (const day of days) {
      expect(prescriptionMismatch(defaultPrescription(day, 'time'), 'time')).toBeNull();
      expect(prescriptionMismatch(defaultPrescription(day, 'reps'), 'reps')).toBeNull();
      expect(PrescriptionSchema.safeParse(defaultPrescription(day, 'time')).success).toBe(true);
      expect(PrescriptionSchema.safeParse(defaultPrescription(day, 'reps')).success).toBe(true);
    }
  });

  it('is the same within a week and grows from week 1 to week 4', () => {
    expect(defaultPrescription(1, 'time')).toEqual(defaultPrescription(7, 'time'));
    for (const category of ['time', 'reps'] as const) {
      const weekly = [1, 8, 15, 22].map((day) => volume(day, category));
      for (let week = 1; week < 4; week++) expect(weekly[week]).toBeGreaterThan(weekly[week - 1] ?? 0);
      expect(defaultPrescription(22, category).restSeconds).toBeLessThanOrEqual(
        defaultPrescription(1, category).restSeconds,
      );
    }
  });
});

describe('PrescriptionSchema', () => {
  const valid = { sets: 5, workSeconds: 45, targetReps: null, restSeconds: 30 };
  const message = (input: unknown) => PrescriptionSchema.safeParse(input).error?.issues[0]?.message;

  it('takes a prescription within the bounds, treating a missing unused field as null', () => {
    expect(PrescriptionSchema.parse(valid)).toEqual(valid);
    expect(PrescriptionSchema.parse({ sets: 3, targetReps: 12, restSeconds: 0 })).toEqual({
      sets: 3,
      workSeconds: null,
      targetReps: 12,
      restSeconds: 0,
    });
  });

  it('says which number is out of bounds', () => {
    expect(PRESCRIPTION_BOUNDS.sets).toEqual([1, 10]);
    expect(message({ ...valid, sets: 0 })).toBe('Sets must be between 1 and 10');
    expect(message({ ...valid, sets: 11 })).toBe('Sets must be between 1 and 10');
    expect(message({ ...valid, sets: 2.5 })).toBe('Sets must be between 1 and 10');
    expect(message({ ...valid, workSeconds: 5 })).toBe('Work time must be between 10 and 300 seconds');
    expect(message({ ...valid, workSeconds: null, targetReps: 101 })).toBe(
      'Target reps must be between 1 and 100',
    );
    expect(message({ ...valid, restSeconds: 301 })).toBe('Rest must be between 0 and 300 seconds');
    expect(message({ ...valid, restSeconds: '30' })).toBe('Rest must be between 0 and 300 seconds');
  });

  it('wants either work seconds or target reps', () => {
    expect(message({ ...valid, targetReps: 10 })).toMatch(/either work seconds .* or target reps/);
    expect(message({ ...valid, workSeconds: null })).toMatch(/either work seconds .* or target reps/);
  });

  it('checks the fit with the exercise category', () => {
    expect(prescriptionMismatch(valid, 'reps')).toBe('A reps exercise needs target reps and no work seconds');
    expect(prescriptionMismatch({ ...valid, workSeconds: null, targetReps: 8 }, 'time')).toBe(
      'A time exercise needs work seconds and no target reps',
    );
  });
});

describe('estimatedPrescriptionSeconds', () => {
  it("equals the estimate of the day's steps for every prescription in a grid of both kinds", () => {
    for (const sets of [1, 2, 3, 5, 10])
      for (const restSeconds of [0, 15, 45, 120])
        for (const measure of [10, 25, 60, 300]) {
          const timed = { sets, restSeconds, workSeconds: measure, targetReps: null };
          const counted = { sets, restSeconds, workSeconds: null, targetReps: measure };
          expect(estimatedPrescriptionSeconds('time', timed)).toBe(
            estimatedSessionSeconds(sessionPlan({ day: 3, exercise: plank, prescription: timed })),
          );
          expect(estimatedPrescriptionSeconds('reps', counted)).toBe(
            estimatedSessionSeconds(sessionPlan({ day: 3, exercise: deadBug, prescription: counted })),
          );
        }
  });
});
