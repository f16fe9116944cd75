import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookieFrom,
  createMember,
  createTestApp,
  json,
  STRONG_PASSWORD,
  type TestApp,
} from '../../testing/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signIn = (email: string, password: string, headers?: Record<string, string>) =>
  t.request('/api/auth/sign-in/email', { json: { email, password }, headers });

describe('password recovery', () => {
  const requestReset = (email: string) =>
    t.request('/api/auth/request-password-reset', { json: { email, redirectTo: '/auth' } });

  it('a reset link works once, signs the member in, and the new password works', async () => {
    const member = await createMember(t);
    expect((await requestReset(member.email)).status).toBe(200);
    const mail = await t.lastMail(member.email);
    expect(mail?.subject).toBe('Reset your Core28 password');
    const link = new URL(mail!.meta.url!);
    expect(link.pathname).toBe('/auth');
    expect(link.searchParams.get('type')).toBe('recovery');
    const token = link.searchParams.get('token')!;

    const weak = await t.request('/api/auth/recover-password', { json: { token, newPassword: 'short' } });
    expect(weak.status).toBe(400);

    const newPassword = 'Fresh#Start99';
    const first = await t.request('/api/auth/recover-password', { json: { token, newPassword } });
    expect(first.status).toBe(200);
    const cookie = cookieFrom(first);
    expect((await json(await t.request('/api/me', { cookie }))).user.email).toBe(member.email);

    const second = await t.request('/api/auth/recover-password', {
      json: { token, newPassword: 'Other#Pass77' },
    });
    expect(second.status).toBe(400);
    expect((await json(second)).error.message).toBe(
      'This link is invalid or has expired. Please request a new one.',
    );

    expect((await signIn(member.email, STRONG_PASSWORD)).status).toBe(401);
    expect((await signIn(member.email, newPassword)).status).toBe(200);
  });

  it('an expired reset link is refused', async () => {
    const member = await createMember(t);
    await requestReset(member.email);
    const token = new URL((await t.lastMail(member.email))!.meta.url!).searchParams.get('token')!;
    const context = await t.deps.auth.$context;
    const verification = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
    await context.internalAdapter.updateVerificationByIdentifier(verification!.identifier, {
      expiresAt: new Date(Date.now() - 1000),
    });
    const res = await t.request('/api/auth/recover-password', {
      json: { token, newPassword: 'Fresh#Start99' },
    });
    expect(res.status).toBe(400);
    expect((await signIn(member.email, member.password)).status).toBe(200);
  });

  it('answers the same for an unknown e-mail (no account enumeration through reset)', async () => {
    const res = await requestReset('nobody@example.com');
    expect(res.status).toBe(200);
    expect(await t.lastMail('nobody@example.com')).toBeUndefined();
  });
});

describe('rate limits', () => {
  it('the 4th sign-in within 10 s from one client gets 429; another client is unaffected', async () => {
    const limited = await createTestApp({ env: { AUTH_RATE_LIMIT: 'true', TRUST_PROXY: 'true' } });
    try {
      const member = await createMember(limited, 'limited@example.com');
      const attempt = (ip: string) =>
        limited.request('/api/auth/sign-in/email', {
          json: { email: member.email, password: 'Wrong#pass1' },
          headers: { 'x-forwarded-for': ip },
        });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await attempt('203.0.113.7')).status);
      expect(statuses).toEqual([401, 401, 401, 429]);
      const blocked = await attempt('203.0.113.7');
      expect(await json(blocked)).toEqual({
        error: {
          code: 'TOO_MANY_REQUESTS',
          message: 'Too many attempts. Please wait a few seconds and try again.',
        },
      });
      expect((await attempt('198.51.100.9')).status).toBe(401);
    } finally {
      await limited.close();
    }
  });
});

describe('sessions', () => {
  it('a password change ends every other session, whatever the client asks', async () => {
    const member = await createMember(t);
    const thief = cookieFrom(await signIn(member.email, member.password));
    const changed = await t.request('/api/auth/change-password', {
      cookie: member.cookie,
      json: { currentPassword: member.password, newPassword: 'Brand#New2026', revokeOtherSessions: false },
    });
    expect(changed.status).toBe(200);
    expect((await json(await t.request('/api/me', { cookie: thief }))).user).toBeNull();
    const own = cookieFrom(changed);
    expect((await json(await t.request('/api/me', { cookie: own }))).user.email).toBe(member.email);
  });
});

describe('cross-site requests', () => {
  it('refuses a state-changing request from a foreign origin', async () => {
    const member = await createMember(t);
    const res = await t.request('/api/auth/sign-out', {
      method: 'POST',
      cookie: member.cookie,
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect((await json(await t.request('/api/me', { cookie: member.cookie }))).user).not.toBeNull();
  });
});

describe('cookies over https', () => {
  it('the session cookie is a Secure __Host- cookie', async () => {
    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://core28.test' } });
    try {
      const member = await createMember(secure);
      const res = await secure.request('/api/auth/sign-in/email', {
        json: { email: member.email, password: member.password },
      });
      const line = res.headers.getSetCookie().find((c) => c.includes('session_token'));
      expect(line).toMatch(/^__Host-core28\.session_token=/);
      expect(line).toMatch(/; Secure/i);
      expect(line).toMatch(/; Path=\//i);
      expect(line).not.toMatch(/Domain=/i);
      const me = await json(await secure.request('/api/me', { cookie: cookieFrom(res) }));
      expect(me.user.email).toBe(member.email);
    } finally {
      await secure.close();
    }
  });
});

describe("a stranger's inbox", () => {
  const mailsOfKind = async (to: string, kind: string) => {
    await t.drainJobs();
    const { rows } = (await t.db.execute(
      sql`select count(*)::int as n from mail_outbox where "to" = ${to} and meta->>'kind' = ${kind}`,
    )) as unknown as { rows: { n: number }[] };
    return rows[0]!.n;
  };

  it('gets one confirmation however often an unconfirmed account is signed in to, from any client', async () => {
    const email = 'flooded@example.com';
    await t.request('/api/auth/sign-up/email', { json: { email, password: STRONG_PASSWORD, name: '' } });
    for (let i = 0; i < 6; i++)
      expect((await signIn(email, STRONG_PASSWORD, { 'x-forwarded-for': `203.0.113.${i}` })).status).toBe(
        403,
      );
    expect(await mailsOfKind(email, 'verify-email')).toBe(1);
  });

  it('answers a wrong password on an unconfirmed account as it answers the right one', async () => {
    const email = 'unconfirmed-alike@example.com';
    await t.request('/api/auth/sign-up/email', { json: { email, password: STRONG_PASSWORD, name: '' } });
    const right = await signIn(email, STRONG_PASSWORD);
    const wrong = await signIn(email, 'Wrong#2026password');
    expect(wrong.status).toBe(right.status);
    expect(await json(wrong)).toEqual(await json(right));
  });

  it('gets at most one reset mail a minute, whatever the client', async () => {
    const member = await createMember(t, 'reset-flood@example.com', { plan: 'none' });
    for (let i = 0; i < 5; i++)
      await t.request('/api/auth/request-password-reset', {
        json: { email: member.email, redirectTo: '/auth' },
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      });
    expect(await mailsOfKind(member.email, 'reset-password')).toBe(1);
  });
});
