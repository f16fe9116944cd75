import { BLOG_PAGE_SIZE } from '@core28/core/blog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogArticles } from '../../platform/db/schema.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const article = (slug: string) => t.client().blog.articles[':slug'].$get({ param: { slug } });
const list = (query: { limit?: string; page?: string } = {}) => t.client().blog.articles.$get({ query });

describe('public article', () => {
  it('shows a due article with its content rendered', async () => {
    const res = await article('nutrition-basics-for-visible-abs');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.html).toContain('<h2>');
    expect(body).not.toHaveProperty('authorId');
  });

  it('hides drafts, scheduled and missing articles (404)', async () => {
    for (const slug of [
      'recovery-why-rest-days-build-abs',
      'the-28-day-core-program-explained',
      'no-such-article',
    ]) {
      const res = await article(slug);
      expect(res.status, slug).toBe(404);
    }
  });
});

describe('public article list', () => {
  it('lists only published, due articles, newest publication first', async () => {
    const { articles } = await (await list()).json();
    expect(articles.map((a) => a.slug)).toEqual([
      'how-to-breathe-during-core-training',
      'nutrition-basics-for-visible-abs',
      'why-planks-beat-crunches-for-a-stronger-core',
    ]);
    expect(articles[0]).not.toHaveProperty('content');
  });

  it('takes a limit and refuses a bad one', async () => {
    expect((await (await list({ limit: '1' })).json()).articles).toHaveLength(1);
    expect((await list({ limit: '0' })).status).toBe(400);
    expect((await list({ limit: 'abc' })).status).toBe(400);
  });

  // /blog showed the 20 newest articles and no way to reach older ones.
  it('pages through every public article, each once, newest first', async () => {
    const now = Date.now();
    // 30 more articles, the oldest published a year ago; two share a publication time.
    await t.db.insert(blogArticles).values(
      Array.from({ length: 30 }, (_, i) => ({
        title: `Archive ${i}`,
        slug: `archive-${i}`,
        excerpt: 'From the archive.',
        content: 'Old but good.',
        published: true,
        publishedAt: new Date(now - (400 - Math.min(i, 28)) * 86_400_000),
      })),
    );
    const first = await (await list()).json();
    expect(first).toMatchObject({ page: 1, pageSize: BLOG_PAGE_SIZE, total: 33 });
    const slugs: string[] = [];
    for (let page = 1; page <= Math.ceil(33 / BLOG_PAGE_SIZE); page++) {
      const body = await (await list({ page: String(page) })).json();
      expect(body.articles.length, `page ${page}`).toBe(
        Math.min(BLOG_PAGE_SIZE, 33 - (page - 1) * BLOG_PAGE_SIZE),
      );
      slugs.push(...body.articles.map((a) => a.slug));
    }
    expect(new Set(slugs).size).toBe(33);
    expect(slugs.slice(0, 3)).toEqual([
      'how-to-breathe-during-core-training',
      'nutrition-basics-for-visible-abs',
      'why-planks-beat-crunches-for-a-stronger-core',
    ]);
    expect(slugs.slice(3, 5).sort()).toEqual(['archive-28', 'archive-29']); // the tie, in a stable order
    expect(slugs.at(-1)).toBe('archive-0');
    expect(slugs).not.toContain('recovery-why-rest-days-build-abs'); // the draft
    const beyond = await (await list({ page: '99' })).json();
    expect(beyond).toMatchObject({ page: 99, total: 33, articles: [] });
    for (const page of ['0', 'abc', '-1', '1.5']) expect((await list({ page })).status, page).toBe(400);
  });
});
