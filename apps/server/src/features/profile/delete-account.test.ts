import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../platform/db/schema.ts';
import { createMember, createTestApp, json, type TestApp } from '../../testing/harness.ts';

// Deleting an account checked the password without any limit, and its raw Set-Cookie
// for the __Host- session cookie lacked Secure, so browsers kept the dead cookie.
const ORIGIN = 'https://core28.test';
let t: TestApp;
let clock = Date.now();
beforeAll(async () => {
  t = await createTestApp({
    env: { PUBLIC_URL: ORIGIN, AUTH_RATE_LIMIT: 'true' },
    now: () => new Date(clock),
  });
});
afterAll(() => t.close());

const deleteAccount = (cookie: string, password: string, from?: string) =>
  t.request('/api/profile/delete', { cookie, json: { password }, headers: { origin: ORIGIN }, from });

describe('deleting an account', () => {
  it('the 6th password within a minute gets 429, the right one included; a minute later it works', async () => {
    const member = await createMember(t);
    for (let i = 0; i < 5; i++) {
      const wrong = await deleteAccount(member.cookie, `Wrong#pass${i}`);
      expect(wrong.status).toBe(400);
    }
    const limited = await deleteAccount(member.cookie, 'Wrong#pass6');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('60');
    expect(await json(limited)).toEqual({
      error: { code: 'TOO_MANY_REQUESTS', message: 'Too many attempts. Please wait 1 minute and try again.' },
    });
    expect((await deleteAccount(member.cookie, member.password)).status).toBe(429);
    expect(await t.db.select().from(users).where(eq(users.id, member.userId))).toHaveLength(1);

    clock += 60_000;
    expect((await deleteAccount(member.cookie, member.password)).status).toBe(200);
    expect(await t.db.select().from(users).where(eq(users.id, member.userId))).toHaveLength(0);
  });

  it('one address gets 5 checks a minute across every account it tries; another address is not held up', async () => {
    clock += 60_000; // past the minute of the test before
    const [first, second] = [await createMember(t), await createMember(t)];
    const attacker = '203.0.113.7';
    for (let i = 0; i < 3; i++)
      expect((await deleteAccount(first.cookie, `Wrong#pass${i}`, attacker)).status).toBe(400);
    for (let i = 0; i < 2; i++)
      expect((await deleteAccount(second.cookie, `Wrong#pass${i}`, attacker)).status).toBe(400);
    // The second account has had 2 checks of its 5, but the address has had its 5.
    const limited = await deleteAccount(second.cookie, second.password, attacker);
    expect(limited.status).toBe(429);
    expect(await t.db.select().from(users).where(eq(users.id, second.userId))).toHaveLength(1);
    // Each account still has checks left from elsewhere.
    expect((await deleteAccount(first.cookie, 'Wrong#pass3', '198.51.100.20')).status).toBe(400);
    expect((await deleteAccount(second.cookie, second.password, '198.51.100.21')).status).toBe(200);
  });

  it('clears the __Host- session cookie with Secure over https, so the browser drops it', async () => {
    clock += 60_000; // past the per-client minute of the test before
    const member = await createMember(t);
    expect(member.cookie).toContain('__Host-core28.session_token=');
    const res = await deleteAccount(member.cookie, member.password);
    expect(res.status).toBe(200);
    const cleared = res.headers
      .getSetCookie()
      .find((line) => line.startsWith('__Host-core28.session_token='));
    expect(cleared).toMatch(/^__Host-core28\.session_token=;/);
    expect(cleared).toMatch(/; Max-Age=0/i);
    expect(cleared).toMatch(/; Path=\//i);
    expect(cleared).toMatch(/; Secure/i);
    expect(cleared).toMatch(/; HttpOnly/i);
    expect(cleared).not.toMatch(/Domain=/i);
  });
});
