import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, test } from '@playwright/test';

const ADMIN = { email: 'admin@core28.local', password: 'Admin#2026' };
const origin = () => ({ origin: new URL(test.info().project.use.baseURL!).origin });

/** Publishes `count` articles as the admin, over HTTP; returns their ids for the clean-up. */
async function publishArticles(request: APIRequestContext, count: number) {
  const signIn = await request.post('/api/auth/sign-in/email', { data: ADMIN, headers: origin() });
  expect(signIn.ok()).toBe(true);
  const ids: string[] = [];
  for (let i = 1; i <= count; i++) {
    const res = await request.post('/api/admin/blog/articles', {
      data: {
        title: `Paging Test ${i}`,
        excerpt: `Article ${i} of ${count}.`,
        content: 'Brace and breathe.',
        published: true,
      },
      headers: origin(),
    });
    expect(res.ok()).toBe(true);
    ids.push(((await res.json()) as { id: string }).id);
  }
  return ids;
}

// /blog showed the 20 newest articles and no way to reach the older ones.
test('the Six-Pack Guide pages through every article, at 390 px too', async ({ page, browser }) => {
  const admin = await browser.newContext();
  const ids = await publishArticles(admin.request, 14);
  try {
    const { total } = (await (await page.request.get('/api/blog/articles')).json()) as { total: number };
    const pages = Math.ceil(total / 12);
    expect(pages).toBeGreaterThan(1);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/blog');
    const cards = page.getByRole('main').getByRole('listitem');
    const pager = page.getByRole('navigation', { name: 'Article pages' });
    await expect(cards).toHaveCount(12);
    await expect(cards.first()).toContainText('Paging Test 14'); // newest first
    await expect(pager.getByText(`Page 1 of ${pages}`)).toBeVisible();
    await expect(pager.getByRole('link', { name: 'Newer articles' })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

    // Every article is on exactly one page; the oldest seeded one is on the last.
    const seen: string[] = [];
    for (let n = 1; n <= pages; n++) {
      await expect(pager.getByText(`Page ${n} of ${pages}`)).toBeVisible();
      await expect(page).toHaveURL(n === 1 ? /\/blog$/ : new RegExp(`/blog\\?page=${n}$`));
      // The pager follows the address at once; the cards keep the last page until this one loaded.
      await expect(page.getByRole('main').getByRole('list')).toHaveAttribute('aria-busy', 'false');
      seen.push(...(await cards.getByRole('heading').allTextContents()));
      if (n < pages) await pager.getByRole('link', { name: 'Older articles' }).click();
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    expect(seen.at(-1)).toBe('Why Planks Beat Crunches for a Stronger Core');
    await expect(pager.getByRole('link', { name: 'Older articles' })).toHaveCount(0);

    await pager.getByRole('link', { name: 'Newer articles' }).click();
    await expect(pager.getByText(`Page ${pages - 1} of ${pages}`)).toBeVisible();
    await page.goBack();
    await expect(pager.getByText(`Page ${pages} of ${pages}`)).toBeVisible();
  } finally {
    for (const id of ids) await admin.request.delete(`/api/admin/blog/articles/${id}`, { headers: origin() });
    await admin.close();
  }
});

test('the Six-Pack Guide says it is loading, and says so when nothing is published', async ({ page }) => {
  let release: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname === '/api/blog/articles',
    async (route) => {
      await answered;
      await route.fulfill({ json: { articles: [], page: 1, pageSize: 12, total: 0 } });
    },
  );
  await page.goto('/blog');
  await expect(page.getByText('Loading articles...')).toBeVisible();
  release();
  await expect(
    page.getByText('No articles have been published yet. Check back soon for expert fitness content!'),
  ).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Article pages' })).toHaveCount(0);
});
