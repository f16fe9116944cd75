import { expect, test } from './fixtures';
import {
  expectFieldError,
  expectToast,
  followMailLink,
  PASSWORD,
  signIn,
  signOut,
  signUpAndConfirm,
  submitSignIn,
  uniqueEmail,
} from './helpers';

test('a visitor signs up, confirms, signs out and in, and resets the password', async ({ page }) => {
  const email = uniqueEmail('journey');

  await signUpAndConfirm(page, email);
  await expect(page).toHaveURL(/\/profile-completion$/);
  await expectToast(page, 'Email confirmed!');

  await signOut(page);
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();

  await signIn(page, email);
  await expectToast(page, 'Welcome back!');
  await expect(page).toHaveURL(/\/$/);
  await signOut(page);

  // Password reset through the e-mailed link, ending signed in on /profile.
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expectFieldError(page.getByLabel('Email'), 'Please enter your email address');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expectToast(page, 'Password reset email sent!');

  await followMailLink(page, email, 'Reset your Core28 password', 'Choose a new password');
  await expect(page.getByRole('heading', { name: 'Set a New Password' })).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('New#Pass99');
  await page.getByLabel('Confirm New Password').fill('Other#Pass99');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expectFieldError(page.getByLabel('Confirm New Password'), "Passwords don't match");
  await page.getByLabel('Confirm New Password').fill('New#Pass99');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expectToast(page, 'Password Changed Successfully!');
  await expect(page).toHaveURL(/\/profile$/);

  await signOut(page);
  await submitSignIn(page, email, PASSWORD);
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await page.getByLabel('Password').fill('New#Pass99');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expectToast(page, 'Welcome back!');
});

test('signing up with a registered e-mail says so and switches to sign-in', async ({
  page,
  member: { email },
}) => {
  await page.context().clearCookies(); // a visitor again, whose address is registered

  await page.goto('/auth?action=signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill('Mismatch#1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expectFieldError(page.getByLabel('Confirm Password'), "Passwords don't match");

  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expectToast(page, 'Account exists');
  await expectToast(page, 'Please sign in with your existing account.');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
});

test('a weak password is refused under the field, in the server’s words, before anything is sent', async ({
  page,
}) => {
  let isSent = false;
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/sign-up/email')) isSent = true;
  });
  await page.goto('/auth?action=signup');
  await page.getByLabel('Email').fill(uniqueEmail('weak'));
  await page.getByLabel('Password', { exact: true }).fill('abcdef');
  await page.getByLabel('Confirm Password').fill('abcdef');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expectFieldError(
    page.getByLabel('Password', { exact: true }),
    'Password is too weak: it needs one number and one special character.',
  );
  expect(isSent).toBe(false);
});

test('guarded routes send visitors to /auth with history replaced', async ({ page }) => {
  await page.goto('/about');
  await page.goto('/program');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/about$/);
});

test('an unknown route shows the not-found page with a link home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the header shows the visitor links and the mobile menu opens', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  for (const label of [
    'Home',
    '28-Day Program',
    'Progress',
    'Six-Pack Guide',
    'Pricing',
    'About',
    'Sign In',
  ]) {
    await expect(menu.getByRole('link', { name: label })).toBeVisible();
  }
  await expect(menu.getByRole('link', { name: 'Exercises' })).toHaveCount(0);
});

test('the account menu opens when tapped before its code has arrived', async ({ page, member: _ }) => {
  await page.route('**/assets/account-menu-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expectToast(page, 'Signed out');
});
