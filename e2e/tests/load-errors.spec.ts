import type { BrowserContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectToast } from './helpers';

// A failed load is one shape everywhere. The query's `meta.errorToast` goes through the
// one QueryCache handler (app/providers.tsx), the page shows <LoadError>, and its button loads again.

/** Answers `pattern` with a 503 until the returned function is called; the service worker's requests too. */
async function failLoads(context: BrowserContext, pattern: string) {
  const handler = (route: Parameters<Parameters<BrowserContext['route']>[1]>[0]) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'Service unavailable' } }),
    });
  await context.route(pattern, handler);
  return () => context.unroute(pattern, handler);
}

test('a failed load of /program toasts, shows Try Again, and Try Again loads it; the session player too', async ({
  page,
  context,
  member: _,
}) => {
  let restore = await failLoads(context, '**/api/program');
  await page.goto('/program');
  await expectToast(page, 'Failed to load your progress data');
  const main = page.getByRole('main');
  await expect(main.getByText('Failed to load your progress data')).toBeVisible();
  await restore();
  await main.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('heading', { name: 'Day 1 of 28' })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Try Again' })).toHaveCount(0);

  // The session player's dark page: the same LoadError, with the way back beside it.
  restore = await failLoads(context, '**/api/program/days/1/session');
  await page.goto('/program/day/1/session');
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to load your workout.' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to your program' })).toBeVisible();
  await restore();
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByText('Failed to load your workout.')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Try Again' })).toHaveCount(0);
});

test('a failed load of an admin screen is logged and shown empty, with its retry button (spec §8)', async ({
  page,
  context,
  admin: _,
}) => {
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') logged.push(message.text());
  });
  const restore = await failLoads(context, '**/api/admin/dashboard');
  await page.goto('/admin');
  const retry = page.getByRole('button', { name: 'Retry loading the dashboard' });
  await expect(retry).toBeVisible();
  expect(logged.some((text) => text.includes('Failed to load the dashboard'))).toBe(true);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  await restore();
  await retry.click();
  await expect(retry).toHaveCount(0);
});
