import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN, expectToast, moveToDay, signInOverHttp } from './helpers';

// The member's home on a phone (docs/decisions/0029): today's session first, this week with
// tomorrow's exercise by name, the coach's latest reply for 1-on-1 Burn, spec §2's marketing
// blocks compact and last; and the first rep one tap from the welcome dialog.

test.use({ viewport: { width: 390, height: 844 } });

const origin = () => ({ origin: new URL(test.info().project.use.baseURL!).origin });
const top = async (locator: Locator) => (await locator.boundingBox())!.y;

test("a 1-on-1 Burn member's home: today, this week with tomorrow by name, the coach's reply, then the rest", async ({
  page,
  browser,
  burnMember,
}) => {
  await moveToDay(page, burnMember.email, 3);
  for (const day of [1, 2])
    expect(
      (await page.request.post('/api/program/complete', { data: { day }, headers: origin() })).ok(),
    ).toBe(true);
  const program = (await (await page.request.get('/api/program')).json()) as {
    plan: { day: number; exercise: { name: string } }[];
  };
  const tomorrow = program.plan.find((p) => p.day === 4)!.exercise.name;

  const opened = await page.request.post('/api/coaching/topics', {
    data: { title: 'Lower back after day 2', description: '' },
    headers: origin(),
  });
  const { topic } = (await opened.json()) as { topic: { id: string } };
  const coach = await browser.newContext();
  await signInOverHttp(coach, ADMIN);
  const replied = await coach.request.post(`/api/admin/coaching/topics/${topic.id}/replies`, {
    data: { message: 'Keep your ribs down and breathe out as you lower.' },
    headers: origin(),
  });
  expect(replied.ok()).toBe(true);
  await coach.close();

  await page.goto('/');
  const today = page.getByRole('heading', { name: "Today's Exercise · Day 3" });
  const week = page.getByRole('heading', { name: 'This week' });
  const reply = page.getByRole('heading', { name: 'Your coach replied' });
  const hero = page.getByRole('link', { name: 'Continue Program' }).first();
  const features = page.getByRole('heading', { name: '28 days, 20 minutes' });
  const closing = page.getByRole('heading', { name: 'Your core, 28 days from now' });
  await expect(reply).toBeVisible();
  const order = [today, week, reply, hero, features, closing];
  const tops = [];
  for (const block of order) tops.push(await top(block));
  expect(tops).toEqual([...tops].sort((a, b) => a - b));
  // Today's session is on the first screen.
  expect(tops[0]).toBeLessThan(844);

  const weekCard = page.getByRole('region', { name: 'This week' });
  await expect(weekCard).toContainText('2 of 7 days done');
  await expect(weekCard).toContainText('2-day streak');
  await expect(weekCard.getByRole('link', { name: `Tomorrow · Day 4: ${tomorrow}` })).toBeVisible();
  await expect(page.getByText('Unlocks on this day')).toHaveCount(0);
  await expect(page.getByText('Keep your ribs down and breathe out as you lower.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'View Exercises' })).toBeVisible();

  await page.getByRole('link', { name: 'Open the conversation' }).click();
  await expect(page).toHaveURL(new RegExp(`/one-on-one\\?topic=${topic.id}$`));
  await expect(page.getByText('Keep your ribs down and breathe out as you lower.')).toBeVisible();
});

async function completeProfile(page: Page) {
  await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();
  await page.getByLabel('First Name *').fill('Frankie');
  await page.getByLabel('Last Name *').fill('Burns');
  await page.getByLabel('Age *').fill('29');
  await page.getByLabel('Gender *').selectOption('other');
  await page.getByLabel('Country *').selectOption({ label: 'Ireland' });
  await page.getByLabel('Fitness Level *').selectOption('beginner');
  await page.getByLabel(/I accept the/).check();
  await page.getByRole('button', { name: 'Complete Profile' }).click();
  await expectToast(page, 'Profile completed successfully!');
}

test("after profile completion Start Day 1 opens today's session; the trial banner waits for the first session", async ({
  page,
  member: _,
}) => {
  const banner = page.getByText(/^Your free trial ends:/);
  await page.goto('/profile-completion');
  await completeProfile(page);
  await page
    .getByRole('dialog', { name: 'Welcome to Core28!' })
    .getByRole('button', { name: 'Start Day 1' })
    .click();
  await expect(page).toHaveURL(/\/program\/day\/1\/session$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner).toHaveCount(0);

  await page.goto('/');
  await expect(page.getByRole('heading', { name: "Today's Exercise · Day 1" })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Hi, Frankie' })).toBeVisible();
  await expect(banner).toHaveCount(0);

  // After the first session the banner shows the trial's end, as spec §2 words it.
  expect(
    (await page.request.post('/api/program/complete', { data: { day: 1 }, headers: origin() })).ok(),
  ).toBe(true);
  await page.reload();
  await expect(banner).toBeVisible();
});

test.describe('on an iPhone', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  });

  test('the account menu explains Add to Home Screen, where Install app cannot appear', async ({
    page,
    member: _,
  }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Account menu' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByText('Install Core28: tap Share, then Add to Home Screen.')).toBeVisible();
    await expect(menu.getByText('Install app')).toHaveCount(0);
  });
});

test('elsewhere the account menu does not speak of the Share menu', async ({ page, member: _ }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expect(page.getByText(/Add to Home Screen/)).toHaveCount(0);
});
