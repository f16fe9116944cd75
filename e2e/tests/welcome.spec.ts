import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectToast, paidMember } from './helpers';

async function completeProfile(page: Page) {
  await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();
  await page.getByLabel('First Name *').fill('Frankie');
  await page.getByLabel('Last Name *').fill('Burns');
  await page.getByLabel('Age *').fill('29');
  await page.getByLabel('Gender *').selectOption('other');
  await page.getByLabel('Country *').selectOption({ label: 'Ireland' });
  await page.getByLabel('Fitness Level *').selectOption('intermediate');
  await page.getByLabel(/I accept the/).check();
  await page.getByRole('button', { name: 'Complete Profile' }).click();
  await expectToast(page, 'Profile completed successfully!');
  const welcome = page.getByRole('dialog', { name: 'Welcome to Core28!' });
  await expect(welcome).toBeVisible();
  return welcome;
}

// spec §6: the Feel and Burn welcome text claims 'Full access'.
test("the Feel and Burn sign-up's welcome dialog says 'Full access' until the trial's end", async ({
  page,
  member: _,
}) => {
  await page.goto('/subscription/signup?plan=feel-and-burn');
  const welcome = await completeProfile(page);
  const end = new Date(Date.now() + 7 * 86_400_000).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });
  await expect(welcome.getByText('Full access', { exact: true })).toBeVisible();
  await expect(welcome).toContainText(`during your free 7-day trial, until ${end}.`);
  // Start Day 1 opens the day's session (docs/decisions/0029); closing the dialog goes to /program.
  await welcome.getByRole('button', { name: 'Start Day 1' }).click();
  await expect(page).toHaveURL(/\/program\/day\/1\/session$/);
});

test('a paying member is not told about a trial in the welcome dialog', async ({ browser }) => {
  const context = await browser.newContext();
  await paidMember(context, 'daily-core-monthly', 'Pat Paid');
  const page = await context.newPage();
  await page.goto('/profile-completion');
  const welcome = await completeProfile(page);
  await expect(welcome.getByText('Full access')).toHaveCount(0);
  await expect(welcome).not.toContainText('trial');
  await context.close();
});
