import { estimatedPrescriptionSeconds } from '@core28/core/session-plan';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exercises, memberProgramDayChanges, profiles, userRoles } from '../../platform/db/schema.ts';
import {
  createMember,
  createTestApp,
  givePaidTier,
  json,
  signInAdmin,
  type TestApp,
} from '../../testing/harness.ts';
import { listMemberProgramDays } from './days.ts';

// A 1-on-1 Burn member's own plan. It changes only that member's program, session and
// today's exercise; every change is kept; a member without 1-on-1 Burn is refused.

let t: TestApp;
let admin: string;
let plankId: number;
let deadBugId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
  const all = await t.db
    .select({ id: exercises.id, name: exercises.name, category: exercises.category })
    .from(exercises);
  plankId = all.find((e) => e.category === 'time')!.id;
  deadBugId = all.find((e) => e.category === 'reps')!.id;
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

describe("a member's own plan", () => {
  it("changes day 12 for that member only: their program and session follow it, another member's do not", async () => {
    const member = await burnMemberOnDay(12);
    const other = await burnMemberOnDay(12);
    const res = await setDay(member.userId, 12, {
      exerciseId: plankId,
      sets: 3,
      workSeconds: 45,
      restSeconds: 30,
      note: 'Knees down if your back sags',
    });
    expect(res.status).toBe(200);
    const plan = await json(res);
    expect(plan.days[11]).toMatchObject({ day: 12, adjusted: true, note: 'Knees down if your back sags' });

    const program = await json(await t.request('/api/program', { cookie: member.cookie }));
    expect(program.plan[11]).toMatchObject({
      adjusted: true,
      exercise: { id: plankId },
      prescription: { sets: 3, workSeconds: 45, targetReps: null, restSeconds: 30 },
    });
    expect(program.plan.filter((d: { adjusted: boolean }) => d.adjusted)).toHaveLength(1);
    const session = await json(await t.request('/api/program/days/12/session', { cookie: member.cookie }));
    expect(session).toMatchObject({
      adjusted: true,
      note: 'Knees down if your back sags',
      exercise: { id: plankId },
    });
    expect(session.prescription).toMatchObject({ sets: 3, workSeconds: 45 });
    const today = await json(await t.request('/api/exercises/today', { cookie: member.cookie }));
    expect(today.exercise.id).toBe(plankId);

    const theirs = await json(await t.request('/api/program', { cookie: other.cookie }));
    expect(theirs.plan.some((d: { adjusted: boolean }) => d.adjusted)).toBe(false);
    const theirSession = await json(
      await t.request('/api/program/days/12/session', { cookie: other.cookie }),
    );
    expect(theirSession.adjusted).toBe(false);
  });

  it("reads the program's plan in one statement to the same days as listMemberProgramDays", async () => {
    const member = await burnMemberOnDay(5);
    await setDay(member.userId, 9, {
      exerciseId: deadBugId,
      sets: 4,
      targetReps: 15,
      restSeconds: 45,
      note: 'Slow',
    });
    await setDay(member.userId, 20, { exerciseId: plankId, sets: 2, workSeconds: 60, restSeconds: 0 });
    const program = await json(await t.request('/api/program', { cookie: member.cookie }));
    const days = await listMemberProgramDays(t.db, { userId: member.userId });
    expect(days.filter((d) => d.adjusted).map((d) => d.day)).toEqual([9, 20]);
    expect(program.plan).toEqual(
      days.map(({ day, exercise, prescription, items, adjusted, note }) => ({
        day,
        exercise: {
          id: exercise.id,
          name: exercise.name,
          category: exercise.category,
          demoKey: exercise.demoKey,
          exercise: exercise.exercise,
        },
        prescription,
        exercises: items.map((item) => ({
          exercise: {
            id: item.exercise.id,
            name: item.exercise.name,
            category: item.exercise.category,
            demoKey: item.exercise.demoKey,
            exercise: item.exercise.exercise,
          },
          prescription: item.prescription,
        })),
        estimatedMinutes: Math.round(estimatedPrescriptionSeconds(exercise.category, prescription) / 60),
        adjusted,
        note,
      })),
    );
  });

  it('keeps who changed which day, when, and what it was before and after; a reset is a change too', async () => {
    const member = await burnMemberOnDay(3);
    await setDay(member.userId, 5, { exerciseId: deadBugId, sets: 4, targetReps: 10, restSeconds: 40 });
    await setDay(member.userId, 5, { exerciseId: deadBugId, sets: 5, targetReps: 10, restSeconds: 40 });
    const reset = await t.request(`/api/admin/member-plans/${member.userId}/days/5`, {
      method: 'DELETE',
      cookie: admin,
    });
    expect(reset.status).toBe(200);
    const plan = await json(reset);
    expect(plan.days[4].adjusted).toBe(false);
    expect(plan.changes).toHaveLength(3);
    const [resetChange, second, first] = plan.changes;
    expect(first).toMatchObject({ day: 5, changedBy: expect.any(String), before: { adjusted: false } });
    expect(first.after).toMatchObject({ adjusted: true, exerciseId: deadBugId, sets: 4, targetReps: 10 });
    expect(second.before).toMatchObject({ sets: 4 });
    expect(second.after).toMatchObject({ sets: 5 });
    expect(resetChange.before).toMatchObject({ adjusted: true, sets: 5 });
    expect(resetChange.after).toMatchObject({ adjusted: false });
    const rows = await t.db
      .select()
      .from(memberProgramDayChanges)
      .where(eq(memberProgramDayChanges.userId, member.userId));
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => r.changedBy)).size).toBe(1);
  });

  it('refuses a member without 1-on-1 Burn (409, nothing written), a past day, and a prescription that does not fit', async () => {
    const dailyCore = await createMember(t);
    await givePaidTier(t, dailyCore, 'The Daily Core');
    const refused = await setDay(dailyCore.userId, 10, {
      exerciseId: deadBugId,
      sets: 4,
      targetReps: 10,
      restSeconds: 40,
    });
    expect(refused.status).toBe(409);
    expect((await json(refused)).error.message).toMatch(/Only 1-on-1 Burn members/);
    const program = await json(await t.request('/api/program', { cookie: dailyCore.cookie }));
    expect(program.plan.some((d: { adjusted: boolean }) => d.adjusted)).toBe(false);
    const changes = await t.db
      .select()
      .from(memberProgramDayChanges)
      .where(eq(memberProgramDayChanges.userId, dailyCore.userId));
    expect(changes).toHaveLength(0);

    const member = await burnMemberOnDay(10);
    const past = await setDay(member.userId, 9, {
      exerciseId: deadBugId,
      sets: 4,
      targetReps: 10,
      restSeconds: 40,
    });
    expect(past.status).toBe(400);
    const wrongMeasure = await setDay(member.userId, 11, {
      exerciseId: deadBugId,
      sets: 4,
      workSeconds: 30,
      restSeconds: 40,
    });
    expect(wrongMeasure.status).toBe(400);
    expect((await json(wrongMeasure)).error.message).toBe(
      'A reps exercise needs target reps and no work seconds',
    );
    const plan = await json(await t.request(`/api/admin/member-plans/${member.userId}`, { cookie: admin }));
    expect(plan).toMatchObject({ currentDay: 10, canAdjust: true, changes: [] });
    const asMember = await t.request(`/api/admin/member-plans/${member.userId}`, { cookie: member.cookie });
    expect(asMember.status).toBe(403);
  });

  it('answers for an admin, the one asking or another, as the member pages do: 404, nothing written', async () => {
    const me = await json(await t.request('/api/me', { cookie: admin }));
    const other = await burnMemberOnDay(3); // 1-on-1 Burn, then made a coach
    await t.db.insert(userRoles).values({ userId: other.userId, role: 'owner' });
    for (const adminId of [me.user.id, other.userId]) {
      const asMemberPage = await t.request(`/api/admin/users/${adminId}`, { cookie: admin });
      expect(asMemberPage.status).toBe(404);
      const expected = await json(asMemberPage);
      const read = await t.request(`/api/admin/member-plans/${adminId}`, { cookie: admin });
      expect([read.status, await json(read)]).toEqual([404, expected]);
      const set = await setDay(adminId, 5, {
        exerciseId: plankId,
        sets: 3,
        workSeconds: 45,
        restSeconds: 30,
      });
      expect([set.status, await json(set)]).toEqual([404, expected]);
      const reset = await t.request(`/api/admin/member-plans/${adminId}/days/5`, {
        method: 'DELETE',
        cookie: admin,
      });
      expect([reset.status, await json(reset)]).toEqual([404, expected]);
    }
    const changes = await t.db
      .select()
      .from(memberProgramDayChanges)
      .where(eq(memberProgramDayChanges.userId, other.userId));
    expect(changes).toEqual([]);
  });
});
