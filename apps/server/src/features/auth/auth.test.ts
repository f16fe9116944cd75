import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { profiles, users } from '../../platform/db/schema.ts';
import {
  cookieFrom,
  createMember,
  createTestApp,
  json,
  STRONG_PASSWORD,
  signInAdmin,
  TEST_ORIGIN,
  type TestApp,
} from '../../testing/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signIn = (email: string, password: string, headers?: Record<string, string>) =>
  t.request('/api/auth/sign-in/email', { json: { email, password }, headers });

describe('sign-up, confirmation, sign-in, sign-out', () => {
  it('walks the whole account journey', async () => {
    const email = 'journey@example.com';
    const signUp = await t.request('/api/auth/sign-up/email', {
      json: { email, password: STRONG_PASSWORD, name: 'Jo' },
    });
    expect(signUp.status).toBe(200);
    expect(cookieFrom(signUp)).not.toContain('session_token'); // no session before confirmation

    // Unverified: sign-in refused with a clear message (the sign-up's link is the one to use).
    const early = await signIn(email, STRONG_PASSWORD);
    expect(early.status).toBe(403);
    expect(await json(early)).toEqual({
      error: {
        code: 'EMAIL_NOT_VERIFIED',
        message:
          'Please confirm your email address first: use the link we e-mailed you. No e-mail? Check your spam folder, or sign in again in a few minutes for a new link.',
      },
    });

    const mail = await t.lastMail(email);
    expect(mail?.subject).toBe('Confirm your Core28 account');
    const link = new URL(mail!.meta.url!);
    expect(link.origin).toBe(TEST_ORIGIN);
    expect(link.searchParams.get('callbackURL')).toBe('/auth?confirmed=true');

    const verify = await t.request(link.pathname + link.search);
    expect(verify.status).toBe(302);
    expect(verify.headers.get('location')).toBe('/auth?confirmed=true');
    const cookie = cookieFrom(verify);
    expect(cookie).toContain('core28.session_token');

    const me = await json(await t.request('/api/me', { cookie }));
    expect(me).toMatchObject({ user: { email, emailVerified: true }, isAdmin: false });
    expect(me.profile).toMatchObject({ displayName: 'Jo' });

    const signOut = await t.request('/api/auth/sign-out', { method: 'POST', cookie });
    expect(signOut.status).toBe(200);
    expect((await json(await t.request('/api/me', { cookie }))).user).toBeNull();

    const again = await signIn(email, STRONG_PASSWORD);
    expect(again.status).toBe(200);
    expect(cookieFrom(again)).toContain('core28.session_token');
  });

  it('sets the session cookie httpOnly and SameSite=Lax', async () => {
    const member = await createMember(t);
    const res = await signIn(member.email, member.password);
    const line = res.headers.getSetCookie().find((c) => c.startsWith('core28.session_token'));
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Lax/i);
  });

  it('creates a profile row with the registration date for every new account', async () => {
    const member = await createMember(t);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, member.userId));
    expect(profile?.registrationDate).toBeInstanceOf(Date);
  });

  it('refuses a wrong password without saying which part was wrong', async () => {
    const member = await createMember(t);
    const res = await signIn(member.email, 'Wrong#pass1');
    expect(res.status).toBe(401);
    expect((await json(res)).error.message).toBe('Invalid email or password');
  });
});

describe('/api/me', () => {
  // spec §6: admin check failures are logged and treated as non-admin — not a signed-out app.
  it('answers with the user and isAdmin false, and logs it, when the admin check fails', async () => {
    const member = await createMember(t);
    const logged: unknown[][] = [];
    const requestLog = t.deps.log.child({});
    requestLog.error = ((...args: unknown[]) => void logged.push(args)) as typeof requestLog.error;
    const child = vi.spyOn(t.deps.log, 'child').mockReturnValue(requestLog as never);
    await t.db.execute(sql`alter table user_roles rename to user_roles_gone`);
    try {
      const res = await t.request('/api/me', { cookie: member.cookie });
      expect(res.status).toBe(200);
      const me = await json(res);
      expect(me).toMatchObject({ user: { id: member.userId, email: member.email }, isAdmin: false });
      expect(me.profile).toMatchObject({ userId: member.userId });
      expect(logged).toContainEqual([
        expect.objectContaining({ err: expect.anything() }),
        'admin check failed; treated as non-admin',
      ]);
    } finally {
      await t.db.execute(sql`alter table user_roles_gone rename to user_roles`);
      child.mockRestore();
    }
    expect((await json(await t.request('/api/me', { cookie: await signInAdmin(t) }))).isAdmin).toBe(true);
  });
});

describe('sign-up refusals', () => {
  it('tells a visitor the account exists (spec §8 looks for "already registered")', async () => {
    const member = await createMember(t);
    const res = await t.request('/api/auth/sign-up/email', {
      json: { email: member.email.toUpperCase(), password: STRONG_PASSWORD, name: '' },
    });
    expect(res.status).toBe(422);
    const body = await json(res);
    expect(body.error.message).toContain('already registered');
  });

  it('refuses a weak password with its reasons and creates nothing', async () => {
    const res = await t.request('/api/auth/sign-up/email', {
      json: { email: 'weak@example.com', password: 'abcdef', name: '' },
    });
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual({
      error: {
        code: 'WEAK_PASSWORD',
        message: 'Password is too weak: it needs one number and one special character.',
      },
    });
    expect(await t.db.select().from(users).where(eq(users.email, 'weak@example.com'))).toEqual([]);
  });

  it('refuses a malformed address as input, never as a server error (found by the fuzzer)', async () => {
    const before = (await t.db.select().from(users)).length;
    for (const email of ['null\u0000byte', 'a\u0000@example.com', "x' or 1=1 --@example.com"]) {
      const res = await t.request('/api/auth/sign-up/email', {
        json: { email, password: STRONG_PASSWORD, name: '' },
      });
      expect(res.status, email).toBe(400);
      expect((await json(res)).error.code).toEqual(expect.any(String));
    }
    expect((await t.db.select().from(users)).length).toBe(before);
  });

  it('asks for an e-mail and a password (spec §5)', async () => {
    for (const body of [
      { email: '', password: '' },
      { email: 'a@example.com' },
      { password: STRONG_PASSWORD },
    ]) {
      const res = await t.request('/api/auth/sign-in/email', { json: body });
      expect(res.status).toBe(400);
      expect((await json(res)).error.message).toBe(
        'You must provide either an email or phone number and a password',
      );
    }
  });

  it('answers a malformed body with 400 and a message', async () => {
    const res = await t.app.request('/api/auth/recover-password', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"token": ',
    });
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(body.error.code).toBe('BAD_REQUEST');
    expect(body.error.message).toMatch(/malformed|json/i);
  });
});

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
