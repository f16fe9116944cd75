import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { expectToast, loseFirstAnswer, signUpOverHttp, uniqueEmail } from './helpers';

// The sign-up flow's payment step and what surrounds it, as a member meets them.

const origin = { origin: new URL(BASE_URL).origin };

/** A member without a plan, signed up over HTTP; returns the confirmation link. */
const signedUp = (context: BrowserContext, callbackURL?: string) =>
  signUpOverHttp(context, { email: uniqueEmail('flow'), callbackURL });

async function signInAs(context: BrowserContext, link: URL) {
  await context.request.get(link.pathname + link.search, { maxRedirects: 0 });
}

const toast = (page: Page, title: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: title }).first();

test('the tab left behind at the Payment step follows the payment to its success state', async ({
  page,
  context,
}) => {
  const { link } = await signedUp(context);
  await signInAs(context, link);
  await page.goto('/subscription/signup?plan=daily-core&step=payment');
  await expect(page.getByRole('heading', { name: 'Payment', exact: true })).toBeVisible();
  // No upgrade banner on a sign-up step: the member is choosing a plan already.
  await expect(page.getByText('Unlock the full 28-day program')).toHaveCount(0);

  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  const checkout = await popupPromise;
  await checkout.getByLabel('Card number').fill('4242 4242 4242 4242');
  await checkout.getByLabel('Expiry (MM/YY)').fill('12/34');
  await checkout.getByLabel('CVC').fill('123');
  await checkout.getByRole('button', { name: /^Pay/ }).click();
  await expect(checkout.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

  // The success page tells the other tab (BroadcastChannel); it moves on without a reload.
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue Your Program' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue to Payment' })).toHaveCount(0);
});

test('the tab left behind also re-reads the subscription when the member comes back to it', async ({
  page,
  context,
}) => {
  const { link } = await signedUp(context);
  await signInAs(context, link);
  await page.goto('/subscription/signup?plan=burn&step=payment');
  await page.route('**/demo-pay/checkout/**', (route) => route.abort()); // the tab opens, the member pays elsewhere
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await (await popupPromise).close();
  await expect(page.getByText('Checkout is open in another tab.')).toBeVisible();

  // Paid from another device: no success page in this browser to say so.
  const { url } = (await (
    await context.request.post('/api/subscription/checkout', {
      data: { plan: 'burn-monthly' },
      headers: origin,
    })
  ).json()) as { url: string };
  await context.request.post(new URL(url).pathname, {
    form: { number: '4242424242424242', expiry: '12/34', cvc: '123' },
    headers: origin,
    maxRedirects: 0,
  });
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
});

test('a bad confirmation link from the paid sign-up flow says so', async ({ page, context }) => {
  const { link } = await signedUp(context, '/subscription/signup?plan=daily-core&step=payment');
  link.searchParams.set('token', `${link.searchParams.get('token')}tampered`);
  await page.goto(link.pathname + link.search);
  await expect(page).toHaveURL(/step=payment&error=INVALID_TOKEN/);
  await expect(page.getByRole('alert')).toHaveText(
    'This confirmation link is invalid. Sign in to get a new one.',
  );
});

// The server's answer is replaced with page.route, which never sees a request the service worker
// makes: once the worker controlled the page (it installs during the test, sooner or later), the
// last step read the real subscription (failed 2 runs in 6 on main's build, more often with a faster
// first render). The worker is not what this test is about.
test.describe(() => {
  test.use({ serviceWorkers: 'block' });

  test('a trial member sees their plan, not Start Free Trial on it; an ended trial says it ended', async ({
    page,
    context,
  }) => {
    const { link } = await signedUp(context);
    await signInAs(context, link);
    expect((await context.request.post('/api/subscription/trial', { headers: origin })).ok()).toBe(true);
    // A running trial's banner waits for the first session (docs/decisions/0029).
    expect(
      (await context.request.post('/api/program/complete', { data: { day: 1 }, headers: origin })).ok(),
    ).toBe(true);
    await page.goto('/subscription');
    const free = page.getByRole('group', { name: 'Feel and Burn' });
    await expect(free.getByText('Your plan', { exact: true })).toBeVisible();
    await expect(free.getByText(/^Free trial · 7 days left/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start Free Trial' })).toHaveCount(0);
    const banner = page.getByText(/^Your free trial ends:/);
    await expect(banner).toBeVisible();
    // The brand's accent, not the error red.
    const background = await banner.evaluate(
      (el) => getComputedStyle(el.parentElement!.parentElement!).backgroundColor,
    );
    expect(background).not.toBe('rgb(220, 38, 38)');

    // The server says the trial is over (seven days later).
    const ended = '2026-01-05T09:00:00.000Z';
    await page.route('**/api/subscription', (route) =>
      route.fulfill({
        json: {
          subscribed: false,
          subscription_tier: 'Feel and Burn',
          subscription_end: null,
          is_trial: true,
          trial_end: ended,
        },
      }),
    );
    const date = new Date(ended).toLocaleDateString('en-US', { dateStyle: 'long' });
    await page.goto('/subscription/manage');
    await expect(
      page.getByText(`Your free trial ended on ${date}. Choose a plan to keep full access`),
    ).toBeVisible();
    await expect(
      page.getByText(`Your free trial ended on ${date}. Choose a plan to keep your progress going.`),
    ).toBeVisible();
    await expect(page.getByText(/free trial ends/)).toHaveCount(0);
    await page.goto('/subscription');
    await expect(
      page.getByRole('group', { name: 'Feel and Burn' }).getByText(`Your free trial ended on ${date}`),
    ).toBeVisible();
  });
});

test('on a phone, a trial whose answer was lost is started again: the trial, not "already used"', async ({
  page,
  context,
}) => {
  const { link } = await signedUp(context);
  await signInAs(context, link);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/subscription');
  const sends = await loseFirstAnswer(page, '**/api/subscription/trial');
  const start = page.getByRole('button', { name: 'Start Free Trial' });
  await start.click();
  await expectToast(page, 'Could not reach the server.');
  await start.click();
  await expectToast(page, 'Your free trial has started');
  await expect(page).toHaveURL(/\/program$/);
  expect(sends()).toBe(2);
});

test('starting a trial without a session: Authentication Error / Please sign in to continue.', async ({
  page,
  context,
}) => {
  const { link } = await signedUp(context);
  await signInAs(context, link);
  await page.goto('/subscription');
  await expect(page.getByRole('button', { name: 'Start Free Trial' })).toBeVisible();
  await context.clearCookies(); // the session ended while the page stayed open
  await page.getByRole('button', { name: 'Start Free Trial' }).click();
  const shown = toast(page, 'Authentication Error');
  await expect(shown.locator('[data-title]')).toHaveText('Authentication Error');
  await expect(shown.locator('[data-description]')).toHaveText('Please sign in to continue.');
});

test('a payment whose processing fails is still Payment Successful, as a toast and on the page', async ({
  page,
  context,
}) => {
  const { link } = await signedUp(context);
  await signInAs(context, link);
  await page.route('**/api/subscription/confirm', (route) =>
    route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'Something went wrong.' } } }),
  );
  await page.goto('/subscription/success?session_id=cs_demo_unknown');
  const shown = toast(page, 'Payment Successful');
  await expect(shown.locator('[data-title]')).toHaveText('Payment Successful');
  await expect(shown.locator('[data-description]')).toHaveText('Subscription status will update shortly.');
  await expect(page.getByText('Payment Successful. Subscription status will update shortly.')).toBeVisible();
  await expectToast(page, 'Payment Successful');
});
