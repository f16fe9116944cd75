import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions, twoFactors, users } from '../platform/db/schema.ts';
import { cookieFrom, createTestApp, json, signInAdmin, type TestApp } from '../testing/harness.ts';
import { resetOwner } from './owner.ts';

// `npm run owner:reset`: the owner locked out gets a new password, loses their second factor and
// every session, and the audit log says so.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signIn = (email: string, password: string) =>
  t.request('/api/auth/sign-in/email', { json: { email, password } });

describe('owner:reset', () => {
  it('sets a generated password shown once, removes the second factor, ends every session, audits', async () => {
    const cookie = await signInAdmin(t);
    const ownerId = (await json(await t.request('/api/me', { cookie }))).user.id;
    await t.db
      .insert(twoFactors)
      .values({ id: randomUUID(), secret: 's', backupCodes: 'b', userId: ownerId });
    await t.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, ownerId));

    const result = await resetOwner(t.deps);
    expect(result.email).toBe(t.config.admin.email);
    expect(result.password).toMatch(/^.{24,}$/);
    expect(await t.db.select().from(twoFactors).where(eq(twoFactors.userId, ownerId))).toEqual([]);
    const [account] = await t.db.select().from(users).where(eq(users.id, ownerId));
    expect(account!.twoFactorEnabled).toBe(false);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, ownerId))).toEqual([]);
    expect((await json(await t.request('/api/me', { cookie }))).user).toBeNull();
    expect((await signIn(t.config.admin.email, t.config.admin.password)).status).toBe(401);
    const fresh = await signIn(t.config.admin.email, result.password!);
    expect(fresh.status).toBe(200);
    expect((await json(await t.request('/api/me', { cookie: cookieFrom(fresh) }))).isAdmin).toBe(true);
    const [audit] = await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({ action: 'owner.reset', actorId: null, objectId: ownerId });
  });

  it('uses ADMIN_PASSWORD when it is given', async () => {
    const result = await resetOwner(t.deps, { password: 'Given#2026password' });
    expect(result.password).toBeNull();
    expect((await signIn(t.config.admin.email, 'Given#2026password')).status).toBe(200);
  });
});
