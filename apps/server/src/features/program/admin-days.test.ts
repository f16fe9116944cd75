import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exercises, profiles, programExercises as programDays, programs } from '../../platform/db/schema.ts';
import { createMember, createTestApp, json, signInAdmin, type TestApp } from '../../testing/harness.ts';

// The coach edits and reorders the program days; members see the change.

const NOW = new Date('2026-07-10T15:00:00Z');
let t: TestApp;
let admin: string;
let idOf: Map<string, number>;
beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  admin = await signInAdmin(t);
  idOf = new Map((await t.db.select().from(exercises)).map((e) => [e.name, e.id]));
});
afterAll(() => t.close());

async function memberOnDay(day: number) {
  const member = await createMember(t);
  const registered = new Date(NOW.getTime() - (day - 1) * 86_400_000);
  await t.db.update(profiles).set({ registrationDate: registered }).where(eq(profiles.userId, member.userId));
  return member;
}

const put = (day: number | string, body: unknown, cookie = admin) =>
  t.request(`/api/admin/program-days/${day}`, { method: 'PUT', cookie, json: body });
const swap = (body: unknown, cookie = admin) =>
  t.request('/api/admin/program-days/swap', { cookie, json: body });
/** Core28's day (the other programs have days of the same numbers). */
const rowOf = async (day: number) =>
  (
    await t.db
      .select()
      .from(programDays)
      .innerJoin(programs, eq(programs.id, programDays.programId))
      .where(and(eq(programs.slug, 'core28'), eq(programDays.day, day)))
  )[0]?.program_exercises;

describe('admin program days', () => {
  it('lists the 28 days with exercise and prescription, seeded by nobody', async () => {
    const res = await t.client(admin).admin['program-days'].$get();
    expect(res.status).toBe(200);
    const { days } = await res.json();
    expect(days).toHaveLength(28);
    expect(days[0]).toEqual({
      day: 1,
      exercise: { id: idOf.get('Dead Bug'), name: 'Dead Bug', category: 'reps' },
      prescription: { sets: 6, workSeconds: null, targetReps: 20, restSeconds: 75 },
      updatedAt: expect.any(String),
      updatedBy: null,
    });
  });

  it('edits a day: members see the new prescription in the plan and the session', async () => {
    const member = await memberOnDay(5);
    const plankId = idOf.get('Forearm Plank')!;
    const res = await put(5, {
      exerciseId: plankId,
      sets: 4,
      workSeconds: 45,
      targetReps: null,
      restSeconds: 30,
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({
      day: 5,
      exercise: { id: plankId, name: 'Forearm Plank', category: 'time' },
      prescription: { sets: 4, workSeconds: 45, targetReps: null, restSeconds: 30 },
      updatedAt: NOW.toISOString(),
      updatedBy: 'Coach',
    });
    const plan = (await json(await t.request('/api/program', { cookie: member.cookie }))).plan;
    expect(plan[4]).toMatchObject({
      day: 5,
      exercise: { name: 'Forearm Plank' },
      prescription: { sets: 4, workSeconds: 45 },
    });
    const session = await json(await t.request('/api/program/days/5/session', { cookie: member.cookie }));
    expect(session.steps.filter((s: { kind: string }) => s.kind === 'work')).toHaveLength(4);
    expect(session.estimatedSeconds).toBe(240 + 4 * 45 + 3 * 30 + 180);
    // the exercises page: Forearm Plank is now used on days 2 and 5, listed once
    const list = await json(await t.request('/api/exercises', { cookie: member.cookie }));
    const plank = list.exercises.filter((e: { name: string }) => e.name === 'Forearm Plank');
    expect(plank).toHaveLength(1);
    expect(plank[0]).toMatchObject({ days: [2, 5], dayNumber: 5, status: 'current' });
    expect(list.exercises.map((e: { dayNumber: number }) => e.dayNumber)).toEqual([1, 3, 4, 5]);
    const today = await json(await t.request('/api/exercises/today', { cookie: member.cookie }));
    expect(today).toMatchObject({
      dayNumber: 5,
      exercise: { name: 'Forearm Plank' },
      prescription: { sets: 4 },
    });
  });

  it('refuses out-of-bounds numbers and fields that do not fit the category, writing nothing', async () => {
    const before = await rowOf(6);
    const reps = {
      exerciseId: idOf.get('Crunch'),
      sets: 5,
      workSeconds: null,
      targetReps: 15,
      restSeconds: 45,
    };
    const cases: [number | string, unknown, string][] = [
      [6, { ...reps, sets: 0 }, 'Sets must be between 1 and 10'],
      [6, { ...reps, sets: 11 }, 'Sets must be between 1 and 10'],
      [6, { ...reps, targetReps: 101 }, 'Target reps must be between 1 and 100'],
      [6, { ...reps, restSeconds: -5 }, 'Rest must be between 0 and 300 seconds'],
      [6, { ...reps, restSeconds: 301 }, 'Rest must be between 0 and 300 seconds'],
      [6, { ...reps, targetReps: null, workSeconds: 5 }, 'Work time must be between 10 and 300 seconds'],
      [
        6,
        { ...reps, workSeconds: 30 },
        'Give either work seconds (a time exercise) or target reps (a reps exercise), not both',
      ],
      [
        6,
        { ...reps, targetReps: null, workSeconds: 30 },
        'A reps exercise needs target reps and no work seconds',
      ],
      [
        6,
        { ...reps, exerciseId: idOf.get('Side Plank') },
        'A time exercise needs work seconds and no target reps',
      ],
      [6, { ...reps, exerciseId: 999_999 }, 'No such exercise'],
      [6, { ...reps, exerciseId: 'x' }, 'Choose an exercise'],
      [29, reps, 'Day must be a whole number from 1 to 28'],
      // Not a day of any program (they run 7 to 42 days)
      ['x', reps, 'Day must be a whole number from 1 to 42'],
      [43, reps, 'Day must be a whole number from 1 to 42'],
    ];
    for (const [day, body, message] of cases) {
      const res = await put(day, body);
      expect(res.status, message).toBe(400);
      expect(await json(res)).toEqual({ error: { code: 'BAD_REQUEST', message } });
    }
    expect(await rowOf(6)).toEqual(before);
  });

  it('swaps two days, exercise and prescription, and refuses a day with itself', async () => {
    const [day8, day22] = [await rowOf(8), await rowOf(22)];
    const res = await swap({ from: 8, to: 22 });
    expect(res.status).toBe(200);
    const { days } = await json(res);
    expect(days).toHaveLength(28);
    expect(await rowOf(8)).toMatchObject({
      exerciseId: day22!.exerciseId,
      sets: day22!.sets,
      targetReps: day22!.targetReps,
    });
    expect(await rowOf(22)).toMatchObject({
      exerciseId: day8!.exerciseId,
      sets: day8!.sets,
      targetReps: day8!.targetReps,
    });
    expect(days[7].exercise.name).toBe('Hollow Body Rocks');
    const same = await swap({ from: 3, to: 3 });
    expect(same.status).toBe(400);
    expect((await json(same)).error.message).toBe('Choose two different days');
    expect((await swap({ from: 0, to: 3 })).status).toBe(400);
  });

  it('uses the default for the other measure when the coach changed an exercise category', async () => {
    const member = await memberOnDay(3);
    const glute = idOf.get('Glute Bridge')!;
    await t.db.update(exercises).set({ category: 'time' }).where(eq(exercises.id, glute));
    const session = await json(await t.request('/api/program/days/3/session', { cookie: member.cookie }));
    expect(session.prescription).toEqual({ sets: 6, workSeconds: 60, targetReps: null, restSeconds: 75 });
    await t.db.update(exercises).set({ category: 'reps' }).where(eq(exercises.id, glute));
  });

  it('is for admins only', async () => {
    const member = await memberOnDay(1);
    expect((await t.request('/api/admin/program-days', { cookie: member.cookie })).status).toBe(403);
    expect((await t.request('/api/admin/program-days')).status).toBe(401);
    const body = {
      exerciseId: idOf.get('Crunch'),
      sets: 2,
      workSeconds: null,
      targetReps: 5,
      restSeconds: 5,
    };
    expect((await put(1, body, member.cookie)).status).toBe(403);
    expect((await swap({ from: 1, to: 2 }, member.cookie)).status).toBe(403);
    expect((await rowOf(1))?.sets).toBe(6);
  });
});
