import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, workoutCompletions } from '../../platform/db/schema.ts';
import { createMember, createTestApp, json, type TestApp } from '../../testing/harness.ts';

// docs/decisions/0015: a finish sent late from a phone's offline queue never loses what
// another device saved for the day meanwhile; of two sessions of one day, the later one wins.

const NOW = new Date('2026-07-10T15:00:00Z');
const HOUR = 3_600_000;
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

/** A finish made `queuedMs` before it is sent (the phone's queue says so), or at once. */
const finish = (cookie: string, day: number, body: unknown, queuedMs?: string) =>
  t.request(`/api/program/days/${day}/finish`, {
    cookie,
    json: body,
    headers: {
      'idempotency-key': randomUUID(),
      ...(queuedMs === undefined ? {} : { 'x-queued-ms': queuedMs }),
    },
  });

const stateOf = async (cookie: string) => json(await t.request('/api/program', { cookie }));

describe('a finish sent late from the offline queue', () => {
  it('keeps the results, wellness and completion another device saved after it was made', async () => {
    const member = await memberOnDay(3);
    // Phone A finishes day 3 offline at 13:00; tablet B finishes it online at 14:00.
    clock = NOW.getTime() - HOUR;
    const onB = await json(
      await finish(member.cookie, 3, { totalSeconds: 900, reps: 60, feeling: 4, energy: 5 }),
    );
    expect(onB.outcome).toMatchObject({ completedNow: true, resultsSaved: true, wellnessSaved: true });
    // A is back online at 15:00 and sends its queue: the write waited two hours.
    clock = NOW.getTime();
    const late = await finish(
      member.cookie,
      3,
      { totalSeconds: 300, reps: 10, feeling: 1, energy: 1 },
      String(2 * HOUR),
    );
    expect(late.status).toBe(200);
    expect((await json(late)).outcome).toEqual({
      completedNow: false,
      wasCompleted: true,
      resultsSaved: false,
      wellnessSaved: false,
    });
    const state = await stateOf(member.cookie);
    expect(state.results).toEqual([{ day: 3, totalSeconds: 900, reps: 60 }]);
    expect(state.wellness).toEqual([{ day: 3, feeling: 4, energy: 5 }]);
    expect(state.completions).toEqual([{ day: 3, completedAt: '2026-07-10T14:00:00.000Z' }]);
  });

  it("saves the member's later session over an earlier one, stamped when it was finished", async () => {
    const member = await memberOnDay(3);
    // B at 13:00 online; A offline at 14:00, sent at 15:00: A's is the later session.
    clock = NOW.getTime() - 2 * HOUR;
    await finish(member.cookie, 3, { totalSeconds: 900, reps: 60, feeling: 4, energy: 5 });
    clock = NOW.getTime();
    const late = await json(
      await finish(member.cookie, 3, { totalSeconds: 300, reps: 10, feeling: 2, energy: 3 }, String(HOUR)),
    );
    expect(late.outcome).toMatchObject({ wasCompleted: true, resultsSaved: true, wellnessSaved: true });
    expect(late.results).toEqual([{ day: 3, totalSeconds: 300, reps: 10 }]);
    expect(late.wellness).toEqual([{ day: 3, feeling: 2, energy: 3 }]);
    // the completion keeps B's time: a day is completed once
    expect(late.completions).toEqual([{ day: 3, completedAt: '2026-07-10T13:00:00.000Z' }]);
  });

  it('completes a day no other device did, at the time the member finished it', async () => {
    const member = await memberOnDay(3);
    clock = NOW.getTime();
    const late = await json(
      await finish(member.cookie, 2, { totalSeconds: 60, reps: 5 }, String(90 * 60_000)),
    );
    expect(late.outcome).toMatchObject({ completedNow: true, resultsSaved: true });
    const rows = await t.db
      .select()
      .from(workoutCompletions)
      .where(eq(workoutCompletions.userId, member.userId));
    expect(rows.map((r) => r.completedAt.toISOString())).toEqual(['2026-07-10T13:30:00.000Z']);
  });

  it('refuses a malformed wait with a 400 and writes nothing', async () => {
    const member = await memberOnDay(3);
    for (const bad of ['-5', '1.5', 'soon', '9999999999999999']) {
      const res = await finish(member.cookie, 3, { totalSeconds: 60, reps: 5 }, bad);
      expect(res.status, bad).toBe(400);
      expect((await json(res)).error.message).toBe('X-Queued-Ms must be a whole number of milliseconds');
    }
    expect((await stateOf(member.cookie)).completions).toEqual([]);
  });
});

describe('how long a queued finish says it waited', () => {
  it('cannot date a session before the program began or before its own day began', async () => {
    clock = NOW.getTime();
    const member = await memberOnDay(2); // registered 24 h ago, at 15:00 UTC yesterday
    const month = String(30 * 24 * HOUR);
    expect((await finish(member.cookie, 1, { totalSeconds: 60, reps: 5 }, month)).status).toBe(200);
    expect((await finish(member.cookie, 2, { totalSeconds: 60, reps: 5 }, month)).status).toBe(200);
    const { completions } = await stateOf(member.cookie);
    expect(completions).toEqual([
      // Day 1: not before the registration itself.
      { day: 1, completedAt: '2026-07-09T15:00:00.000Z' },
      // Day 2: not before its own (UTC) midnight.
      { day: 2, completedAt: '2026-07-10T00:00:00.000Z' },
    ]);
  });
});
