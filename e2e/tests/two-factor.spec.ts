import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { ADMIN, expectToast, signOut, submitSignIn } from './helpers';
import { type OwnServer, startOwnServer } from './own-server';

// Two-factor sign-in as production has it (STAFF_TWO_FACTOR=required), on a server of its own:
// the rest of the suite runs with it optional (playwright.config.ts), so each of its admin
// fixtures stays one HTTP sign-in. Here the seeded admin meets the admin area without a second
// factor, enrols an authenticator app on /profile, signs in with its code, and a backup code
// works once. At 390 px, the member's phone width.

const PORT_OFFSET = 7;
const BASE = `http://localhost:${Number(process.env.E2E_PORT ?? 3100) + PORT_OFFSET}`;
let server: OwnServer;

test.beforeAll(async () => {
  server = await startOwnServer(PORT_OFFSET, '.e2e-data-two-factor');
});
test.afterAll(() => server?.stop());

test.use({ baseURL: BASE, viewport: { width: 390, height: 844 } });
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let secret = '';
let backupCodes: string[] = [];
const codeNow = () => new TOTP({ secret: Secret.fromBase32(secret) }).generate();

/** Screenshots at 390 px and at desktop width (of `part` when given), kept with the test's results. */
async function shoot(page: Page, name: string, part?: Locator) {
  for (const [size, width, height] of [
    ['390', 390, 844],
    ['desktop', 1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    const file = test.info().outputPath(`${name}-${size}.png`);
    await (part ? part.screenshot({ path: file }) : page.screenshot({ path: file }));
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

/** Axe-core's serious and critical violations on the page as it is now (a11y.spec.ts's bar). */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

async function passwordStep(page: Page) {
  await submitSignIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole('heading', { name: 'Two-Factor Sign-In' })).toBeVisible();
}

test('staff without a second factor are asked to set it up, enrol on /profile, and the admin area opens', async ({
  page,
}) => {
  await submitSignIn(page, ADMIN.email, ADMIN.password);
  await expect(page).not.toHaveURL(/\/auth/);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Set up two-factor sign-in' })).toBeVisible();
  await shoot(page, 'admin-set-up');
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Set up two-factor sign-in' }).click();
  await expect(page).toHaveURL(/\/profile#two-factor$/);

  const card = page.locator('#two-factor');
  await card.getByRole('button', { name: 'Turn on' }).click();
  await card.getByLabel('Your password').fill(ADMIN.password);
  await card.getByRole('button', { name: 'Continue' }).click();
  await expect(card.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  secret = ((await card.locator('code').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  const codeField = card.getByLabel('Code from the app');
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(codeField).toHaveAttribute('inputmode', 'numeric');
  await shoot(page, 'profile-scan', card);
  await expectAccessible(page);
  await codeField.fill(codeNow());
  await card.getByRole('button', { name: 'Confirm and turn on' }).click();
  const list = card.getByRole('list', { name: 'Backup codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  backupCodes = await list.getByRole('listitem').allInnerTexts();
  await shoot(page, 'profile-backup-codes', card);
  await card.getByRole('button', { name: 'I saved them' }).click();
  await expect(card.getByRole('button', { name: 'Turn off' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The enrolment's code made this session the verified one: no new sign-in needed.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

test('signing in asks for the code after the password, and opens the admin area', async ({ page }) => {
  await passwordStep(page);
  const code = page.getByLabel('Authentication code');
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await shoot(page, 'sign-in-second-step');
  await expectAccessible(page);
  await code.fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('That code is not right');
  await code.fill(codeNow());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectToast(page, 'Welcome back!');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

test('a backup code signs in once', async ({ page }) => {
  const useBackupCode = async () => {
    await passwordStep(page);
    await page.getByRole('button', { name: 'No access to your app? Use a backup code' }).click();
    await page.getByLabel('Backup code').fill(backupCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
  };
  await useBackupCode();
  await expectToast(page, 'Welcome back!');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.goto('/profile');
  await signOut(page);

  await useBackupCode();
  await expect(page.getByRole('alert')).toContainText(
    'That backup code is not right, or it was already used.',
  );
  await shoot(page, 'sign-in-backup-code-used');
});
