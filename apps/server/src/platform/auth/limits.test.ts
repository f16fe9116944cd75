import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, createTestApp, json, STRONG_PASSWORD, type TestApp } from '../../testing/harness.ts';
import { SIGN_IN_FAILURES, signInDelaySeconds } from './limits.ts';

// Password guessing was limited per client only; 15 wrong passwords from 5 addresses
// were all checked against one account.
let t: TestApp;
let clock = Date.now();
let nextAddress = 1;
/** A client address never used before in this file (the per-client limits count by address). */
const freshAddress = () => `198.51.100.${nextAddress++}`;

beforeAll(async () => {
  t = await createTestApp({
    env: { AUTH_RATE_LIMIT: 'true', TRUST_PROXY: 'true' },
    now: () => new Date(clock),
  });
});
afterAll(() => t.close());

const signIn = (email: string, password: string, address = freshAddress()) =>
  t.request('/api/auth/sign-in/email', {
    json: { email, password },
    headers: { 'x-forwarded-for': address },
  });
const WRONG = 'Wrong#pass1';

/** A confirmed member, signed up from an address of its own (sign-up is limited to 5 a minute per client). */
async function createMember(app: TestApp) {
  const email = `member-${randomUUID().slice(0, 8)}@example.com`;
  const signUp = await app.request('/api/auth/sign-up/email', {
    json: { email, password: STRONG_PASSWORD, name: '' },
    headers: { 'x-forwarded-for': freshAddress() },
  });
  expect(signUp.status).toBe(200);
  const link = new URL((await app.lastMail(email))!.meta.url!);
  expect((await app.request(link.pathname + link.search)).status).toBe(302);
  return { email, password: STRONG_PASSWORD };
}

/** n wrong passwords from `addresses` different clients, each within its own per-client limit (3 per 10 s). */
async function guess(email: string, n: number, addresses = Math.ceil(n / 3)) {
  const clients = Array.from({ length: addresses }, freshAddress);
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push((await signIn(email, WRONG, clients[i % addresses])).status);
  return statuses;
}

describe('the per-account limit on password guessing', () => {
  it('waits 30 s after the 5th wrong password, then doubles up to 15 minutes', () => {
    const delays = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 30].map(signInDelaySeconds);
    expect(delays).toEqual([0, 0, 0, 0, 0, 30, 60, 120, 240, 480, 900, 900]);
  });

  it('15 wrong passwords from 5 addresses: 5 are checked, the rest wait, the right one too', async () => {
    const member = await createMember(t);
    const statuses = await guess(member.email, 15, 5);
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(10).fill(429)]);

    const blocked = await signIn(member.email, member.password);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBe('30');
    expect(await json(blocked)).toEqual({
      error: {
        code: 'TOO_MANY_REQUESTS',
        message:
          'Too many wrong passwords for this account. Please wait 30 seconds and try again, or reset your password.',
      },
    });
    // Another account is not affected.
    const other = await createMember(t);
    expect((await signIn(other.email, other.password)).status).toBe(200);
  });

  it('counts guesses sent at once: of 12 parallel wrong passwords only 5 are checked', async () => {
    const member = await createMember(t);
    const results = await Promise.all(Array.from({ length: 12 }, () => signIn(member.email, WRONG)));
    const statuses = results.map((res) => res.status).sort();
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
  });

  it('the delay grows with each wrong password after a wait, and a day without one forgets them', async () => {
    const member = await createMember(t);
    await guess(member.email, 5);
    clock += 30_000;
    expect((await signIn(member.email, WRONG)).status).toBe(401); // the 6th
    const second = await signIn(member.email, WRONG);
    expect(second.status).toBe(429);
    expect(second.headers.get('retry-after')).toBe('60');
    expect((await json(second)).error.message).toContain('wait 1 minute');

    clock += 60_000;
    expect((await signIn(member.email, WRONG)).status).toBe(401); // the 7th
    expect((await signIn(member.email, WRONG)).headers.get('retry-after')).toBe('120');

    clock += SIGN_IN_FAILURES.memorySeconds * 1000;
    expect(await guess(member.email, 5)).toEqual(Array(5).fill(401));
  });

  it('a right password after the wait signs in and forgets the wrong ones', async () => {
    const member = await createMember(t);
    await guess(member.email, 5);
    clock += 30_000;
    expect((await signIn(member.email, member.password)).status).toBe(200);
    expect(await guess(member.email, 5)).toEqual(Array(5).fill(401));
  });

  it('a password reset ends the delay at once', async () => {
    const member = await createMember(t);
    await guess(member.email, 6);
    expect((await signIn(member.email, member.password)).status).toBe(429);

    const requested = await t.request('/api/auth/request-password-reset', {
      json: { email: member.email, redirectTo: '/auth' },
      headers: { 'x-forwarded-for': freshAddress() },
    });
    expect(requested.status).toBe(200);
    const token = new URL((await t.lastMail(member.email))!.meta.url!).searchParams.get('token')!;
    const newPassword = 'Fresh#Start99';
    const reset = await t.request('/api/auth/recover-password', {
      json: { token, newPassword },
      headers: { 'x-forwarded-for': freshAddress() },
    });
    expect(reset.status).toBe(200);
    expect((await json(await t.request('/api/me', { cookie: cookieFrom(reset) }))).user.email).toBe(
      member.email,
    );

    expect((await signIn(member.email, newPassword)).status).toBe(200);
    expect(await guess(member.email, 5)).toEqual(Array(5).fill(401));
  });

  it('answers the same for an address without an account (no account enumeration)', async () => {
    const statuses = await guess('nobody-here@example.com', 6);
    expect(statuses).toEqual([...Array(5).fill(401), 429]);
  });
});
