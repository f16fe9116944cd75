import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { exerciseProgress, wellnessTracking, workoutCompletions } from '../../platform/db/schema.ts';
import { json } from '../../testing/harness.ts';
import { finish, memberOnDay, memberRows, NOW, session, setupSessionApp, t } from './session-setup.ts';

// Finishing a day's session once, and the wellness it saves.

let clock = NOW.getTime();
setupSessionApp(() => new Date(clock));

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
      [0, ok, randomUUID(), 400, 'Day must be a whole number from 1 to 42'],
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

describe('wellness on a finish', () => {
  it('is saved for today only', async () => {
    const member = await memberOnDay(5);
    await finish(member.cookie, 4, { totalSeconds: 60, reps: 5, feeling: 1, energy: 1 });
    await finish(member.cookie, 5, { totalSeconds: 60, reps: 5, feeling: 5, energy: 4 });
    const rows = await t.db.select().from(wellnessTracking).where(eq(wellnessTracking.userId, member.userId));
    expect(rows.map((r) => [r.dayNumber, r.feelingRating, r.energyLevel])).toEqual([[5, 5, 4]]);
  });
});
