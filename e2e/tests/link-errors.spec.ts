import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type BrowserContext, expect, test } from '@playwright/test';
import { PASSWORD, signUpOverHttp, uniqueEmail } from './helpers';

// Every page a failed link returns to says what went wrong, in the words of that link
// (the paid sign-up flow's own case is in payment-flow.spec.ts).

/** Signs up over HTTP without following the confirmation e-mail; returns its link. */
async function confirmationLink(context: BrowserContext, callbackURL?: string) {
  const { email, link } = await signUpOverHttp(context, { email: uniqueEmail('link'), callbackURL });
  return { email, url: link, path: () => link.pathname + link.search };
}

/** A confirmation token for `email` that expired an hour ago, signed with the server's secret. */
function expiredToken(email: string) {
  const secret = readFileSync(
    path.resolve(import.meta.dirname, '../../.e2e-data/auth-secret'),
    'utf8',
  ).trim();
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${part({ alg: 'HS256' })}.${part({ email, iat: now - 7200, exp: now - 3600 })}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

test('/auth: a tampered confirmation link says it is invalid and confirms nothing', async ({
  page,
  context,
}) => {
  const link = await confirmationLink(context);
  link.url.searchParams.set('token', `${link.url.searchParams.get('token')}tampered`);
  await page.goto(link.path());
  await expect(page).toHaveURL(/\/auth\?confirmed=true&error=INVALID_TOKEN$/);
  await expect(page.getByRole('alert')).toHaveText(
    'This confirmation link is invalid. Sign in to get a new one.',
  );
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Email confirmed!' })).toHaveCount(0);
});

test('/auth: an expired confirmation link says it expired', async ({ page, context }) => {
  const link = await confirmationLink(context);
  link.url.searchParams.set('token', expiredToken(link.email));
  await page.goto(link.path());
  await expect(page).toHaveURL(/\/auth\?confirmed=true&error=TOKEN_EXPIRED$/);
  await expect(page.getByRole('alert')).toHaveText(
    'This confirmation link has expired. Sign in to get a new one.',
  );
});

test('Feel and Burn: a bad link back to the profile step waits for a session, then says so at the sign-up step', async ({
  page,
  context,
}) => {
  const link = await confirmationLink(context, '/subscription/signup?plan=feel-and-burn&step=profile');
  link.url.searchParams.set('token', `${link.url.searchParams.get('token')}tampered`);
  await page.goto(link.path());
  await expect(page).toHaveURL(/step=profile&error=INVALID_TOKEN$/);
  await expect(page.getByText('Restoring Your Session...')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(
    'This confirmation link is invalid. Sign in to get a new one.',
    {
      timeout: 15_000,
    },
  );
  await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toHaveCount(0);
});

test('a bad password-reset link says so in its own words, wherever it lands', async ({ page }) => {
  // The reset e-mail's link opens the recovery form; its token is checked when it is used.
  await page.goto('/auth?type=recovery&token=not-a-reset-token');
  await page.getByLabel('New Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm New Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'This link is invalid or has expired. Please request a new one.',
  );

  // better-auth's own reset-link address returns to the recovery mode, never to the sign-in's
  // confirmation-link wording.
  await page.goto(
    `/api/auth/reset-password/not-a-reset-token?callbackURL=${encodeURIComponent('/auth?type=recovery')}`,
  );
  await expect(page).toHaveURL(/\/auth\?type=recovery&error=INVALID_TOKEN$/);
  await expect(page.getByRole('alert')).toHaveText(
    'This password reset link is invalid or has expired. Please request a new one.',
  );
  await page.getByRole('button', { name: 'Request a new link' }).click();
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
});
