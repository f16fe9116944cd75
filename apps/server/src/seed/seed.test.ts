import { slugify } from '@core28/core/blog';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogArticles, exercises, homeExercises, userRoles, users } from '../platform/db/schema.ts';
import { cookieFrom, createTestApp, json, type TestApp } from '../testing/harness.ts';
import { seed } from './seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('seed', () => {
  it('writes 28 exercises in program order, home exercises and articles of every status', async () => {
    const rows = await t.db.select().from(exercises).orderBy(exercises.id);
    expect(rows).toHaveLength(28);
    expect(rows[0]?.name).toBe('Dead Bug');
    for (const row of rows) {
      expect(row.description).toMatch(/^1\. /);
      // issue 17: an animated demonstration of its own, and no search-page link dressed as a video
      expect(row.demoKey).toBe(slugify(row.name));
      expect(row.videoUrl).toBeNull();
    }
    expect((await t.db.select({ n: count() }).from(homeExercises))[0]?.n).toBe(7);
    const articles = await t.db.select().from(blogArticles);
    const now = Date.now();
    expect(articles.filter((a) => a.published && a.publishedAt!.getTime() <= now)).toHaveLength(3);
    expect(articles.filter((a) => !a.published && a.publishedAt === null)).toHaveLength(1);
    expect(articles.filter((a) => a.published && a.publishedAt!.getTime() > now)).toHaveLength(1);
  });

  it('creates the verified admin with the admin role, who can sign in', async () => {
    const [admin] = await t.db.select().from(users).where(eq(users.email, t.config.admin.email));
    expect(admin?.emailVerified).toBe(true);
    const roles = await t.db.select().from(userRoles).where(eq(userRoles.userId, admin!.id));
    expect(roles.map((r) => r.role)).toEqual(['admin']);
    const res = await t.request('/api/auth/sign-in/email', {
      json: { email: t.config.admin.email, password: t.config.admin.password },
    });
    expect(res.status).toBe(200);
    const me = await json(await t.request('/api/me', { cookie: cookieFrom(res) }));
    expect(me.isAdmin).toBe(true);
  });

  it('is idempotent', async () => {
    await seed(t.deps);
    expect((await t.db.select({ n: count() }).from(exercises))[0]?.n).toBe(28);
    expect((await t.db.select({ n: count() }).from(blogArticles))[0]?.n).toBe(5);
    expect((await t.db.select({ n: count() }).from(userRoles))[0]?.n).toBe(1);
  });
});
