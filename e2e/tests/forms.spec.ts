import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectFieldError, expectToast, PASSWORD, uniqueEmail } from './helpers';

// Every form shows its errors under the field (aria-invalid, linked by aria-describedby),
// from the same core schemas the server validates with; the spec's toasts stay where it names them.

/** axe on the page as it is, errors shown: no serious or critical violations (as a11y.spec.ts). */
async function expectAccessible(page: Page) {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
}

test('auth page: sign-in, sign-up and reset requests say under each field what is wrong', async ({
  page,
}) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expectFieldError(page.getByLabel('Email'), 'Please enter your email address');
  await expectFieldError(page.getByLabel('Password'), 'Please enter your password');
  await page.getByLabel('Email').fill('ann@example.com');
  // Corrected fields are valid again as soon as they are.
  await expect(page.getByLabel('Email')).not.toHaveAttribute('aria-invalid', 'true');

  await page.goto('/auth?action=signup');
  await page.getByLabel('Email').fill('ann@');
  await page.getByLabel('Password', { exact: true }).fill('abcdef');
  await page.getByLabel('Confirm Password').fill('abcdeg');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expectFieldError(page.getByLabel('Email'), 'Please enter a valid email address');
  await expectFieldError(
    page.getByLabel('Password', { exact: true }),
    'Password is too weak: it needs one number and one special character.',
  );
  await expectFieldError(page.getByLabel('Confirm Password'), "Passwords don't match");
  await expect(page.getByLabel('Email')).toBeFocused();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expectFieldError(page.getByLabel('Email'), 'Please enter your email address');
});

test('contact: every empty field says so, with the spec toast', async ({ page }) => {
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expectToast(page, 'Please fill in all fields.');
  for (const label of ['Name', 'Email', 'Message']) {
    await expectFieldError(page.getByLabel(label), 'Please fill in all fields.');
  }
  await page.getByLabel('Name').fill('Casey');
  await page.getByLabel('Email').fill('casey@');
  await page.getByLabel('Message').fill('Hello');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expectFieldError(page.getByLabel('Email'), 'Please enter a valid email address.');
  await expect(page.getByLabel('Name')).not.toHaveAttribute('aria-invalid', 'true');
});

test('sign-up flow: the password and its confirmation say what is wrong, with the spec toast', async ({
  page,
}) => {
  await page.goto('/subscription/signup?plan=daily-core');
  await page.getByLabel('Email').fill(uniqueEmail('flow'));
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm Password').fill('shorter');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expectToast(page, 'Password Requirements');
  await expectFieldError(
    page.getByLabel('Password', { exact: true }),
    'Password is too weak: it needs at least 6 characters, one number and one special character.',
  );
  await expectFieldError(page.getByLabel('Confirm Password'), 'Passwords do not match');

  await page.getByRole('button', { name: 'Already have an account? Sign in' }).click();
  await page.getByLabel('Email').fill('');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expectFieldError(page.getByLabel('Email'), 'Please enter your email address');
});

test('member forms: profile completion, profile details and the password change', async ({
  page,
  member: _,
}) => {
  await page.goto('/profile-completion');
  await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();
  await page.getByRole('button', { name: 'Complete Profile' }).click();
  await expectToast(page, 'Please fill in all required fields');
  for (const label of ['First Name *', 'Last Name *', 'Age *', 'Gender *', 'Country *', 'Fitness Level *']) {
    await expectFieldError(page.getByLabel(label), 'Please fill in all required fields');
  }
  await expectFieldError(page.getByLabel(/I accept the/), 'Please accept the terms and conditions');
  await expect(page.getByLabel('First Name *')).toBeFocused();
  await expectAccessible(page);
  await page.getByLabel('Age *').fill('9');
  await expectFieldError(page.getByLabel('Age *'), 'Age must be between 13 and 100');

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('Age').fill('121');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectFieldError(page.getByLabel('Age'), 'Age must be between 13 and 120');
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.getByLabel('Current Password').fill(PASSWORD);
  await page.getByLabel('New Password', { exact: true }).fill('abcdefg');
  await page.getByLabel('Confirm New Password').fill('abcdefh');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expectToast(page, 'Passwords do not match.');
  await expectFieldError(page.getByLabel('Confirm New Password'), 'Passwords do not match.');
  await expectFieldError(
    page.getByLabel('New Password', { exact: true }),
    'Password is too weak: it needs one number and one special character.',
  );
});

test('admin forms: the exercise and the article editor', async ({ page, admin: _ }) => {
  await page.goto('/admin/exercises');
  await page.getByRole('button', { name: 'Add Exercise' }).click();
  const exercise = page.getByRole('dialog', { name: 'Add Exercise' });
  await exercise.getByLabel('Video URL').fill('youtube.com/watch');
  await exercise.getByRole('button', { name: 'Add Exercise' }).click();
  await expectToast(page, 'Exercise name is required');
  await expectFieldError(exercise.getByLabel('Name'), 'Exercise name is required');
  await expectFieldError(
    exercise.getByLabel('Video URL'),
    'The video link must start with http:// or https://',
  );
  await exercise.getByRole('button', { name: 'Cancel' }).click();

  await page.goto('/admin/blog');
  await page.getByRole('button', { name: 'New Article' }).click();
  const editor = page.getByRole('dialog', { name: 'Create New Article' });
  await editor.getByRole('button', { name: 'Create Article' }).click();
  await expectFieldError(editor.getByLabel('Title'), 'Title is required');
  await expectFieldError(editor.getByLabel('Excerpt'), 'Excerpt is required');
  await expectFieldError(editor.getByLabel('Content', { exact: true }), 'Content is required');

  await editor.getByLabel('Title').fill('A Date in the Past');
  await editor.getByLabel('Excerpt').fill('Too late.');
  await editor.getByLabel('Content', { exact: true }).fill('Text.');
  await editor.getByRole('switch').check();
  const date = editor.getByLabel('Publication Date (optional - leave empty for immediate publication)');
  await date.fill('2020-01-01T09:00');
  await editor.getByRole('button', { name: 'Create Article' }).click();
  await expectFieldError(date, 'The publication date cannot be earlier than today');
  await expect(editor).toBeVisible();
  await expectAccessible(page);
});
