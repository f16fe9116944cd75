import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  exerciseProgress,
  profiles,
  wellnessTracking,
  workoutCompletions,
} from '../../platform/db/schema.ts';
import { createMember, createTestApp, json, type TestApp } from '../../testing/harness.ts';

const NOW = new Date('2026-07-10T15:00:00Z');
let clock = NOW;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t.close());

/** A member registered `daysAgo` whole UTC days ago, so today is day daysAgo + 1. */
async function memberOnDay(day: number) {
  const member = await createMember(t);
  const registered = new Date(NOW.getTime() - (day - 1) * 86_400_000);
  await t.db.update(profiles).set({ registrationDate: registered }).where(eq(profiles.userId, member.userId));
  return member;
}

/** For bodies the typed client would not let through. */
const send = (cookie: string, method: 'POST' | 'PUT', path: string, body: unknown) =>
  t.request(`/api/program${path}`, { method, cookie, json: body });
const complete = (cookie: string, day: number) => t.client(cookie).program.complete.$post({ json: { day } });
const saveResults = (cookie: string, json: { day: number; totalSeconds: number; reps: number }) =>
  t.client(cookie).program.results.$put({ json });

describe('program day rules on the server', () => {
  it('returns the whole program state in one request', async () => {
    const member = await memberOnDay(3);
    const state = await (await t.client(member.cookie).program.$get()).json();
    expect(state).toMatchObject({ currentDay: 3, completions: [], results: [], wellness: [] });
    expect(state.stats).toEqual({ totalWorkouts: 0, currentStreak: 0, currentDay: 3, progressPercentage: 0 });
    expect(state.achievements).toHaveLength(4);
  });

  it('completes today and past days, refuses the future and a second completion', async () => {
    const member = await memberOnDay(3);
    expect((await complete(member.cookie, 4)).status).toBe(400);
    expect((await complete(member.cookie, 3)).status).toBe(200);
    const again = await complete(member.cookie, 3);
    expect(again.status).toBe(409);
    expect((await json(again)).error.message).toBe('Day 3 is already marked as completed');
    const state = await (await complete(member.cookie, 2)).json();
    expect(state.stats).toMatchObject({ totalWorkouts: 2, currentStreak: 2, progressPercentage: 7 });
    expect(
      await t.db.select().from(workoutCompletions).where(eq(workoutCompletions.userId, member.userId)),
    ).toHaveLength(2);
  });

  it('saves day results for past days and today only, one row per day', async () => {
    const member = await memberOnDay(3);
    const future = await saveResults(member.cookie, { day: 4, totalSeconds: 90, reps: 25 });
    expect(future.status).toBe(400);
    await saveResults(member.cookie, { day: 3, totalSeconds: 90, reps: 25 });
    const state = await (await saveResults(member.cookie, { day: 3, totalSeconds: 120, reps: 30 })).json();
    expect(state.results).toEqual([{ day: 3, totalSeconds: 120, reps: 30 }]);
    expect((await saveResults(member.cookie, { day: 1, totalSeconds: 60, reps: 10 })).status).toBe(200);
    expect(
      await t.db.select().from(exerciseProgress).where(eq(exerciseProgress.userId, member.userId)),
    ).toHaveLength(2);
  });

  // spec §5 "invalid input is ignored": a time or reps that is not a whole number is refused, never stored as 0.
  it('refuses day results that are not whole numbers with a clear 400, writing nothing', async () => {
    const member = await memberOnDay(3);
    const cases: [Record<string, unknown>, string][] = [
      [{ totalSeconds: 'abc', reps: 5 }, 'Time must be a whole number of seconds'],
      [{ totalSeconds: 90.5, reps: 5 }, 'Time must be a whole number of seconds'],
      [{ totalSeconds: 90, reps: 'lots' }, 'Reps must be a whole number'],
      [{ totalSeconds: 90, reps: null }, 'Reps must be a whole number'],
      [{ totalSeconds: 90, reps: -1 }, 'Reps cannot be negative'],
    ];
    for (const [body, message] of cases) {
      const res = await send(member.cookie, 'PUT', '/results', { day: 3, ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await json(res)).toEqual({ error: { code: 'BAD_REQUEST', message } });
    }
    expect(
      await t.db.select().from(exerciseProgress).where(eq(exerciseProgress.userId, member.userId)),
    ).toEqual([]);
  });

  // docs/decisions/0004: a day before today that was not completed is missed, on the program and the exercise list.
  it('reports the days before today that were not completed as missed', async () => {
    const member = await memberOnDay(4);
    await complete(member.cookie, 1);
    const state = await (await complete(member.cookie, 3)).json();
    expect(state.days).toHaveLength(28);
    expect(state.days.slice(0, 5)).toEqual([
      { day: 1, status: 'completed' },
      { day: 2, status: 'missed' },
      { day: 3, status: 'completed' },
      { day: 4, status: 'current' },
      { day: 5, status: 'future' },
    ]);
    const list = await (await t.client(member.cookie).exercises.$get()).json();
    expect(list.exercises.map((e) => [e.dayNumber, e.status])).toEqual([
      [1, 'completed'],
      [2, 'missed'],
      [3, 'completed'],
      [4, 'current'],
    ]);
    // A missed day can still be completed, and then it is completed.
    const caughtUp = await (await complete(member.cookie, 2)).json();
    expect(caughtUp.days[1]).toEqual({ day: 2, status: 'completed' });
  });

  it('logs wellness for today only and refuses bad ratings without writing', async () => {
    const member = await memberOnDay(3);
    const wellness = (json: { day: number; feeling: number; energy: number }) =>
      t.client(member.cookie).program.wellness.$put({ json });
    expect((await wellness({ day: 2, feeling: 4, energy: 5 })).status).toBe(400);
    for (const feeling of [0, 6, 2.5, 'x', null]) {
      const res = await send(member.cookie, 'PUT', '/wellness', { day: 3, feeling, energy: 3 });
      expect(res.status, String(feeling)).toBe(400);
      expect((await json(res)).error.message).toMatch(/Feeling/);
    }
    expect(
      await t.db.select().from(wellnessTracking).where(eq(wellnessTracking.userId, member.userId)),
    ).toEqual([]);
    const state = await (await wellness({ day: 3, feeling: 4, energy: 5 })).json();
    expect(state.wellness).toEqual([{ day: 3, feeling: 4, energy: 5 }]);
  });

  it("follows the member's own day: at 21:00 in Los Angeles, already tomorrow in UTC", async () => {
    const member = await createMember(t);
    await t.db
      .update(profiles) // 09:00 on 8 July in Los Angeles: 10 July is day 3 there
      .set({ registrationDate: new Date('2026-07-08T16:00:00Z'), timeZone: 'America/Los_Angeles' })
      .where(eq(profiles.userId, member.userId));
    clock = new Date('2026-07-11T04:00:00Z'); // 21:00 on 10 July in LA, day 4 by the UTC rule
    try {
      const state = await (await t.client(member.cookie).program.$get()).json();
      expect(state.currentDay).toBe(3);
      // Day 4 is the web's Tomorrow (isTomorrow(day, currentDay)), not today.
      expect(state.days.slice(2, 4)).toEqual([
        { day: 3, status: 'current' },
        { day: 4, status: 'future' },
      ]);
      const wellness = (day: number) =>
        t.client(member.cookie).program.wellness.$put({ json: { day, feeling: 4, energy: 4 } });
      const tomorrow = await wellness(4);
      expect(tomorrow.status).toBe(400);
      expect((await json(tomorrow)).error.message).toBe('Wellness can only be logged for today');
      expect((await wellness(3)).status).toBe(200);
      expect((await complete(member.cookie, 4)).status).toBe(400);
    } finally {
      clock = NOW;
    }
  });

  it("member B never sees or changes member A's rows", async () => {
    const a = await memberOnDay(3);
    const b = await memberOnDay(3);
    await complete(a.cookie, 1);
    await saveResults(a.cookie, { day: 1, totalSeconds: 30, reps: 5 });
    await t.client(a.cookie).program.wellness.$put({ json: { day: 3, feeling: 4, energy: 2 } });
    const bState = await (await t.client(b.cookie).program.$get()).json();
    expect(bState.completions).toEqual([]);
    expect(bState.results).toEqual([]);
    expect(bState.wellness).toEqual([]);
    expect(bState.stats.totalWorkouts).toBe(0);
    await complete(b.cookie, 1);
    expect(
      await t.db.select().from(workoutCompletions).where(eq(workoutCompletions.userId, a.userId)),
    ).toHaveLength(1);
  });

  it('refuses visitors', async () => {
    expect((await t.client().program.$get()).status).toBe(401);
    expect((await t.client().program.complete.$post({ json: { day: 1 } })).status).toBe(401);
  });
});

describe('exercises', () => {
  it('a member on day 3 gets the first three exercises, in program order', async () => {
    const member = await memberOnDay(3);
    const body = await (await t.client(member.cookie).exercises.$get()).json();
    expect(body.total).toBe(28);
    expect(body.exercises.map((e) => [e.dayNumber, e.name])).toEqual([
      [1, 'Dead Bug'],
      [2, 'Forearm Plank'],
      [3, 'Glute Bridge'],
    ]);
  });

  it("today's exercise: the member's program day, or the visitor's home exercise of the day", async () => {
    const member = await memberOnDay(3);
    const mine = await (await t.client(member.cookie).exercises.today.$get()).json();
    expect(mine).toMatchObject({ kind: 'program', dayNumber: 3, exercise: { name: 'Glute Bridge' } });
    const visitor = await (await t.client().exercises.today.$get()).json();
    const index = Math.floor(NOW.getTime() / 86_400_000) % 7;
    expect(visitor.kind).toBe('home');
    expect(visitor.exercise?.name).toBe(
      [
        'Forearm Plank',
        'Dead Bug',
        'Glute Bridge',
        'Bird Dog',
        'Heel Taps',
        'Side Plank (Knees)',
        'Mountain Climbers',
      ][index],
    );
  });
});
