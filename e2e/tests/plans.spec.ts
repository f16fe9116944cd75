import type { Page } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { expect, test } from './fixtures';
import { moveToDay } from './helpers';
import { finishTodaysSession } from './session-tools';

// What a plan buys, as a member on a phone meets it (docs/decisions/0021): the trial ends while
// the server's clock moves on, the paywall shows what they did so far, The Daily Core is paid with
// the demo card, and the member is back where they were, training; a result saved offline while
// the trial ended waits on the phone and syncs once a plan is chosen.

test.use({ viewport: { width: 390, height: 844 } });

const origin = { origin: new URL(BASE_URL).origin };
const DAY = 86_400_000;
const moveServerClock = (page: Page, at: Date | null) =>
  page.request.post('/dev/clock', { data: { at: at?.toISOString() ?? null } });

const completedDays = async (page: Page) =>
  ((await (await page.request.get('/api/program')).json()) as { completions: { day: number }[] }).completions
    .map((c) => c.day)
    .sort((a, b) => a - b);

test('a trial member on day 3 whose trial ends meets the paywall, pays for The Daily Core and finishes today', async ({
  page,
  member: { email },
}) => {
  await moveToDay(page, email, 3);
  for (const day of [1, 2])
    expect((await page.request.post('/api/program/complete', { data: { day }, headers: origin })).ok()).toBe(
      true,
    );
  try {
    // A week and a day later, still on day 3 (the member paused): the trial is over.
    expect((await moveServerClock(page, new Date(Date.now() + 8 * DAY))).ok()).toBe(true);
    await moveToDay(page, email, 3);
    await page.goto('/program');

    const paywall = page.getByRole('region', { name: 'Your free trial has ended' });
    await expect(paywall).toBeVisible();
    await expect(paywall).toContainText(/You completed 2 of 28 days, last on [A-Z][a-z]+ \d{1,2}\./);
    await expect(paywall).toContainText('$9.99/month');
    await expect(page.getByText(/Your free trial ended on/)).toBeVisible();
    // Days stay readable; training is what is locked.
    await expect(page.getByRole('article', { name: 'Day 1' }).getByText('Completed')).toBeVisible();
    const refused = await page.request.post('/api/program/complete', { data: { day: 3 }, headers: origin });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('PLAN_REQUIRED');

    await paywall.getByRole('link', { name: 'Choose The Daily Core' }).click();
    await expect(page.getByRole('heading', { name: 'Payment', exact: true })).toBeVisible();
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    const checkout = await popup;
    await checkout.getByLabel('Card number').fill('4242 4242 4242 4242');
    await checkout.getByLabel('Expiry (MM/YY)').fill('12/34');
    await checkout.getByLabel('CVC').fill('123');
    await checkout.getByRole('button', { name: /^Pay/ }).click();
    await expect(checkout.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await checkout.close();

    // The tab left behind follows the payment back to where the member was.
    await expect(page).toHaveURL(/\/program$/);
    await expect(page.getByRole('region', { name: 'Your free trial has ended' })).toHaveCount(0);
    await finishTodaysSession(page, 3);
    await expect.poll(() => completedDays(page)).toEqual([1, 2, 3]);
  } finally {
    await moveServerClock(page, null);
  }
});

test('a result saved offline as the trial ends stays on the phone and syncs once a plan is chosen', async ({
  page,
  context,
  member: _member,
}) => {
  await page.goto('/program');
  await expect(page.getByRole('region', { name: "Today's Exercise · Day 1" })).toBeVisible();
  await expect
    .poll(
      () =>
        page.evaluate(async () =>
          (await (await caches.open('core28-member-v1')).keys()).map((r) => new URL(r.url).pathname),
        ),
      { timeout: 30_000 },
    )
    .toContain('/api/program/days/1/session');

  try {
    await context.setOffline(true);
    await page.reload();
    await finishTodaysSession(page, 1);
    await expect(page.getByRole('status').filter({ hasText: 'Saved offline, will sync' })).toBeVisible();

    // The trial ends while the phone is away; back online, the server refuses the queued finish.
    expect((await moveServerClock(page, new Date(Date.now() + 8 * DAY))).ok()).toBe(true);
    await context.setOffline(false);
    const waiting = page
      .getByRole('status')
      .filter({ hasText: 'Saved on this phone — choose a plan to sync it.' });
    await expect(waiting).toBeVisible({ timeout: 30_000 });
    expect(await completedDays(page)).toEqual([]);

    // Paid (here over HTTP, as from another device); the app sees the plan and sends what waited.
    const { url } = (await (
      await page.request.post('/api/subscription/checkout', {
        data: { plan: 'daily-core-monthly' },
        headers: origin,
      })
    ).json()) as { url: string };
    const paid = await page.request.post(new URL(url).pathname, {
      form: { number: '4242424242424242', expiry: '12/34', cvc: '123' },
      headers: origin,
      maxRedirects: 0,
    });
    expect(paid.status()).toBeLessThan(400);
    await page.reload();
    await expect(waiting).toHaveCount(0, { timeout: 30_000 });
    await expect.poll(() => completedDays(page)).toEqual([1]);
  } finally {
    await moveServerClock(page, null);
  }
});
