import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { takeFromLimits } from './rate-limit.ts';
import { rateLimits } from './schema.ts';

// better-auth's own limiter on (tests usually turn it off): it deletes rows of rate_limits it
// thinks stale, and our counters live in the same table.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT: 'true' } });
});
afterAll(() => t.close());

const HOUR = { max: 3, windowMs: 3_600_000 };
const MINUTE = { max: 2, windowMs: 60_000 };
const take = (limits: Parameters<typeof takeFromLimits>[1], at: Date) => takeFromLimits(t.db, limits, at);
const rowOf = async (key: string) => (await t.db.select().from(rateLimits).where(eq(rateLimits.key, key)))[0];

describe('takeFromLimits', () => {
  it("keeps an hour's count when better-auth clears the rows it thinks stale", async () => {
    const key = `test-hour:${crypto.randomUUID()}`;
    const started = new Date(Date.now() - 120_000); // the window began two minutes ago
    for (let i = 0; i < HOUR.max; i++) expect((await take([{ ...HOUR, key }], started)).ok).toBe(true);
    // A client's sign-in after its better-auth window has passed makes better-auth delete old rows
    // (the test's requests come from 127.0.0.1).
    const stale = { count: 1, lastRequest: Date.now() - 120_000 };
    await t.db.insert(rateLimits).values([
      { id: crypto.randomUUID(), key: '127.0.0.1|/sign-in/email', ...stale },
      { id: crypto.randomUUID(), key: `stale:${key}`, ...stale },
    ]);
    await t.request('/api/auth/sign-in/email', {
      json: { email: 'nobody@example.com', password: 'Wrong#pass1' },
    });
    expect(await rowOf(`stale:${key}`)).toBeUndefined(); // the clean-up did run
    expect(await rowOf(key)).toBeDefined();
    const refused = await take([{ ...HOUR, key }], new Date());
    expect(refused).toEqual({ ok: false, retryAfterSeconds: expect.any(Number) });
    if (!refused.ok) expect(refused.retryAfterSeconds).toBeGreaterThan(3000);
  });

  it('counts nothing when one of the limits is exhausted, and names the longest wait', async () => {
    const minute = { ...MINUTE, key: `test-minute:${crypto.randomUUID()}` };
    const hour = { ...HOUR, key: `test-hour:${crypto.randomUUID()}` };
    const at = new Date('2026-11-24T10:00:00Z');
    expect((await take([minute, hour], at)).ok).toBe(true);
    expect((await take([minute, hour], at)).ok).toBe(true);
    const refused = await take([minute, hour], new Date(at.getTime() + 10_000));
    expect(refused).toEqual({ ok: false, retryAfterSeconds: 50 });
    expect((await rowOf(hour.key))?.count).toBe(2); // the refused request did not count for the hour
    // A minute on, the minute's window starts over; the hour's third is the last.
    expect((await take([minute, hour], new Date(at.getTime() + 60_000))).ok).toBe(true);
    expect((await rowOf(minute.key))?.count).toBe(1);
    const hourFull = await take([minute, hour], new Date(at.getTime() + 61_000));
    expect(hourFull).toEqual({ ok: false, retryAfterSeconds: 3539 });
  });

  it('lets exactly max of many concurrent takes through', async () => {
    const key = `test-race:${crypto.randomUUID()}`;
    const at = new Date();
    const answers = await Promise.all(Array.from({ length: 12 }, () => take([{ ...HOUR, key }], at)));
    expect(answers.filter((a) => a.ok)).toHaveLength(HOUR.max);
  });
});
