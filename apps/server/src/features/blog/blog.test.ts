import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../testing/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('public article', () => {
  it('shows a due article with its content rendered', async () => {
    const res = await t.request('/api/blog/articles/nutrition-basics-for-visible-abs');
    expect(res.status).toBe(200);
    const article = await json(res);
    expect(article.html).toContain('<h2>');
    expect(article).not.toHaveProperty('authorId');
  });

  it('hides drafts, scheduled and missing articles (404)', async () => {
    for (const slug of [
      'recovery-why-rest-days-build-abs',
      'the-28-day-core-program-explained',
      'no-such-article',
    ]) {
      const res = await t.request(`/api/blog/articles/${slug}`);
      expect(res.status, slug).toBe(404);
    }
  });
});

describe('public article list', () => {
  it('lists only published, due articles, newest publication first', async () => {
    const articles = await json(await t.request('/api/blog/articles'));
    expect(articles.map((a: { slug: string }) => a.slug)).toEqual([
      'how-to-breathe-during-core-training',
      'nutrition-basics-for-visible-abs',
      'why-planks-beat-crunches-for-a-stronger-core',
    ]);
    expect(articles[0]).not.toHaveProperty('content');
  });

  it('takes a limit and refuses a bad one', async () => {
    expect(await json(await t.request('/api/blog/articles?limit=1'))).toHaveLength(1);
    expect((await t.request('/api/blog/articles?limit=0')).status).toBe(400);
    expect((await t.request('/api/blog/articles?limit=abc')).status).toBe(400);
  });
});
