import { readRound, roundDayNumber } from '@core28/core/rounds';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  exercises,
  profiles,
  rounds,
  userRoles,
  wellnessTracking,
  workoutCompletions,
} from '../../platform/db/schema.ts';
import {
  createMember,
  createTestApp,
  givePaidTier,
  json,
  signInAdmin,
  type TestApp,
} from '../../testing/harness.ts';

// One program's analytics against a reference computed here from the rows, with core's readRound:
// members finished, running, behind at several days, left early, in two time zones; the admin's
// own round in it, which no figure counts.

const DAY = 86_400_000;
const NOW = new Date('2027-02-10T12:00:00Z');
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

type Plan = { startedDaysAgo: number; done: number[]; ended?: boolean; timeZone?: string; wellness?: number };

describe('a program’s analytics', () => {
  it('counts rounds, completion rate, per-day completions, where members stop and wellness as the rows say', async () => {
    const [exercise] = await t.db.select().from(exercises).where(eq(exercises.category, 'reps')).limit(1);
    const item = { exerciseId: exercise!.id, sets: 2, workSeconds: null, targetReps: 10, restSeconds: 20 };
    const created = await json(
      await t.request('/api/admin/programs', {
        cookie: admin,
        json: { name: 'Analytics Seven', level: 'intermediate', days: 7 },
      }),
    );
    const id = created.program.id as number;
    for (let day = 1; day <= 7; day++)
      await t.request(`/api/admin/programs/${id}/days/${day}`, {
        method: 'PUT',
        cookie: admin,
        json: { items: [item] },
      });
    expect(
      (await t.request(`/api/admin/programs/${id}/publish`, { method: 'POST', cookie: admin })).status,
    ).toBe(200);

    const plans: Plan[] = [
      { startedDaysAgo: 9, done: [1, 2, 3, 4, 5, 6, 7], wellness: 4 }, // finished
      { startedDaysAgo: 12, done: [1, 2, 3, 4, 5, 6, 7], timeZone: 'Pacific/Auckland' }, // finished
      { startedDaysAgo: 10, done: [1, 2, 3], wellness: 2 }, // length passed, stopped at 3
      { startedDaysAgo: 2, done: [1, 2], wellness: 5 }, // running on day 3
      { startedDaysAgo: 1, done: [1], timeZone: 'America/Los_Angeles' }, // running
      { startedDaysAgo: 6, done: [1] }, // behind, stopped at 1
      { startedDaysAgo: 5, done: [] }, // behind without a day
      { startedDaysAgo: 3, done: [1, 2, 3], ended: true }, // left early at 3
      { startedDaysAgo: 8, done: [1, 2, 3, 4, 5], ended: true }, // left at 5, length passed
    ];
    const members: { userId: string; cookie: string; plan: Plan }[] = [];
    for (const plan of plans) {
      const member = await createMember(t);
      await givePaidTier(t, member, 'The Daily Core');
      if (plan.timeZone)
        await t.db
          .update(profiles)
          .set({ timeZone: plan.timeZone })
          .where(eq(profiles.userId, member.userId));
      members.push({ userId: member.userId, cookie: member.cookie, plan });
    }
    // The admin trains it too: none of their rows counts.
    const [adminRole] = await t.db.select().from(userRoles).where(eq(userRoles.role, 'owner'));
    members.push({
      userId: adminRole!.userId,
      cookie: admin,
      plan: { startedDaysAgo: 9, done: [1, 2, 3, 4, 5, 6, 7], wellness: 1 },
    });

    for (const { userId, cookie, plan } of members) {
      expect(
        (await t.request('/api/rounds', { cookie, json: { program: created.program.slug } })).status,
      ).toBe(201);
      const startedAt = new Date(NOW.getTime() - plan.startedDaysAgo * DAY);
      const [round] = await t.db
        .update(rounds)
        .set({ startedAt, endedAt: plan.ended ? NOW : null })
        .where(and(eq(rounds.userId, userId), eq(rounds.programId, id)))
        .returning();
      for (const day of plan.done) {
        const completedAt = new Date(startedAt.getTime() + (day - 1) * DAY + 3_600_000);
        await t.db
          .insert(workoutCompletions)
          .values({ userId, roundId: round!.id, dayNumber: day, completedAt });
        if (plan.wellness)
          await t.db.insert(wellnessTracking).values({
            userId,
            roundId: round!.id,
            dayNumber: day,
            feelingRating: plan.wellness,
            energyLevel: Math.max(1, plan.wellness - 1),
          });
      }
    }

    // The reference: each member round read by core, as the member's program page reads it.
    const reference = members
      .filter((m) => m.cookie !== admin)
      .map(({ plan }) => {
        const startedAt = new Date(NOW.getTime() - plan.startedDaysAgo * DAY);
        const dayNumber = roundDayNumber(startedAt, NOW, plan.timeZone ?? null);
        const reading = readRound(plan.done, { length: 7, dayNumber });
        return {
          status: plan.ended ? 'ended' : reading.status,
          lastDay: reading.lastCompletedDay,
          lengthPassed: dayNumber > 7 || plan.done.includes(7),
          finished: plan.done.includes(7),
        };
      });
    const passed = reference.filter((r) => r.lengthPassed);
    const stopped = reference.filter((r) => r.status === 'ended' || r.status === 'behind');
    const wellnessOf = members.filter((m) => m.cookie !== admin && m.plan.wellness);
    const weekOne = wellnessOf.flatMap((m) => m.plan.done.map(() => m.plan.wellness!));

    const res = await t.request(`/api/admin/programs/${id}/analytics`, { cookie: admin });
    expect(res.status).toBe(200);
    const analytics = await json(res);
    expect(analytics).toEqual({
      program: { id, name: 'Analytics Seven', days: 7, status: 'published' },
      roundsStarted: reference.length,
      roundsRunning: reference.filter((r) => r.status === 'running').length,
      roundsFinished: reference.filter((r) => r.finished).length,
      completionRate: {
        rounds: passed.length,
        finished: passed.filter((r) => r.finished).length,
        rate: Math.round((passed.filter((r) => r.finished).length / passed.length) * 100) / 100,
      },
      completionsPerDay: Array.from({ length: 7 }, (_, i) => ({
        day: i + 1,
        completions: members.filter((m) => m.cookie !== admin && m.plan.done.includes(i + 1)).length,
      })),
      stops: Array.from({ length: 8 }, (_, lastDay) => ({
        lastDay,
        rounds: stopped.filter((r) => r.lastDay === lastDay).length,
      })),
      wellnessPerWeek: [
        {
          week: 1,
          feeling: Math.round((weekOne.reduce((a, b) => a + b, 0) / weekOne.length) * 100) / 100,
          energy:
            Math.round((weekOne.reduce((a, b) => a + Math.max(1, b - 1), 0) / weekOne.length) * 100) / 100,
          entries: weekOne.length,
        },
      ],
    });
    // What the reference holds, so the figures above are not all zero by accident.
    expect(analytics).toMatchObject({ roundsStarted: 9, roundsRunning: 2, roundsFinished: 2 });
    expect(analytics.stops.filter((s: { rounds: number }) => s.rounds > 0)).toEqual([
      { lastDay: 0, rounds: 1 },
      { lastDay: 1, rounds: 1 },
      { lastDay: 3, rounds: 2 },
      { lastDay: 5, rounds: 1 },
    ]);
    const listed = await json(await t.request('/api/admin/programs', { cookie: admin }));
    expect(listed.programs.find((p: { id: number }) => p.id === id)).toMatchObject({
      roundsStarted: 9,
      roundsRunning: 2,
    });
    expect((await t.request('/api/admin/programs/999999/analytics', { cookie: admin })).status).toBe(404);
  });
});
