import type { ArticleInput } from '@core28/core/blog';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogArticles } from '../../platform/db/schema.ts';
import { cookieFrom, createMember, createTestApp, json, type TestApp } from '../../testing/harness.ts';

const NOW = new Date('2026-08-01T10:00:00Z');
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  admin = cookieFrom(
    await t.request('/api/auth/sign-in/email', {
      json: { email: t.config.admin.email, password: t.config.admin.password },
    }),
  );
});
afterAll(() => t.close());

const article = {
  title: 'Core Stability 101!',
  excerpt: 'Why stability first.',
  content: '## Start\n\nBrace.',
  published: true,
};
const create = (json: ArticleInput) => t.client(admin).admin.blog.articles.$post({ json });
const update = (id: string, json: ArticleInput) =>
  t.client(admin).admin.blog.articles[':id'].$put({ param: { id }, json });

describe('admin blog', () => {
  it('refuses visitors (401) and members (403) on every admin endpoint, writing nothing', async () => {
    const member = await createMember(t);
    const id = '00000000-0000-4000-8000-000000000000';
    const calls = [
      ['GET', '/api/admin/blog/articles'],
      ['POST', '/api/admin/blog/articles'],
      ['PUT', `/api/admin/blog/articles/${id}`],
      ['DELETE', `/api/admin/blog/articles/${id}`],
    ] as const;
    const before = (await t.db.select().from(blogArticles)).length;
    for (const [method, path] of calls) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : article;
      expect((await t.request(path, { method, json: body })).status, `${method} ${path}`).toBe(401);
      expect(
        (await t.request(path, { method, json: body, cookie: member.cookie })).status,
        `${method} ${path}`,
      ).toBe(403);
    }
    expect(await t.db.select().from(blogArticles)).toHaveLength(before);
  });

  it('creates with a slug from the title, publishes now, stores an empty image as null', async () => {
    const res = await create({ ...article, featuredImageUrl: '' });
    expect(res.status).toBe(201);
    const saved = await res.json();
    expect(saved).toMatchObject({ slug: 'core-stability-101', featuredImageUrl: null, published: true });
    expect(saved.publishedAt).toBe(NOW.toISOString());
  });

  it('refuses a duplicate slug and saves nothing', async () => {
    const res = await create({ ...article, title: 'Another', slug: 'core-stability-101' });
    expect(res.status).toBe(409);
    expect((await json(res)).error.message).toBe(
      'An article with the slug "core-stability-101" already exists',
    );
  });

  it('requires title, excerpt and content; refuses a date before today; drafts have no date', async () => {
    for (const field of ['title', 'excerpt', 'content']) {
      expect((await create({ ...article, slug: `x-${field}`, [field]: '  ' })).status, field).toBe(400);
    }
    const past = await create({ ...article, slug: 'past', publishedAt: '2026-07-31T23:00:00Z' });
    expect(past.status).toBe(400);
    expect((await json(past)).error.message).toBe('The publication date cannot be earlier than today');
    const draft = await (
      await create({ ...article, slug: 'draft-one', published: false, publishedAt: '2026-09-01T00:00:00Z' })
    ).json();
    expect(draft.publishedAt).toBeNull();
  });

  it('a scheduled article is absent from the public routes until due, present afterwards', async () => {
    const scheduled = await (
      await create({ ...article, slug: 'later', publishedAt: '2026-08-02T09:00:00Z' })
    ).json();
    expect(scheduled.publishedAt).toBe('2026-08-02T09:00:00.000Z');
    expect((await t.client().blog.articles[':slug'].$get({ param: { slug: 'later' } })).status).toBe(404);
    const publicSlugs = (await (await t.client().blog.articles.$get({ query: {} })).json()).articles.map(
      (a) => a.slug,
    );
    expect(publicSlugs).not.toContain('later');

    const later = await createTestApp({ now: () => new Date('2026-08-02T09:00:01Z'), seed: false });
    try {
      // Same rule on another clock: decided at query time, no job needed.
      await later.db
        .insert(blogArticles)
        .values({ ...article, slug: 'later', publishedAt: new Date('2026-08-02T09:00:00Z') });
      expect((await later.client().blog.articles[':slug'].$get({ param: { slug: 'later' } })).status).toBe(
        200,
      );
    } finally {
      await later.close();
    }
  });

  it('re-saves an article published before today with its date unchanged, as the picker sends it', async () => {
    // The editor's date field shows minutes: a stored 08:15:42.123 comes back as 08:15:00.
    const storedAt = new Date('2026-07-20T08:15:42.123Z');
    const [old] = await t.db
      .insert(blogArticles)
      .values({ ...article, slug: 'published-last-month', publishedAt: storedAt })
      .returning();
    const put = (publishedAt: string) =>
      update(old!.id, { ...article, slug: old!.slug, excerpt: 'Edited.', publishedAt });

    const res = await put('2026-07-20T08:15:00.000Z');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ excerpt: 'Edited.', publishedAt: storedAt.toISOString() });
    expect((await put(storedAt.toISOString())).status).toBe(200);

    // A new date before today is still refused, and nothing changes.
    const moved = await put('2026-07-21T08:15:00.000Z');
    expect(moved.status).toBe(400);
    expect((await json(moved)).error.message).toBe('The publication date cannot be earlier than today');
    const [kept] = await t.db.select().from(blogArticles).where(eq(blogArticles.id, old!.id));
    expect(kept!.publishedAt).toEqual(storedAt);
  });

  it('updates keeping a stored past date, and deletes', async () => {
    const [old] = await t.db
      .select()
      .from(blogArticles)
      .where(eq(blogArticles.slug, 'nutrition-basics-for-visible-abs'));
    const res = await update(old!.id, {
      ...article,
      title: old!.title,
      slug: old!.slug,
      publishedAt: old!.publishedAt!.toISOString(),
    });
    expect(res.status).toBe(200);
    expect((await res.json()).excerpt).toBe('Why stability first.');
    const del = await t.client(admin).admin.blog.articles[':id'].$delete({ param: { id: old!.id } });
    expect(del.status).toBe(200);
    expect(await t.db.select().from(blogArticles).where(eq(blogArticles.id, old!.id))).toEqual([]);
    const list = await (await t.client(admin).admin.blog.articles.$get()).json();
    expect(list.map((a) => a.slug)).toContain('draft-one');
  });
});
