import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exercises, profiles, subscribers } from '../../platform/db/schema.ts';
import { SEED_EXERCISES } from '../../seed/content.ts';
import { SEED_EXTRA_EXERCISES } from '../../seed/programs.ts';
import { cookieFrom, createMember, createTestApp, json, type TestApp } from '../../testing/harness.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = cookieFrom(
    await t.request('/api/auth/sign-in/email', {
      json: { email: t.config.admin.email, password: t.config.admin.password },
    }),
  );
});
afterAll(() => t.close());

describe('every /api/admin route', () => {
  it('refuses visitors (401) and members (403) and lets admins in, read from the router so none is forgotten', async () => {
    const member = await createMember(t);
    const routes = t.app.routes.filter((r) => r.path.startsWith('/api/admin/') && r.method !== 'ALL');
    expect(routes.length).toBeGreaterThanOrEqual(7);
    for (const route of routes) {
      const path = route.path.replace(/:\w+/g, '00000000-0000-4000-8000-000000000001');
      const body = ['POST', 'PUT', 'PATCH'].includes(route.method) ? {} : undefined;
      const anonymous = await t.request(path, { method: route.method, json: body });
      expect(anonymous.status, `${route.method} ${route.path} anonymous`).toBe(401);
      const asMember = await t.request(path, { method: route.method, json: body, cookie: member.cookie });
      expect(asMember.status, `${route.method} ${route.path} member`).toBe(403);
      const asAdmin = await t.request(path, { method: route.method, json: body, cookie: admin });
      expect([401, 403, 500], `${route.method} ${route.path} admin`).not.toContain(asAdmin.status);
    }
  });
});

describe('admin exercises', () => {
  it('adds an exercise with the name required and fields trimmed; lists newest first; edits', async () => {
    const blank = await t.request('/api/admin/exercises', { cookie: admin, json: { name: '   ' } });
    expect(blank.status).toBe(400);
    expect((await json(blank)).error.message).toBe('Exercise name is required');
    const badLink = await t.request('/api/admin/exercises', {
      cookie: admin,
      json: { name: 'X', videoUrl: 'javascript:alert(1)' },
    });
    expect(badLink.status).toBe(400);

    const res = await t.request('/api/admin/exercises', {
      cookie: admin,
      json: {
        name: '  Copenhagen Plank ',
        exercise: ' Side hold ',
        description: '',
        videoUrl: '',
        category: 'time',
      },
    });
    expect(res.status).toBe(201);
    const created = await json(res);
    expect(created).toMatchObject({
      name: 'Copenhagen Plank',
      exercise: 'Side hold',
      videoUrl: null,
      category: 'time',
      demoKey: null, // no illustration was made for a coach's own exercise: the neutral figure
      media: null,
    });

    const list = await json(await t.request('/api/admin/exercises', { cookie: admin }));
    expect(list[0].name).toBe('Copenhagen Plank');
    expect(list).toHaveLength(SEED_EXERCISES.length + SEED_EXTRA_EXERCISES.length + 1);

    const edited = await t.request(`/api/admin/exercises/${created.id}`, {
      method: 'PUT',
      cookie: admin,
      json: {
        name: 'Copenhagen Plank',
        exercise: 'Adductor side hold',
        videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        category: 'time',
      },
    });
    expect(await json(edited)).toMatchObject({
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      media: { kind: 'youtube', embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' },
    });
    expect((await t.db.select().from(exercises)).length).toBe(
      SEED_EXERCISES.length + SEED_EXTRA_EXERCISES.length + 1,
    );
  });
});

describe('admin users', () => {
  it('lists members only, searches names and e-mails case-insensitively, and pages stably', async () => {
    const ada = await createMember(t, 'ada.search@example.com', { plan: 'none' });
    await t.db
      .update(profiles)
      .set({ firstName: 'Ada', lastName: 'Lovelace' })
      .where(eq(profiles.userId, ada.userId));
    await t.db
      .insert(subscribers)
      .values({ userId: ada.userId, email: ada.email, subscribed: true, subscriptionTier: 'The Daily Core' });
    const bob = await createMember(t, 'bob.percent@example.com');
    await t.db.update(profiles).set({ displayName: 'Bob 100% Fit' }).where(eq(profiles.userId, bob.userId));

    const all = await json(await t.request('/api/admin/users?pageSize=100', { cookie: admin }));
    expect(all.users.map((u: { email: string }) => u.email)).not.toContain(t.config.admin.email);
    expect(all.total).toBe(all.users.length);

    const byName = await json(await t.request('/api/admin/users?search=LOVELACE', { cookie: admin }));
    expect(byName.users).toEqual([
      expect.objectContaining({
        email: 'ada.search@example.com',
        name: 'Ada Lovelace',
        tier: 'The Daily Core',
        plan: 'paid',
        currentDay: 1,
      }),
    ]);
    const byMail = await json(await t.request('/api/admin/users?search=Ada.Search@', { cookie: admin }));
    expect(byMail.total).toBe(1);
    const literal = await json(await t.request('/api/admin/users?search=%25', { cookie: admin }));
    expect(literal.users.map((u: { email: string }) => u.email)).toEqual(['bob.percent@example.com']);

    const pages = [];
    for (let page = 1; page <= Math.ceil(all.total / 2); page++) {
      pages.push(
        ...(await json(await t.request(`/api/admin/users?pageSize=2&page=${page}`, { cookie: admin }))).users,
      );
    }
    expect(pages.map((u: { id: string }) => u.id)).toEqual(all.users.map((u: { id: string }) => u.id));
  });
});
