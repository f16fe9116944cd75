import { expect, type Page, test } from '@playwright/test';
import { test as memberTest } from './fixtures';
import { signUpAndConfirm, uniqueEmail } from './helpers';

test('a visitor compares the plans monthly and annually', async ({ page }) => {
  await page.goto('/subscription');
  await expect(page.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible();
  await expect(page.getByText('$9.99')).toBeVisible();
  await expect(page.getByText('$29.99')).toBeVisible();
  await expect(page.getByText('/week')).toBeVisible();
  await expect(page.getByText('Save $20!')).toHaveCount(0);

  await page.getByText('Annually', { exact: true }).click();
  await expect(page.getByText('$99.99')).toBeVisible();
  await expect(page.getByText('$299.99')).toBeVisible();
  await expect(page.getByText('Save $20!')).toBeVisible();
  await expect(page.getByText('Save $60!')).toBeVisible();

  await expect(page.getByRole('link', { name: 'Choose The Daily Core' })).toHaveAttribute(
    'href',
    '/subscription/signup?plan=daily-core',
  );
  await expect(page.getByRole('link', { name: 'Choose 1-on-1 Burn' })).toHaveAttribute(
    'href',
    '/subscription/signup?plan=burn',
  );
  await expect(page.getByRole('link', { name: 'Start Free Trial' }).last()).toHaveAttribute(
    'href',
    '/subscription/signup?plan=feel-and-burn',
  );
  await expect(page.getByRole('link', { name: 'Sign in here' })).toHaveAttribute(
    'href',
    '/auth?action=signin',
  );
});

test('an auth-page sign-up is on the free trial, shown by the banner and the management page, once only', async ({
  page,
}) => {
  // The trial starts while the next page already loads: make it the slower of the two, as it can
  // be on a busy server, and the banners must still follow it.
  await page.route('**/api/subscription/trial', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await signUpAndConfirm(page, uniqueEmail('trial'));
  const end = new Date(Date.now() + 7 * 86_400_000).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });
  // The trial's banner waits for the first session (docs/decisions/0029); once the trial has
  // started, the no-plan banner ("start your free 7-day trial") is gone too.
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/subscription')).json()) as { is_trial: boolean }).is_trial,
    )
    .toBe(true);
  await expect(page.getByText(/start your free 7-day trial/)).toHaveCount(0);
  await expect(page.getByText(`Your free trial ends: ${end}`)).toHaveCount(0);
  const origin = { origin: new URL(page.url()).origin };
  expect((await page.request.post('/api/program/complete', { data: { day: 1 }, headers: origin })).ok()).toBe(
    true,
  );
  await page.reload();
  await expect(page.getByText(`Your free trial ends: ${end}`)).toBeVisible();

  await page.goto('/subscription/manage');
  await expect(page.getByText('Free Trial · 7 days left')).toBeVisible();
  await page.getByRole('link', { name: 'View Plans' }).first().click();
  await expect(page).toHaveURL(/\/subscription$/);
  // The plan they are on is marked, with no 'Start Free Trial' on it; a second trial is
  // still refused, whatever a client sends.
  await expect(page.getByRole('group', { name: 'Feel and Burn' }).getByText('Your plan')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start Free Trial' })).toHaveCount(0);
  const again = await page.request.post('/api/subscription/trial', {
    headers: { origin: new URL(page.url()).origin },
  });
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { error: { message: string } }).error.message).toBe(
    'Your free trial has already been used.',
  );
});

/**
 * Holds the answers to GETs of `url` until the returned function is called: the page stays in
 * the moment before the server's word on the viewer is in.
 */
async function holdAnswers(page: Page, url: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    await released;
    await route.continue();
  });
  return release;
}

const noActionYet = async (page: Page) => {
  await expect(page.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start Free Trial' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^(Start Free Trial|Choose )/ })).toHaveCount(0);
};

memberTest(
  'until a member on the trial is known to be on it, the plans offer no "Start Free Trial"',
  async ({ page, member: _onTrial }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const release = await holdAnswers(page, '**/api/subscription');
    await page.goto('/subscription');
    await noActionYet(page);
    release();
    await expect(page.getByRole('group', { name: 'Feel and Burn' }).getByText('Your plan')).toBeVisible();
    await expect(page.getByText(/^Free trial · 7 days left/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start Free Trial' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Switch to The Daily Core' })).toHaveCount(0);
  },
);

memberTest(
  "until a paying member's plan is known, the plans offer nothing to choose",
  async ({ page, burnMember: _paying }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const release = await holdAnswers(page, '**/api/subscription/plan');
    await page.goto('/subscription');
    await expect(page.getByText(/^You are on/)).toBeVisible();
    await noActionYet(page);
    release();
    await expect(page.getByRole('link', { name: 'Manage subscription' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Switch to The Daily Core' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^(Start Free Trial|Choose )/ })).toHaveCount(0);
  },
);
