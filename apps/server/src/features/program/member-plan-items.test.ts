import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exercises, memberProgramDayChanges, memberProgramDays, profiles } from '../../platform/db/schema.ts';
import {
  createMember,
  createTestApp,
  givePaidTier,
  json,
  signInAdmin,
  type TestApp,
} from '../../testing/harness.ts';

// A coach's own day of several exercises for a 1-on-1 Burn member's current round: written in
// order in one go, answered as items, followed by the member's session, kept in the change log
// (old one-exercise log rows still read), and refused whole when one exercise does not fit.

let t: TestApp;
let admin: string;
let timeIds: number[];
let repsIds: number[];
beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
  const all = await t.db.select({ id: exercises.id, category: exercises.category }).from(exercises);
  timeIds = all.filter((e) => e.category === 'time').map((e) => e.id);
  repsIds = all.filter((e) => e.category === 'reps').map((e) => e.id);
});
afterAll(() => t.close());

async function burnMemberOnDay(day: number) {
  const member = await createMember(t);
  await givePaidTier(t, member, '1-on-1 Burn');
  const registered = new Date(Date.now() - (day - 1) * 86_400_000);
  await t.db.update(profiles).set({ registrationDate: registered }).where(eq(profiles.userId, member.userId));
  return member;
}

const setDay = (userId: string, day: number, body: unknown) =>
  t.request(`/api/admin/member-plans/${userId}/days/${day}`, { method: 'PUT', cookie: admin, json: body });
const timeItem = (exerciseId: number, workSeconds = 40) => ({
  exerciseId,
  sets: 3,
  workSeconds,
  restSeconds: 20,
});
const repsItem = (exerciseId: number, targetReps = 12) => ({
  exerciseId,
  sets: 2,
  targetReps,
  restSeconds: 30,
});

describe("a member's day of several exercises", () => {
  it('writes them in order, answers them as items, and the session follows', async () => {
    const m = await burnMemberOnDay(3);
    const items = [timeItem(timeIds[0]!), repsItem(repsIds[0]!), timeItem(timeIds[1]!, 60)];
    const res = await setDay(m.userId, 5, { items, note: 'A circuit of three' });
    expect(res.status).toBe(200);
    const plan = await json(res);
    const day5 = plan.days.find((d: { day: number }) => d.day === 5);
    expect(day5).toMatchObject({ adjusted: true, note: 'A circuit of three', exercise: { id: timeIds[0] } });
    expect(
      day5.items.map((i: { exercise: { id: number }; prescription: object }) => [
        i.exercise.id,
        i.prescription,
      ]),
    ).toEqual([
      [timeIds[0], { sets: 3, workSeconds: 40, targetReps: null, restSeconds: 20 }],
      [repsIds[0], { sets: 2, workSeconds: null, targetReps: 12, restSeconds: 30 }],
      [timeIds[1], { sets: 3, workSeconds: 60, targetReps: null, restSeconds: 20 }],
    ]);
    // A standard day answers its own items too.
    expect(plan.days.find((d: { day: number }) => d.day === 6).items.length).toBeGreaterThanOrEqual(1);
    const rows = await t.db.select().from(memberProgramDays).where(eq(memberProgramDays.userId, m.userId));
    expect(rows.map((r) => [r.position, r.exerciseId]).sort()).toEqual([
      [1, timeIds[0]],
      [2, repsIds[0]],
      [3, timeIds[1]],
    ]);

    const program = await json(await t.request('/api/program', { cookie: m.cookie }));
    expect(program.plan[4].exercises.map((e: { exercise: { id: number } }) => e.exercise.id)).toEqual([
      timeIds[0],
      repsIds[0],
      timeIds[1],
    ]);

    // Reordered and shortened: the day is replaced whole, and the log keeps both versions.
    const again = await setDay(m.userId, 5, { items: [repsItem(repsIds[0]!), timeItem(timeIds[0]!)] });
    expect(again.status).toBe(200);
    const replaced = await json(again);
    const after = replaced.days.find((d: { day: number }) => d.day === 5);
    expect(after.items.map((i: { exercise: { id: number } }) => i.exercise.id)).toEqual([
      repsIds[0],
      timeIds[0],
    ]);
    const [latest] = replaced.changes;
    expect(latest.before.items.map((i: { exerciseId: number }) => i.exerciseId)).toEqual([
      timeIds[0],
      repsIds[0],
      timeIds[1],
    ]);
    expect(latest.after.items.map((i: { exerciseId: number }) => i.exerciseId)).toEqual([
      repsIds[0],
      timeIds[0],
    ]);
    expect(latest.after).toMatchObject({ exerciseId: repsIds[0], targetReps: 12, adjusted: true });
  });

  it('keeps the one-exercise body working, and reads log rows written before items', async () => {
    const m = await burnMemberOnDay(2);
    expect((await setDay(m.userId, 4, { ...timeItem(timeIds[0]!), note: 'Hold longer' })).status).toBe(200);
    // A row as the log wrote it before a day had items.
    const old = {
      exerciseId: repsIds[0],
      exerciseName: 'Old exercise',
      sets: 2,
      workSeconds: null,
      targetReps: 10,
      restSeconds: 30,
      note: '',
      adjusted: false,
    };
    await t.db.insert(memberProgramDayChanges).values({
      userId: m.userId,
      day: 9,
      before: old,
      after: { ...old, adjusted: true },
      changedAt: new Date(0),
    });
    const plan = await json(await t.request(`/api/admin/member-plans/${m.userId}`, { cookie: admin }));
    const day4 = plan.days.find((d: { day: number }) => d.day === 4);
    expect(day4.items).toEqual([
      {
        exercise: expect.objectContaining({ id: timeIds[0] }),
        prescription: { sets: 3, workSeconds: 40, targetReps: null, restSeconds: 20 },
      },
    ]);
    const legacy = plan.changes.find((c: { day: number }) => c.day === 9);
    expect(legacy.before.items).toEqual([
      {
        exerciseId: repsIds[0],
        exerciseName: 'Old exercise',
        sets: 2,
        workSeconds: null,
        targetReps: 10,
        restSeconds: 30,
      },
    ]);
  });

  it('refuses the whole day when one exercise does not fit, or there are none or too many', async () => {
    const m = await burnMemberOnDay(2);
    const cases: [unknown, string][] = [
      [
        { items: [timeItem(timeIds[0]!), { ...repsItem(repsIds[0]!), targetReps: null, workSeconds: 30 }] },
        'A reps exercise needs target reps and no work seconds',
      ],
      [{ items: [] }, 'A day needs at least one exercise'],
      [{ items: Array.from({ length: 9 }, () => timeItem(timeIds[0]!)) }, 'A day holds at most 8 exercises'],
      [{ items: [{ ...timeItem(timeIds[0]!), sets: 11 }] }, 'Sets must be between 1 and 10'],
      [{ items: [timeItem(999_999)] }, 'No such exercise'],
    ];
    for (const [body, message] of cases) {
      const res = await setDay(m.userId, 4, body);
      expect(res.status, message).toBe(400);
      expect((await json(res)).error.message).toBe(message);
    }
    expect(await t.db.select().from(memberProgramDays).where(eq(memberProgramDays.userId, m.userId))).toEqual(
      [],
    );
    expect(
      await t.db.select().from(memberProgramDayChanges).where(eq(memberProgramDayChanges.userId, m.userId)),
    ).toEqual([]);
  });
});
