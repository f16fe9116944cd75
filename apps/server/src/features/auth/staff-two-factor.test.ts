import { and, eq } from 'drizzle-orm';
import { URI } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions, twoFactors, userRoles, users } from '../../platform/db/schema.ts';
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

// The second factor with STAFF_TWO_FACTOR=required (production's only setting): enrolment, sign-in
// with a code or a backup code, which sessions count as verified, and the owner's reset.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { STAFF_TWO_FACTOR: 'required' } });
});
afterAll(() => t.close());

const post = (path: string, json: unknown, cookie?: string, from?: string) =>
  t.request(path, { json, cookie, from, headers: { origin: TEST_ORIGIN } });
const me = async (cookie: string) => json(await t.request('/api/me', { cookie }));
const codeOf = (totpURI: string) => URI.parse(totpURI).generate();

/** Turns the factor on for the signed-in account: its secret, its backup codes and the new cookie. */
async function enrol(cookie: string, password: string) {
  const enabled = await post('/api/auth/two-factor/enable', { password }, cookie);
  expect(enabled.status).toBe(200);
  const { totpURI, backupCodes } = (await json(enabled)) as { totpURI: string; backupCodes: string[] };
  const confirmed = await post('/api/auth/two-factor/verify-totp', { code: codeOf(totpURI) }, cookie);
  expect(confirmed.status).toBe(200);
  return { totpURI, backupCodes, cookie: cookieFrom(confirmed) };
}

/** A password sign-in that stops at the second factor: the pending challenge's cookie. */
async function challenge(email: string, password: string, from?: string) {
  const res = await post('/api/auth/sign-in/email', { email, password }, undefined, from);
  expect(res.status).toBe(200);
  expect(await json(res)).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
  return cookieFrom(res);
}

async function verifiedOf(cookie: string) {
  const { session } = (await json(await t.request('/api/auth/get-session', { cookie }))) ?? {};
  if (!session) return null;
  const [row] = await t.db.select().from(sessions).where(eq(sessions.id, session.id));
  return row?.twoFactorVerified ?? null;
}

async function coach() {
  const member = await createMember(t, undefined, { plan: 'none' });
  await t.db.insert(userRoles).values({ userId: member.userId, role: 'coach' });
  return member;
}

let owner: { cookie: string; totpURI: string; backupCodes: string[]; id: string };

describe('staff two-factor sign-in (required)', () => {
  it('a staff session without the second factor has member capabilities only', async () => {
    const cookie = await signInAdmin(t);
    const viewer = await me(cookie);
    expect(viewer).toMatchObject({ isAdmin: false, staff: { secondFactor: false } });
    expect(viewer.user.twoFactorEnabled).toBe(false);
    const admin = await t.request('/api/admin/users', { cookie });
    expect(admin.status).toBe(403);
    expect((await json(admin)).error.code).toBe('TWO_FACTOR_REQUIRED');
    expect((await t.request('/api/profile', { cookie })).status).toBe(200);
    expect(await verifiedOf(cookie)).toBe(false);
  });

  it('enrolment confirms with a code, and the new session is the verified one', async () => {
    const before = await signInAdmin(t);
    const enrolled = await enrol(before, t.config.admin.password);
    expect(enrolled.backupCodes).toHaveLength(10);
    expect(URI.parse(enrolled.totpURI).issuer).toBe('Core28');
    // The enrolment's session replaced the password's one.
    expect((await me(before)).user).toBeNull();
    expect(await verifiedOf(enrolled.cookie)).toBe(true);
    expect(await me(enrolled.cookie)).toMatchObject({
      isAdmin: true,
      staff: { secondFactor: true },
      user: { twoFactorEnabled: true },
    });
    expect((await t.request('/api/admin/users', { cookie: enrolled.cookie })).status).toBe(200);
    const viewer = await me(enrolled.cookie);
    owner = { ...enrolled, id: viewer.user.id };
  });

  it('a password sign-in then asks for the code; the code opens a verified session, never a trusted device', async () => {
    const pending = await challenge(t.config.admin.email, t.config.admin.password);
    expect((await me(pending)).user).toBeNull();
    const wrong = await post('/api/auth/two-factor/verify-totp', { code: '000000' }, pending);
    expect(wrong.status).toBe(401);
    const res = await post(
      '/api/auth/two-factor/verify-totp',
      { code: codeOf(owner.totpURI), trustDevice: true },
      pending,
    );
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => c.includes('trust_device'))).toBe(false);
    const cookie = cookieFrom(res);
    expect(await verifiedOf(cookie)).toBe(true);
    expect((await me(cookie)).isAdmin).toBe(true);
  });

  it('a backup code signs in once', async () => {
    const code = owner.backupCodes[0]!;
    const first = await post(
      '/api/auth/two-factor/verify-backup-code',
      { code },
      await challenge(t.config.admin.email, t.config.admin.password),
    );
    expect(first.status).toBe(200);
    expect(await verifiedOf(cookieFrom(first))).toBe(true);
    const again = await post(
      '/api/auth/two-factor/verify-backup-code',
      { code },
      await challenge(t.config.admin.email, t.config.admin.password),
    );
    expect(again.status).toBe(401);
    expect((await json(again)).error.code).toBe('INVALID_BACKUP_CODE');
  });

  it('sign-up and a recovery link never give a verified session; with a factor, the recovery link asks for the code', async () => {
    const staff = await coach();
    expect(await verifiedOf(staff.cookie)).toBe(false);
    const recover = async (email: string) => {
      await post('/api/auth/request-password-reset', { email, redirectTo: '/auth' });
      const mail = await t.lastMail(email);
      const token = new URL(mail!.meta.url!).searchParams.get('token')!;
      return post('/api/auth/recover-password', { token, newPassword: 'Core#2026newer' });
    };
    const recovered = await recover(staff.email);
    expect(await json(recovered)).toEqual({ ok: true, twoFactorRedirect: false });
    const cookie = cookieFrom(recovered);
    expect(await verifiedOf(cookie)).toBe(false);
    expect(await me(cookie)).toMatchObject({ isAdmin: false, staff: { secondFactor: false } });

    // Another account (the reset mail waits a minute between two to one address).
    const enrolled = await coach();
    await enrol(enrolled.cookie, STRONG_PASSWORD);
    const again = await recover(enrolled.email);
    expect(await json(again)).toEqual({ ok: true, twoFactorRedirect: true });
    expect((await me(cookieFrom(again))).user).toBeNull();
  });

  it('a new password keeps the session verified; turning the factor off does not', async () => {
    const staff = await coach();
    const enrolled = await enrol(staff.cookie, STRONG_PASSWORD);
    const changed = await post(
      '/api/auth/change-password',
      { currentPassword: STRONG_PASSWORD, newPassword: 'Core#2026changed' },
      enrolled.cookie,
    );
    expect(changed.status).toBe(200);
    const afterChange = cookieFrom(changed);
    expect(await verifiedOf(afterChange)).toBe(true);
    const off = await post('/api/auth/two-factor/disable', { password: 'Core#2026changed' }, afterChange);
    expect(off.status).toBe(200);
    expect(await verifiedOf(cookieFrom(off))).toBe(false);
  });

  it('the owner resets a coach: factor gone, sessions ended, audited; not their own, and not for a coach', async () => {
    const staff = await coach();
    const enrolled = await enrol(staff.cookie, STRONG_PASSWORD);
    const reset = (userId: string, cookie: string) =>
      post(`/api/admin/staff/${userId}/two-factor/reset`, {}, cookie);
    expect((await reset(owner.id, enrolled.cookie)).status).toBe(403);
    const res = await reset(staff.userId, owner.cookie);
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ reset: true });
    expect((await me(enrolled.cookie)).user).toBeNull();
    expect(await t.db.select().from(twoFactors).where(eq(twoFactors.userId, staff.userId))).toEqual([]);
    const [account] = await t.db.select().from(users).where(eq(users.id, staff.userId));
    expect(account!.twoFactorEnabled).toBe(false);
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.memberId, staff.userId), eq(auditLog.actorId, owner.id)));
    expect(audited.map((row) => row.action)).toEqual(['POST /api/admin/staff/:userId/two-factor/reset']);
    // The coach signs in with the password alone again, as a member until they enrol.
    const signedIn = await post('/api/auth/sign-in/email', { email: staff.email, password: STRONG_PASSWORD });
    expect(await me(cookieFrom(signedIn))).toMatchObject({ isAdmin: false, staff: { secondFactor: false } });

    const self = await reset(owner.id, owner.cookie);
    expect(self.status).toBe(403);
    expect((await json(self)).error.message).toContain('npm run owner:reset');
  });
});

describe('wrong codes are limited per account', () => {
  let limited: TestApp;
  let clock = new Date('2026-12-07T10:00:00Z');
  beforeAll(async () => {
    limited = await createTestApp({
      env: { STAFF_TWO_FACTOR: 'required', AUTH_RATE_LIMIT: 'true' },
      now: () => clock,
    });
  });
  afterAll(() => limited.close());

  it('after five wrong codes the account waits, whatever the client, even with the right code', async () => {
    const member = await createMember(limited);
    const at = (n: number) => `203.0.113.${n}`;
    const send = (path: string, body: unknown, cookie?: string, n = 1) =>
      limited.request(path, { json: body, cookie, from: at(n), headers: { origin: TEST_ORIGIN } });
    const enabled = await json(
      await send('/api/auth/two-factor/enable', { password: member.password }, member.cookie),
    );
    await send('/api/auth/two-factor/verify-totp', { code: codeOf(enabled.totpURI) }, member.cookie, 2);
    const signIn = async (n: number) =>
      cookieFrom(
        await send(
          '/api/auth/sign-in/email',
          { email: member.email, password: member.password },
          undefined,
          n,
        ),
      );

    const pending = await signIn(3);
    for (let n = 10; n < 15; n++) {
      const wrong = await send('/api/auth/two-factor/verify-totp', { code: '000000' }, pending, n);
      expect(wrong.status).toBe(401);
    }
    const next = await signIn(20);
    const right = await send('/api/auth/two-factor/verify-totp', { code: codeOf(enabled.totpURI) }, next, 21);
    expect(right.status).toBe(429);
    expect(right.headers.get('retry-after')).toBe('30');
    expect((await json(right)).error.message).toContain('Too many wrong codes');

    clock = new Date(clock.getTime() + 31_000);
    const later = await send('/api/auth/two-factor/verify-totp', { code: codeOf(enabled.totpURI) }, next, 22);
    expect(later.status).toBe(200);
  });
});
