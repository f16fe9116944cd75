import { randomUUID } from 'node:crypto';
import { SECONDS_PER_REP } from '@core28/core/session-plan';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteExpiredIdempotencyKeys } from '../../platform/db/idempotency.ts';
import {
  exerciseProgress,
  exercises,
  idempotencyKeys,
  profiles,
  programDays,
  wellnessTracking,
  workoutCompletions,
} from '../../platform/db/schema.ts';
import { createMember, createTestApp, json, type TestApp } from '../../testing/harness.ts';

// The prescriptions of the plan, a day's session, and finishing it once.

const NOW = new Date('2026-07-10T15:00:00Z');
let clock = NOW.getTime();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
});
afterAll(() => t.close());

async function memberOnDay(day: number) {
  const member = await createMember(t);
  const registered = new Date(NOW.getTime() - (day - 1) * 86_400_000);
  await t.db.update(profiles).set({ registrationDate: registered }).where(eq(profiles.userId, member.userId));
  return member;
}

const finish = (cookie: string, day: number | string, body: unknown, key: string | null = randomUUID()) =>
  t.request(`/api/program/days/${day}/finish`, {
    cookie,
    json: body,
    headers: key === null ? {} : { 'idempotency-key': key },
  });
const session = (cookie: string, day: number | string) =>
  t.request(`/api/program/days/${day}/session`, { cookie });

/** The member's rows and their row versions (xmin): any write changes this. */
async function memberRows(userId: string) {
  const result = (await t.db.execute(sql`
    select 'c' || day_number || ':' || xmin::text as r from workout_completions where user_id = ${userId}
    union all select 'p' || day_number || ':' || xmin::text || ':' || total_time_seconds || ':' || repetitions_completed from exercise_progress where user_id = ${userId}
    union all select 'w' || day_number || ':' || xmin::text || ':' || feeling_rating || ':' || energy_level from wellness_tracking where user_id = ${userId}
    union all select 'k' || key::text || ':' || xmin::text from idempotency_keys where user_id = ${userId}
    order by 1`)) as unknown as { rows: { r: string }[] };
  return result.rows.map((row) => row.r);
}

describe('the plan and the session of a day', () => {
  it('GET /api/program keeps its fields and adds a plan of 28 days with prescriptions', async () => {
    const member = await memberOnDay(3);
    const state = await (await t.client(member.cookie).program.$get()).json();
    expect(state).toMatchObject({ currentDay: 3, completions: [], results: [], wellness: [] });
    expect(state.days).toHaveLength(28);
    expect(state.plan.map((d) => d.day)).toEqual(Array.from({ length: 28 }, (_, i) => i + 1));
    expect(state.plan[0]).toEqual({
      day: 1,
      exercise: {
        id: expect.any(Number),
        name: 'Dead Bug',
        category: 'reps',
        demoKey: 'dead-bug',
        exercise: expect.stringMatching(/deep core/),
      },
      prescription: { sets: 6, workSeconds: null, targetReps: 20, restSeconds: 75 },
      estimatedMinutes: 19,
      // The standard day (a 1-on-1 Burn member's coach may adjust it)
      adjusted: false,
      note: '',
    });
    expect(state.plan[1]?.exercise).toMatchObject({
      name: 'Forearm Plank',
      category: 'time',
      demoKey: 'forearm-plank',
    });
    expect(state.plan[1]?.prescription).toEqual({
      sets: 6,
      workSeconds: 60,
      targetReps: null,
      restSeconds: 75,
    });
    // week 4 does more than week 1
    expect(state.plan[27]!.prescription.sets).toBeGreaterThan(state.plan[0]!.prescription.sets);
    for (const day of state.plan) {
      expect(day.estimatedMinutes, `day ${day.day}`).toBeGreaterThanOrEqual(18);
      expect(day.estimatedMinutes, `day ${day.day}`).toBeLessThanOrEqual(24);
    }
  });

  it("returns today's session: warm-up, sets with rest between them, cool-down", async () => {
    const member = await memberOnDay(2);
    const res = await session(member.cookie, 2);
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({
      day: 2,
      currentDay: 2,
      isToday: true,
      isCompleted: false,
      exercise: { name: 'Forearm Plank', category: 'time', demoKey: 'forearm-plank' },
      prescription: { sets: 6, workSeconds: 60, targetReps: null, restSeconds: 75 },
    });
    expect(body.exercise.description).toMatch(/^1\. /);
    const kinds = body.steps.map((s: { kind: string }) => s.kind);
    expect(kinds.slice(0, 4)).toEqual(['warmup', 'warmup', 'warmup', 'warmup']);
    expect(kinds.slice(-4)).toEqual(['cooldown', 'cooldown', 'cooldown', 'cooldown']);
    expect(kinds.filter((k: string) => k === 'work')).toHaveLength(6);
    expect(kinds.filter((k: string) => k === 'rest')).toHaveLength(5);
    expect(body.steps.at(-5).kind).toBe('work');
    expect(body.estimatedSeconds).toBe(240 + 6 * 60 + 5 * 75 + 180);
  });

  it('replays a past day (a reps day, estimated at SECONDS_PER_REP), refuses the future and a bad day', async () => {
    const member = await memberOnDay(3);
    const past = await json(await session(member.cookie, 1));
    expect(past).toMatchObject({ day: 1, currentDay: 3, isToday: false, exercise: { name: 'Dead Bug' } });
    expect(past.steps.find((s: { kind: string }) => s.kind === 'work')).toMatchObject({
      durationSeconds: null,
      targetReps: 20,
      set: 1,
      sets: 6,
    });
    expect(past.estimatedSeconds).toBe(240 + 6 * 20 * SECONDS_PER_REP + 5 * 75 + 180);
    const future = await session(member.cookie, 4);
    expect(future.status).toBe(400);
    expect(await json(future)).toEqual({
      error: { code: 'BAD_REQUEST', message: 'Day 4 has not started yet' },
    });
    for (const day of ['0', '29', 'x', '2.5', '-1']) {
      const res = await session(member.cookie, day);
      expect(res.status, day).toBe(400);
      expect((await json(res)).error.message).toBe('Day must be a whole number from 1 to 28');
    }
    expect((await t.request('/api/program/days/1/session')).status).toBe(401);
  });

  it("shows the exercise's own demonstration key and video, never the stored file's key", async () => {
    const member = await memberOnDay(2);
    const [day2] = await t.db.select().from(programDays).where(eq(programDays.day, 2));
    await t.db
      .update(exercises)
      .set({ demoKey: 'side-plank', videoUrl: 'https://youtu.be/dQw4w9WgXcQ' })
      .where(eq(exercises.id, day2?.exerciseId ?? 0));
    const body = await json(await session(member.cookie, 2));
    expect(body.exercise).toMatchObject({
      demoKey: 'side-plank',
      media: { kind: 'youtube', embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' },
    });
    expect(body.exercise).not.toHaveProperty('videoKey');
    expect(body.exercise).not.toHaveProperty('videoType');
  });
});

describe('finishing a session', () => {
  it("saves today's results, wellness and completion in one request", async () => {
    const member = await memberOnDay(3);
    const res = await t
      .client(member.cookie)
      .program.days[':day'].finish.$post(
        { param: { day: '3' }, json: { totalSeconds: 1180, reps: 96, feeling: 4, energy: 5 } },
        { headers: { 'idempotency-key': randomUUID() } },
      );
    expect(res.status).toBe(200);
    if (!res.ok) throw new Error('finish failed');
    const body = await res.json();
    expect(body.outcome).toEqual({
      completedNow: true,
      wasCompleted: false,
      resultsSaved: true,
      wellnessSaved: true,
    });
    expect(body.results).toEqual([{ day: 3, totalSeconds: 1180, reps: 96 }]);
    expect(body.wellness).toEqual([{ day: 3, feeling: 4, energy: 5 }]);
    expect(body.completions.map((c) => c.day)).toEqual([3]);
    expect(body.stats).toMatchObject({ totalWorkouts: 1, currentStreak: 1 });
    expect(body.plan).toHaveLength(28);
    expect(await json(await session(member.cookie, 3))).toMatchObject({ isCompleted: true });
  });

  it('a past day: results and completion, no wellness; a completed day again: results only', async () => {
    const member = await memberOnDay(3);
    const first = await json(
      await finish(member.cookie, 1, { totalSeconds: 600, reps: 40, feeling: 2, energy: 2 }),
    );
    expect(first.outcome).toEqual({
      completedNow: true,
      wasCompleted: false,
      resultsSaved: true,
      wellnessSaved: false,
    });
    expect(first.wellness).toEqual([]);
    const again = await json(await finish(member.cookie, 1, { totalSeconds: 700, reps: 50 }));
    expect(again.outcome).toEqual({
      completedNow: false,
      wasCompleted: true,
      resultsSaved: true,
      wellnessSaved: false,
    });
    expect(again.results).toEqual([{ day: 1, totalSeconds: 700, reps: 50 }]);
    expect(
      await t.db.select().from(workoutCompletions).where(eq(workoutCompletions.userId, member.userId)),
    ).toHaveLength(1);
  });

  it('the same key again answers the first answer and writes nothing', async () => {
    const member = await memberOnDay(3);
    const key = randomUUID();
    const body = { totalSeconds: 1200, reps: 100, feeling: 3, energy: 4 };
    const first = await finish(member.cookie, 3, body, key);
    const firstText = await first.text();
    const rows = await memberRows(member.userId);
    clock += 60_000; // a later retry: nothing may be stamped again
    const replay = await finish(member.cookie, 3, body, key.toUpperCase());
    clock = NOW.getTime();
    expect(replay.status).toBe(200);
    expect(await replay.text()).toBe(firstText);
    expect(await memberRows(member.userId)).toEqual(rows);
    // without the key, finishing again is a second, honest request: it says the day was completed
    const fresh = await json(await finish(member.cookie, 3, body));
    expect(fresh.outcome).toMatchObject({ completedNow: false, wasCompleted: true });
  });

  it('a double submit at the same moment completes the day once, with one answer', async () => {
    const member = await memberOnDay(3);
    const key = randomUUID();
    const body = { totalSeconds: 1100, reps: 80 };
    const answers = await Promise.all([
      finish(member.cookie, 3, body, key),
      finish(member.cookie, 3, body, key),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const [a, b] = await Promise.all(answers.map((r) => r.text()));
    expect(a).toBe(b);
    expect(JSON.parse(a!).outcome.completedNow).toBe(true);
    // two keys (two tabs) at once: still one completion
    const other = await memberOnDay(3);
    const both = await Promise.all([finish(other.cookie, 3, body), finish(other.cookie, 3, body)]);
    const outcomes = await Promise.all(both.map(async (r) => (await json(r)).outcome.completedNow));
    expect(outcomes.sort()).toEqual([false, true]);
    for (const userId of [member.userId, other.userId])
      expect(
        await t.db.select().from(workoutCompletions).where(eq(workoutCompletions.userId, userId)),
      ).toHaveLength(1);
  });

  it('refuses a future day, a bad body, a missing, malformed or reused key, writing nothing', async () => {
    const member = await memberOnDay(3);
    const ok = { totalSeconds: 60, reps: 10 };
    const cases: [number, unknown, string | null, number, string][] = [
      [4, ok, randomUUID(), 400, 'Day 4 has not started yet'],
      [3, ok, null, 400, 'An Idempotency-Key header is required'],
      [3, ok, 'not-a-uuid', 400, 'Idempotency-Key must be a UUID'],
      [3, { totalSeconds: -1, reps: 10 }, randomUUID(), 400, 'Time cannot be negative'],
      [3, { totalSeconds: 60, reps: 100_001 }, randomUUID(), 400, 'That is too many reps'],
      [3, { ...ok, feeling: 4 }, randomUUID(), 400, 'Give feeling and energy together, or neither'],
      [3, { ...ok, feeling: 6, energy: 2 }, randomUUID(), 400, 'Feeling must be between 1 and 5'],
      [0, ok, randomUUID(), 400, 'Day must be a whole number from 1 to 28'],
    ];
    for (const [day, body, key, status, message] of cases) {
      const res = await finish(member.cookie, day, body, key);
      expect(res.status, message).toBe(status);
      expect((await json(res)).error.message).toBe(message);
    }
    expect(await memberRows(member.userId)).toEqual([]);
    const key = randomUUID();
    await finish(member.cookie, 3, ok, key);
    const rows = await memberRows(member.userId);
    const reused = await finish(member.cookie, 3, { totalSeconds: 61, reps: 10 }, key);
    expect(reused.status).toBe(409);
    expect((await json(reused)).error.message).toBe(
      'This Idempotency-Key was already used for another request',
    );
    expect(await memberRows(member.userId)).toEqual(rows);
  });

  it("finishes only the caller's own day: the member is the session's, keys are per member", async () => {
    const a = await memberOnDay(3);
    const b = await memberOnDay(3);
    const key = randomUUID();
    const aAnswer = await (await finish(a.cookie, 3, { totalSeconds: 900, reps: 60 }, key)).text();
    const aRows = await memberRows(a.userId);
    // B sends A's key and a body of their own: B's day is saved, A's stays as it was
    const bAnswer = await json(await finish(b.cookie, 3, { totalSeconds: 300, reps: 10 }, key));
    expect(bAnswer.outcome.completedNow).toBe(true);
    expect(bAnswer.results).toEqual([{ day: 3, totalSeconds: 300, reps: 10 }]);
    expect(await memberRows(a.userId)).toEqual(aRows);
    const rowsOfB = await t.db.select().from(exerciseProgress).where(eq(exerciseProgress.userId, b.userId));
    expect(rowsOfB.map((r) => r.totalTimeSeconds)).toEqual([300]);
    // and A's replay is still A's own first answer
    expect(await (await finish(a.cookie, 3, { totalSeconds: 900, reps: 60 }, key)).text()).toBe(aAnswer);
    expect((await finish('', 3, { totalSeconds: 1, reps: 1 })).status).toBe(401);
  });
});

describe('Idempotency-Key on the day strip routes', () => {
  it('complete, results and wellness: the same key answers the first answer, no second write', async () => {
    const member = await memberOnDay(3);
    const routes: [string, 'POST' | 'PUT', unknown][] = [
      ['/api/program/complete', 'POST', { day: 3 }],
      ['/api/program/results', 'PUT', { day: 3, totalSeconds: 95, reps: 12 }],
      ['/api/program/wellness', 'PUT', { day: 3, feeling: 5, energy: 5 }],
    ];
    for (const [path, method, body] of routes) {
      const key = randomUUID();
      const send = () =>
        t.request(path, { method, cookie: member.cookie, json: body, headers: { 'idempotency-key': key } });
      const first = await send();
      const firstText = await first.text();
      const rows = await memberRows(member.userId);
      const again = await send();
      expect([first.status, again.status], path).toEqual([200, 200]);
      expect(await again.text(), path).toBe(firstText);
      expect(await memberRows(member.userId), path).toEqual(rows);
    }
    // without a key, as before: a second completion is refused
    expect(
      (await t.request('/api/program/complete', { cookie: member.cookie, json: { day: 3 } })).status,
    ).toBe(409);
    const bad = await t.request('/api/program/complete', {
      cookie: member.cookie,
      json: { day: 2 },
      headers: { 'idempotency-key': '12345' },
    });
    expect(bad.status).toBe(400);
    expect(
      await t.db.select().from(workoutCompletions).where(eq(workoutCompletions.userId, member.userId)),
    ).toHaveLength(1);
  });

  // The offline queue replays these with the key made on the phone.
  it("complete, results and wellness: a key is the member's own, another member's same key writes theirs", async () => {
    const a = await memberOnDay(3);
    const b = await memberOnDay(3);
    const routes: [string, 'POST' | 'PUT', unknown, unknown][] = [
      ['/api/program/complete', 'POST', { day: 3 }, { day: 3 }],
      [
        '/api/program/results',
        'PUT',
        { day: 3, totalSeconds: 95, reps: 12 },
        { day: 3, totalSeconds: 40, reps: 4 },
      ],
      ['/api/program/wellness', 'PUT', { day: 3, feeling: 5, energy: 5 }, { day: 3, feeling: 2, energy: 1 }],
    ];
    for (const [path, method, bodyOfA, bodyOfB] of routes) {
      const key = randomUUID();
      const send = (cookie: string, body: unknown) =>
        t.request(path, { method, cookie, json: body, headers: { 'idempotency-key': key } });
      const aAnswer = await (await send(a.cookie, bodyOfA)).text();
      const aRows = await memberRows(a.userId);
      const bRows = await memberRows(b.userId);
      expect((await send(b.cookie, bodyOfB)).status, path).toBe(200);
      expect(await memberRows(b.userId), path).not.toEqual(bRows);
      expect(await memberRows(a.userId), path).toEqual(aRows);
      expect(await (await send(a.cookie, bodyOfA)).text(), path).toBe(aAnswer);
    }
    const state = await json(await t.request('/api/program', { cookie: b.cookie }));
    expect(state.completions.map((c: { day: number }) => c.day)).toEqual([3]);
    expect(state.results).toEqual([{ day: 3, totalSeconds: 40, reps: 4 }]);
    expect(state.wellness).toEqual([{ day: 3, feeling: 2, energy: 1 }]);
  });

  it('keeps a refused request out of the keys: the retry is judged afresh', async () => {
    const member = await memberOnDay(3);
    const key = randomUUID();
    const send = () =>
      t.request('/api/program/wellness', {
        method: 'PUT',
        cookie: member.cookie,
        json: { day: 2, feeling: 3, energy: 3 },
        headers: { 'idempotency-key': key },
      });
    expect((await send()).status).toBe(400);
    expect(
      await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, member.userId)),
    ).toEqual([]);
    expect((await send()).status).toBe(400);
  });

  it('forgets keys after a day', async () => {
    const member = await memberOnDay(3);
    const key = randomUUID();
    await finish(member.cookie, 3, { totalSeconds: 60, reps: 5 }, key);
    const mine = () => t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, member.userId));
    expect(await mine()).toHaveLength(1);
    expect(
      await deleteExpiredIdempotencyKeys({ db: t.db, now: () => new Date(NOW.getTime() + 23 * 3_600_000) }),
    ).toBe(0);
    expect(await mine()).toHaveLength(1);
    await deleteExpiredIdempotencyKeys({ db: t.db, now: () => new Date(NOW.getTime() + 25 * 3_600_000) });
    expect(await mine()).toEqual([]);
  });
});

describe('wellness on a finish', () => {
  it('is saved for today only', async () => {
    const member = await memberOnDay(5);
    await finish(member.cookie, 4, { totalSeconds: 60, reps: 5, feeling: 1, energy: 1 });
    await finish(member.cookie, 5, { totalSeconds: 60, reps: 5, feeling: 5, energy: 4 });
    const rows = await t.db.select().from(wellnessTracking).where(eq(wellnessTracking.userId, member.userId));
    expect(rows.map((r) => [r.dayNumber, r.feelingRating, r.energyLevel])).toEqual([[5, 5, 4]]);
  });
});
