import { expect, type Page, test } from '@playwright/test';
import { ADMIN, paidMember, signInOverHttp } from './helpers';

// Dark mode follows the phone unless the member chose Light or Dark on /profile (kept on this device),
// before the first paint; dates read in the app's English in any browser language.
const PHONE = { width: 390, height: 844 };

const themeColors = (page: Page) =>
  page
    .locator('meta[name="theme-color"]')
    .evaluateAll((metas) => metas.map((m) => (m as HTMLMetaElement).content));

test('a phone set to dark gets the dark app; the choice on /profile overrides it and stays on this device', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: PHONE, colorScheme: 'dark' });
  await paidMember(context, 'daily-core-monthly', 'Dana Dark');
  const page = await context.newPage();
  await page.goto('/profile');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  const appearance = page.getByRole('radiogroup', { name: 'Appearance' });
  await expect(appearance.getByRole('radio', { name: /System/ })).toBeChecked();
  // System: each meta keeps its media query's colour, the browser picks
  expect(await themeColors(page)).toEqual(['#dc2626', '#18181b']);

  await appearance.getByRole('radio', { name: /Light/ }).check();
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  expect(await themeColors(page)).toEqual(['#dc2626', '#dc2626']);

  // Kept on this device, applied before the app's code runs: with the app's scripts blocked, the
  // inline script alone (allowed by the server's policy) sets the theme.
  await appearance.getByRole('radio', { name: /Dark/ }).check();
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.unroute('**/assets/*.js');

  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/program');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  expect(await themeColors(page)).toEqual(['#18181b', '#18181b']);
  await context.close();
});

test('System follows the phone when its setting changes, in the admin area too', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' });
  await signInOverHttp(context, ADMIN);
  const page = await context.newPage();
  await page.goto('/admin');
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  // The page turns dark (the light page is white)
  await expect
    .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
    .toBe('rgb(17, 17, 19)');
  await context.close();
});

test('a German browser reads English dates inside English sentences', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE, locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  await paidMember(context, 'daily-core-monthly', 'Greta German');
  const page = await context.newPage();
  await page.goto('/profile');
  expect(await page.evaluate(() => new Intl.DateTimeFormat().resolvedOptions().locale)).toBe('de-DE');
  await expect(page.getByText(/^Member since [A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeVisible();
  await page.goto('/subscription/manage');
  await expect(page.getByRole('main')).toContainText(/[A-Z][a-z]+ \d{1,2}, \d{4}/);
  await expect(page.getByRole('main')).not.toContainText(
    /\d{1,2}\. (Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember)/,
  );
  await context.close();
});
