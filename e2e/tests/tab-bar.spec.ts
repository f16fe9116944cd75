import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { paidMember } from './helpers';

// The signed-in member's tab bar on a phone (390 × 844): the pages of every day at the foot of
// the screen, the one shown marked; not on a desktop, not in the workout, not for visitors.

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

const tabBar = (page: Page) => page.getByRole('navigation', { name: 'Tabs' });

/** Tab labels, the current tab, and every tab's box. */
async function expectTabs(page: Page, labels: string[], current: string) {
  const tabs = tabBar(page).getByRole('link');
  await expect(tabs).toHaveText(labels);
  const marked = tabBar(page).locator('[aria-current="page"]');
  await expect(marked).toHaveCount(1);
  await expect(marked).toHaveText(current);
  for (const label of labels) {
    const box = await tabBar(page).getByRole('link', { name: label }).boundingBox();
    expect(Math.min(box!.width, box!.height), label).toBeGreaterThanOrEqual(44);
  }
  // Marked for the eye too, not by the attribute alone: its colour differs from the others'.
  const colours = await tabs.evaluateAll((links) => links.map((link) => getComputedStyle(link).color));
  const currentColour = colours[labels.indexOf(current)];
  expect(colours.filter((colour) => colour === currentColour)).toHaveLength(1);
}

test('a Daily Core member has Today, Program, Progress and Profile at the foot of the phone', async ({
  page,
  context,
}) => {
  await paidMember(context, 'daily-core-monthly');
  await page.goto('/program');
  await expectTabs(page, ['Today', 'Program', 'Progress', 'Profile'], 'Program');
  const bar = await tabBar(page).boundingBox();
  expect(bar!.y + bar!.height).toBeCloseTo(844, 0); // fixed to the screen's foot

  await tabBar(page).getByRole('link', { name: 'Progress' }).tap();
  await expect(page).toHaveURL(/\/progress$/);
  await expectTabs(page, ['Today', 'Program', 'Progress', 'Profile'], 'Progress');
  await tabBar(page).getByRole('link', { name: 'Today' }).tap();
  await expect(page).toHaveURL(/\/$/);
  await expectTabs(page, ['Today', 'Program', 'Progress', 'Profile'], 'Today');

  // The page's end scrolls clear of the bar: the footer's last link is above it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const last = await page.getByRole('contentinfo').getByRole('link').last().boundingBox();
  const barNow = await tabBar(page).boundingBox();
  expect(last!.y + last!.height).toBeLessThanOrEqual(barNow!.y);
});

test('a 1-on-1 Burn member has Coach too, and the menu lists 1-on-1 once', async ({
  page,
  burnMember: _,
}) => {
  await page.goto('/profile');
  await expectTabs(page, ['Today', 'Program', 'Progress', 'Coach', 'Profile'], 'Profile');
  await tabBar(page).getByRole('link', { name: 'Coach' }).tap();
  await expect(page).toHaveURL(/\/one-on-one$/);
  await expectTabs(page, ['Today', 'Program', 'Progress', 'Coach', 'Profile'], 'Coach');

  await page.getByRole('button', { name: 'Open menu' }).tap();
  const sheet = page.getByRole('dialog', { name: 'Menu' });
  await expect(sheet.getByRole('link', { name: 'Profile' })).toBeVisible();
  await expect(sheet.getByRole('link', { name: '1-on-1' })).toHaveCount(1);
});

test('not in the workout, not for visitors, not in the admin area', async ({ page, member: _ }) => {
  await page.goto('/program');
  await expect(tabBar(page)).toBeVisible();
  await page.goto('/program/day/1/session');
  await expect(page.getByRole('button', { name: 'Start' })).toBeVisible();
  await expect(tabBar(page)).toHaveCount(0);
  await page.getByRole('link', { name: 'Leave workout' }).tap();
  await expect(tabBar(page)).toBeVisible();

  await page.context().clearCookies();
  await page.goto('/about');
  // Signed out: the footer offers Pricing, a visitor's link.
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Pricing' })).toBeVisible();
  await expect(tabBar(page)).toHaveCount(0);
});

test('the admin area has its own navigation, no tab bar', async ({ page, admin: _ }) => {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(tabBar(page)).toHaveCount(0);
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 }, hasTouch: false });

  test('the header stays and the tab bar is not there', async ({ page, member: _ }) => {
    await page.goto('/program');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(tabBar(page)).toBeHidden();
  });
});
