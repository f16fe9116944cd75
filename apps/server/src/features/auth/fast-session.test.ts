import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, sessions, subscribers, users } from '../../platform/db/schema.ts';
import { createMember, createTestApp, signInAdmin, type TestApp } from '../../testing/harness.ts';
import { readMemberFast, readSessionFast, readViewerFast, verifiedToken } from './fast-session.ts';

// The fast session read and better-auth's getSession agree on every kind of session,
// on PGlite and (TEST_DATABASE_URL) on PostgreSQL.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY_MS = 24 * 60 * 60 * 1000;
const headersOf = (cookie: string) => new Headers({ cookie });

/** Both reads of `cookie`: better-auth's first (it may write), then ours. */
async function bothReads(cookie: string) {
  const ours = await readSessionFast(t.deps, headersOf(cookie));
  const theirs = await t.deps.auth.api.getSession({ headers: headersOf(cookie) });
  return { ours, theirs };
}

async function tokenOf(cookie: string) {
  const { secret } = await t.deps.auth.$context;
  const signed = decodeURIComponent(/core28\.session_token=([^;]+)/.exec(cookie)![1]!);
  return verifiedToken(signed, secret)!;
}

describe('the fast session read agrees with better-auth', () => {
  it('a valid session: the same user and session, and the staff roles', async () => {
    const member = await createMember(t, undefined, { plan: 'none' });
    const { ours, theirs } = await bothReads(member.cookie);
    expect(theirs).not.toBeNull();
    expect(ours).toEqual({
      user: theirs!.user,
      sessionId: theirs!.session.id,
      expiresAt: theirs!.session.expiresAt,
      staff: null,
      isAdmin: false,
    });

    const admin = await bothReads(await signInAdmin(t));
    expect(admin.ours).toEqual({
      user: admin.theirs!.user,
      sessionId: admin.theirs!.session.id,
      expiresAt: admin.theirs!.session.expiresAt,
      staff: { roles: ['coach', 'owner'], secondFactor: true },
      isAdmin: true,
    });
  });

  it('no cookie, a forged signature, a token signed with another secret: nobody', async () => {
    const member = await createMember(t, undefined, { plan: 'none' });
    const token = await tokenOf(member.cookie);
    const sign = (secret: string) =>
      `core28.session_token=${encodeURIComponent(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`)}`;
    const { secret } = await t.deps.auth.$context;
    expect(sign(secret)).toBe(member.cookie.match(/core28\.session_token=[^;]+/)![0]); // the same signing
    // Read once, so its verified cookie is remembered: the forgeries of the same token below must
    // still be checked, not matched to it.
    expect((await bothReads(member.cookie)).ours?.user.id).toBe(member.userId);
    for (const cookie of [
      '',
      'other=1',
      sign('another-secret-another-secret-0123'),
      `${sign(secret).slice(0, -4)}AAA%3D`,
    ]) {
      const { ours, theirs } = await bothReads(cookie);
      expect(theirs, cookie).toBeNull();
      expect(ours, cookie).toBeNull();
    }
  });

  it('a revoked session (signed out) and a deleted user: nobody, at once', async () => {
    const signedOut = await createMember(t, undefined, { plan: 'none' });
    expect((await bothReads(signedOut.cookie)).ours).not.toBeNull();
    await t.request('/api/auth/sign-out', { method: 'POST', cookie: signedOut.cookie, json: {} });
    expect(await bothReads(signedOut.cookie)).toEqual({ ours: null, theirs: null });

    const deleted = await createMember(t, undefined, { plan: 'none' });
    await t.db.delete(users).where(eq(users.id, deleted.userId));
    expect(await bothReads(deleted.cookie)).toEqual({ ours: null, theirs: null });
  });

  it('an expired session: nobody, and the session is deleted as better-auth does', async () => {
    const member = await createMember(t, undefined, { plan: 'none' });
    const token = await tokenOf(member.cookie);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.token, token));
    expect(await readSessionFast(t.deps, headersOf(member.cookie))).toBeNull();
    expect(await t.db.select().from(sessions).where(eq(sessions.token, token))).toEqual([]);
    expect(await t.deps.auth.api.getSession({ headers: headersOf(member.cookie) })).toBeNull();
  });

  it('a session due for its daily refresh: read, and refreshed by better-auth', async () => {
    const member = await createMember(t, undefined, { plan: 'none' });
    const token = await tokenOf(member.cookie);
    const { sessionConfig } = await t.deps.auth.$context;
    // Signed in 2 days ago: the 30-day expiry is 28 days away and the 1-day update age has passed.
    const old = new Date(Date.now() + sessionConfig.expiresIn * 1000 - 2 * DAY_MS);
    await t.db.update(sessions).set({ expiresAt: old }).where(eq(sessions.token, token));
    const ours = await readSessionFast(t.deps, headersOf(member.cookie));
    expect(ours?.user.id).toBe(member.userId);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.token, token));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(old.getTime() + DAY_MS);
  });

  it("GET /api/me's one statement: the same member and session, with the profile as stored", async () => {
    const member = await createMember(t, undefined, { plan: 'none' });
    await t.db
      .update(profiles)
      .set({ firstName: 'Ada', timeZone: 'Europe/Paris' })
      .where(eq(profiles.userId, member.userId));
    const [stored] = await t.db.select().from(profiles).where(eq(profiles.userId, member.userId));
    const viewer = await readViewerFast(t.deps, headersOf(member.cookie));
    const { profile, ...session } = viewer!;
    expect(session).toEqual(await readSessionFast(t.deps, headersOf(member.cookie)));
    expect(profile).toEqual(stored);
    expect(await readViewerFast(t.deps, headersOf('other=1'))).toBeNull();

    // A member without a profile row: null; and /api/me answers it as before.
    await t.db.delete(profiles).where(eq(profiles.userId, member.userId));
    expect((await readViewerFast(t.deps, headersOf(member.cookie)))?.profile).toBeNull();
    const me = await (await t.request('/api/me', { cookie: member.cookie })).json();
    expect(me).toMatchObject({ user: { id: member.userId }, profile: null, isAdmin: false });
  });

  it('GET /api/me when better-auth reads the session (refresh due): the profile is read on its own', async () => {
    const member = await createMember(t, undefined, { plan: 'none' });
    await t.db.update(profiles).set({ firstName: 'Grace' }).where(eq(profiles.userId, member.userId));
    const token = await tokenOf(member.cookie);
    const { sessionConfig } = await t.deps.auth.$context;
    const old = new Date(Date.now() + sessionConfig.expiresIn * 1000 - 2 * DAY_MS);
    await t.db.update(sessions).set({ expiresAt: old }).where(eq(sessions.token, token));
    const me = await (await t.request('/api/me', { cookie: member.cookie })).json();
    expect(me).toMatchObject({ user: { id: member.userId }, profile: { firstName: 'Grace' } });
  });

  it("a coaching request's one statement: the member's subscriber row as stored, null without one", async () => {
    const member = await createMember(t, undefined, { plan: 'none' });
    expect((await readMemberFast(t.deps, headersOf(member.cookie)))?.subscriber).toBeNull();
    await t.db.insert(subscribers).values({
      userId: member.userId,
      email: member.email,
      subscribed: true,
      subscriptionTier: '1-on-1 Burn',
      subscriptionEnd: new Date(Date.now() + 30 * DAY_MS),
    });
    const [stored] = await t.db.select().from(subscribers).where(eq(subscribers.userId, member.userId));
    const read = await readMemberFast(t.deps, headersOf(member.cookie));
    const { subscriber, ...session } = read!;
    expect(subscriber).toEqual(stored);
    expect(session).toEqual(await readSessionFast(t.deps, headersOf(member.cookie)));
    expect(await readMemberFast(t.deps, headersOf('other=1'))).toBeNull();
  });

  it('coaching when better-auth reads the session (refresh due): the subscriber row is read on its own', async () => {
    const burn = await createMember(t, undefined, { plan: 'none' });
    const daily = await createMember(t, undefined, { plan: 'none' });
    await t.db.insert(subscribers).values([
      { userId: burn.userId, email: burn.email, subscribed: true, subscriptionTier: '1-on-1 Burn' },
      { userId: daily.userId, email: daily.email, subscribed: true, subscriptionTier: 'The Daily Core' },
    ]);
    const { sessionConfig } = await t.deps.auth.$context;
    const old = new Date(Date.now() + sessionConfig.expiresIn * 1000 - 2 * DAY_MS);
    for (const member of [burn, daily]) {
      const token = await tokenOf(member.cookie);
      await t.db.update(sessions).set({ expiresAt: old }).where(eq(sessions.token, token));
      expect((await readMemberFast(t.deps, headersOf(member.cookie)))?.subscriber).toBeUndefined();
      await t.db.update(sessions).set({ expiresAt: old }).where(eq(sessions.token, token)); // due again
    }
    expect((await t.request('/api/coaching/topics', { cookie: burn.cookie })).status).toBe(200);
    expect((await t.request('/api/coaching/topics', { cookie: daily.cookie })).status).toBe(403);
  });
});

describe('served by Node (the cookie read from Node’s request)', () => {
  it('GET /api/me over HTTP: the member, nobody for a forged cookie, and better-auth’s refresh when due', async () => {
    const server = await t.listen();
    try {
      const me = async (cookie: string) => {
        const res = await fetch(`http://127.0.0.1:${server.port}/api/me`, { headers: { cookie } });
        expect(res.status).toBe(200);
        return (await res.json()) as { user: { email: string } | null; profile: unknown };
      };
      const member = await createMember(t, undefined, { plan: 'none' });
      expect((await me(member.cookie)).user?.email).toBe(member.email);
      // a cookie among others, as browsers send it
      expect((await me(`theme=dark; ${member.cookie}; other=1`)).user?.email).toBe(member.email);
      expect((await me(member.cookie.replace(/.{4}(%3D|=)?$/, 'AAAA$1'))).user).toBeNull();
      expect((await me('')).user).toBeNull();

      // refresh due: better-auth reads the session with the request's own headers, and refreshes it
      const token = await tokenOf(member.cookie);
      const { sessionConfig } = await t.deps.auth.$context;
      const old = new Date(Date.now() + sessionConfig.expiresIn * 1000 - 2 * DAY_MS);
      await t.db.update(sessions).set({ expiresAt: old }).where(eq(sessions.token, token));
      const viewer = await me(member.cookie);
      expect(viewer.user?.email).toBe(member.email);
      expect(viewer.profile).not.toBeNull();
      const [row] = await t.db.select().from(sessions).where(eq(sessions.token, token));
      expect(row!.expiresAt.getTime()).toBeGreaterThan(old.getTime() + DAY_MS);
    } finally {
      await server.close();
    }
  });
});
