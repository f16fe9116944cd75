import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exercises } from '../../platform/db/schema.ts';
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
  it('refuses visitors (401) and members (403), read from the router so none is forgotten', async () => {
    const member = await createMember(t);
    const routes = t.app.routes.filter((r) => r.path.startsWith('/api/admin/') && r.method !== 'ALL');
    expect(routes.length).toBeGreaterThanOrEqual(7);
    for (const route of routes) {
      const path = route.path.replace(':id', '00000000-0000-4000-8000-000000000001');
      const body = ['POST', 'PUT', 'PATCH'].includes(route.method) ? {} : undefined;
      const anonymous = await t.request(path, { method: route.method, json: body });
      expect(anonymous.status, `${route.method} ${route.path} anonymous`).toBe(401);
      const asMember = await t.request(path, { method: route.method, json: body, cookie: member.cookie });
      expect(asMember.status, `${route.method} ${route.path} member`).toBe(403);
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
    });

    const list = await json(await t.request('/api/admin/exercises', { cookie: admin }));
    expect(list[0].name).toBe('Copenhagen Plank');
    expect(list).toHaveLength(29);

    const edited = await t.request(`/api/admin/exercises/${created.id}`, {
      method: 'PUT',
      cookie: admin,
      json: {
        name: 'Copenhagen Plank',
        exercise: 'Adductor side hold',
        videoUrl: 'https://example.com/v',
        category: 'time',
      },
    });
    expect((await json(edited)).videoUrl).toBe('https://example.com/v');
    expect((await t.db.select().from(exercises)).length).toBe(29);
  });
});
