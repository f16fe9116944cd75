import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Config, DEV_ADMIN } from '../config.ts';
import { userRoles, users } from '../platform/db/schema.ts';
import {
  cookieFrom,
  createMember,
  createTestApp,
  json,
  STRONG_PASSWORD,
  type TestApp,
} from '../testing/harness.ts';
import { seed } from './seed.ts';

// ADMIN_EMAIL must not promote an account someone else registered with their password.
const OWNER = { ADMIN_EMAIL: 'owner@gym.example', ADMIN_PASSWORD: 'Owner#2026pass' };
const ATTACKER_PASSWORD = 'Attacker#666';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false, env: OWNER });
});
afterAll(() => t.close());

const signIn = (app: TestApp, email: string, password: string) =>
  app.request('/api/auth/sign-in/email', { json: { email, password } });
const me = async (app: TestApp, cookie: string) => json(await app.request('/api/me', { cookie }));
/** A restart on the same database with these settings changed (the seed runs at every start). */
const restartWith = (changes: Partial<Config>) =>
  seed({ ...t.deps, config: { ...t.deps.config, ...changes } });
const hasAdminRole = async (app: TestApp, email: string) => {
  const rows = await app.db
    .select({ role: userRoles.role })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(users.email, email), eq(userRoles.role, 'owner')));
  return rows.length > 0;
};

describe('the admin account at start-up', () => {
  it("an address pre-registered by an attacker never makes the attacker's password an admin", async () => {
    const signUp = await t.request('/api/auth/sign-up/email', {
      json: { email: OWNER.ADMIN_EMAIL, password: ATTACKER_PASSWORD, name: '' },
    });
    expect(signUp.status).toBe(200);

    // The server starts: the unconfirmed account is not promoted, and the log says why.
    const lines: { level: number; email?: string; msg: string }[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    await seed({ ...t.deps, log });
    expect(await hasAdminRole(t, OWNER.ADMIN_EMAIL)).toBe(false);
    const warning = lines.find((line) => line.level === 40 && line.email === OWNER.ADMIN_EMAIL);
    expect(warning?.msg).toMatch(
      /^ADMIN_EMAIL belongs to an account that someone signed up for and never confirmed, so it is NOT made admin/,
    );
    expect(warning?.msg).toContain('confirm it with the link in its mailbox and restart');

    // The owner clicks the confirmation mail the attacker's sign-up sent to them.
    const link = new URL((await t.lastMail(OWNER.ADMIN_EMAIL))!.meta.url!);
    expect((await t.request(link.pathname + link.search)).status).toBe(302);

    const attacker = await signIn(t, OWNER.ADMIN_EMAIL, ATTACKER_PASSWORD);
    expect(attacker.status).toBe(200);
    const attackerCookie = cookieFrom(attacker);
    expect((await me(t, attackerCookie)).isAdmin).toBe(false);
    expect((await t.request('/api/admin/users', { cookie: attackerCookie })).status).toBe(403);

    await seed(t.deps); // the next start: the confirmed account becomes ours, then admin
    expect((await signIn(t, OWNER.ADMIN_EMAIL, ATTACKER_PASSWORD)).status).toBe(401);
    expect((await me(t, attackerCookie)).user).toBeNull();
    const owner = await signIn(t, OWNER.ADMIN_EMAIL, OWNER.ADMIN_PASSWORD);
    expect(owner.status).toBe(200);
    expect((await me(t, cookieFrom(owner))).isAdmin).toBe(true);
    expect((await t.request('/api/admin/users', { cookie: cookieFrom(owner) })).status).toBe(200);
  });

  it("keeps the admin's sessions across restarts while the password is ADMIN_PASSWORD", async () => {
    const cookie = cookieFrom(await signIn(t, OWNER.ADMIN_EMAIL, OWNER.ADMIN_PASSWORD));
    await seed(t.deps);
    await seed(t.deps);
    expect((await me(t, cookie)).isAdmin).toBe(true);
  });

  it("leaves the owner's own password alone at every later start: ADMIN_PASSWORD made only the first owner", async () => {
    const cookie = cookieFrom(await signIn(t, OWNER.ADMIN_EMAIL, OWNER.ADMIN_PASSWORD));
    const changed = await t.request('/api/auth/change-password', {
      cookie,
      json: { currentPassword: OWNER.ADMIN_PASSWORD, newPassword: STRONG_PASSWORD },
    });
    expect(changed.status).toBe(200);
    const current = cookieFrom(changed);
    await seed(t.deps);
    expect((await me(t, current)).isAdmin).toBe(true);
    expect((await signIn(t, OWNER.ADMIN_EMAIL, STRONG_PASSWORD)).status).toBe(200);
    expect((await signIn(t, OWNER.ADMIN_EMAIL, OWNER.ADMIN_PASSWORD)).status).toBe(401);
    // Another ADMIN_EMAIL later makes no second owner while this one exists.
    const member = await createMember(t, 'new@gym.example');
    await restartWith({ admin: { email: member.email, password: OWNER.ADMIN_PASSWORD } });
    expect(await hasAdminRole(t, member.email)).toBe(false);
    expect((await signIn(t, member.email, member.password)).status).toBe(200);
  });

  it('an unconfirmed account that holds the owner role (promoted by an earlier version) loses it', async () => {
    await t.request('/api/auth/sign-up/email', {
      json: { email: 'coach@gym.example', password: ATTACKER_PASSWORD, name: '' },
    });
    const [squatter] = await t.db.select().from(users).where(eq(users.email, 'coach@gym.example'));
    await t.db.insert(userRoles).values({ userId: squatter!.id, role: 'owner' });
    await restartWith({ admin: { email: 'coach@gym.example', password: OWNER.ADMIN_PASSWORD } });
    expect(await hasAdminRole(t, 'coach@gym.example')).toBe(false);
    expect(await hasAdminRole(t, OWNER.ADMIN_EMAIL)).toBe(true);
  });
});

describe('the first owner, on an install without one', () => {
  it('a confirmed member with the address (signed up before ADMIN_EMAIL named it) is taken over', async () => {
    const fresh = await createTestApp({ seed: false });
    try {
      const member = await createMember(fresh, 'early@gym.example');
      await seed({
        ...fresh.deps,
        config: { ...fresh.deps.config, admin: { email: member.email, password: OWNER.ADMIN_PASSWORD } },
      });
      expect((await me(fresh, member.cookie)).user).toBeNull();
      expect((await signIn(fresh, member.email, member.password)).status).toBe(401);
      const admin = await signIn(fresh, member.email, OWNER.ADMIN_PASSWORD);
      expect((await me(fresh, cookieFrom(admin))).isAdmin).toBe(true);
    } finally {
      await fresh.close();
    }
  });
});

describe('the development admin', () => {
  it('stays the owner outside production whatever ADMIN_EMAIL says later, and production retires it', async () => {
    const fresh = await createTestApp({ seed: false });
    const restart = (changes: Partial<Config>) =>
      seed({ ...fresh.deps, config: { ...fresh.deps.config, ...changes } });
    try {
      await restart({ admin: DEV_ADMIN });
      await restart({ admin: { email: OWNER.ADMIN_EMAIL, password: OWNER.ADMIN_PASSWORD } });
      expect(await hasAdminRole(fresh, DEV_ADMIN.email)).toBe(true);
      expect(await hasAdminRole(fresh, OWNER.ADMIN_EMAIL)).toBe(false);

      const devCookie = cookieFrom(await signIn(fresh, DEV_ADMIN.email, DEV_ADMIN.password));
      expect((await fresh.request('/api/admin/users', { cookie: devCookie })).status).toBe(200);
      await restart({
        env: 'production',
        isProduction: true,
        admin: { email: OWNER.ADMIN_EMAIL, password: OWNER.ADMIN_PASSWORD },
      });
      expect(await hasAdminRole(fresh, DEV_ADMIN.email)).toBe(false);
      expect(await hasAdminRole(fresh, OWNER.ADMIN_EMAIL)).toBe(true);
      expect((await signIn(fresh, DEV_ADMIN.email, DEV_ADMIN.password)).status).toBe(401);
      expect((await fresh.request('/api/admin/users', { cookie: devCookie })).status).toBe(401);
      expect((await signIn(fresh, OWNER.ADMIN_EMAIL, OWNER.ADMIN_PASSWORD)).status).toBe(200);
    } finally {
      await fresh.close();
    }
  });
});
