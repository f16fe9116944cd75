import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectToast, PASSWORD, paidMember } from './helpers';

/** Presses Tab until the target has focus, as a keyboard user would; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 60) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

test('keyboard alone: sign in, then complete today; the dialog traps focus and closes on Escape', async ({
  browser,
}) => {
  const setup = await browser.newContext();
  const { email } = await paidMember(setup, 'daily-core-monthly', 'Kim Keys');
  await setup.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/auth');
  await tabTo(page, page.locator('#signin-email'));
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(page.locator('#signin-password')).toBeFocused();
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

  await page.goto('/program');
  const today = page.getByRole('article', { name: 'Day 1' });
  await expect(today.getByText('Today')).toBeVisible();
  await tabTo(page, today.getByRole('button', { name: 'Complete' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();

  // Focus stays inside the dialog however far one tabs, both ways.
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  // Escape closes it and gives focus back to the button that opened it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(today.getByRole('button', { name: 'Complete' })).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByRole('button', { name: 'Mark as Complete' }), 10);
  await page.keyboard.press('Enter');
  await expectToast(page, 'Workout Completed!');
  await expect(today.getByText('Completed')).toBeVisible();
  await context.close();
});

test('every form control on the sign-in, sign-up, contact and profile forms has a label', async ({
  browser,
}) => {
  const context = await browser.newContext();
  await paidMember(context, 'daily-core-monthly', 'Lee Labels');
  const page = await context.newPage();
  const signedOut = await (await browser.newContext()).newPage();
  const unlabelled = async (p: Page) =>
    p.evaluate(() =>
      Array.from(document.querySelectorAll('input, select, textarea'))
        .filter((el) => (el as HTMLInputElement).type !== 'hidden')
        .filter((el) => {
          const labelled = el.getAttribute('aria-label') || el.getAttribute('aria-labelledby');
          const byFor = el.id && document.querySelector(`label[for="${CSS.escape(el.id)}"]`);
          return !labelled && !byFor && !el.closest('label');
        })
        .map((el) => el.outerHTML.slice(0, 120)),
    );
  for (const path of ['/auth', '/auth?action=signup', '/contact', '/subscription/signup?plan=daily-core']) {
    await signedOut.goto(path);
    await signedOut.waitForLoadState('networkidle');
    expect(await unlabelled(signedOut), path).toEqual([]);
  }
  for (const path of ['/profile', '/profile-completion', '/program', '/progress', '/exercises']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await unlabelled(page), path).toEqual([]);
  }
  await context.close();
});
