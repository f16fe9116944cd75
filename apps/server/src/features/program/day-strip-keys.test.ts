import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deleteExpiredIdempotencyKeys } from '../../platform/db/idempotency.ts';
import { idempotencyKeys, workoutCompletions } from '../../platform/db/schema.ts';
import { json } from '../../testing/harness.ts';
import { finish, memberOnDay, memberRows, NOW, setupSessionApp, t } from './session-setup.ts';

// The day strip's complete, results and wellness routes sent again with an Idempotency-Key.

setupSessionApp(() => new Date(NOW));

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
