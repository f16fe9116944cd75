import sharp from 'sharp';
import { BASE_URL } from '../playwright.config';
import { expect, test } from './fixtures';
import { expectFieldError, expectToast, PASSWORD, signIn, signOut } from './helpers';

test("a new member completes the profile and opens Day 1's session from the welcome dialog", async ({
  page,
  member: _,
}) => {
  await page.goto('/profile-completion');
  await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();

  await page.getByRole('button', { name: 'Complete Profile' }).click();
  await expectToast(page, 'Please fill in all required fields');

  await page.getByLabel('First Name *').fill('Ada');
  await page.getByLabel('Last Name *').fill('Lovelace');
  await page.getByLabel('Age *').fill('36');
  await page.getByLabel('Gender *').selectOption('female');
  await page.getByLabel('Country *').selectOption({ label: 'United Kingdom' });
  await page.getByLabel('Fitness Level *').selectOption('beginner');
  await page.getByLabel('Improve posture').check();
  await page.getByRole('button', { name: 'Complete Profile' }).click();
  await expectToast(page, 'Please accept the terms and conditions');

  await expect(page.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
  await expect(page.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  await page.getByLabel(/I accept the/).check();
  await page.getByRole('button', { name: 'Complete Profile' }).click();
  await expectToast(page, 'Profile completed successfully!');
  const welcome = page.getByRole('dialog', { name: 'Welcome to Core28!' });
  await expect(welcome).toBeVisible();
  await welcome.getByRole('button', { name: 'Start Day 1' }).click();
  await expect(page).toHaveURL(/\/program\/day\/1\/session$/);

  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
  await expect(page.getByText('United Kingdom')).toBeVisible();
  await expect(page.getByText('Improve posture')).toBeVisible();
});

test('a member changes the photo and the password, then signs in with the new password', async ({
  page,
  member: { email },
}) => {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'User Details' })).toBeVisible();

  const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#1d4ed8' } })
    .png()
    .toBuffer();
  await page.locator('#avatar-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expectToast(page, 'Photo updated');
  const photo = page.getByRole('img', { name: /^Avatar of/ }).first();
  await expect(photo).toBeVisible();
  await expect(photo).toHaveAttribute('src', /\/api\/files\/avatars\/.+signature=/);
  expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(512);

  await page
    .locator('#avatar-file')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
  await expectToast(page, 'Invalid file type');
  // spec §5: the hint and the error name the formats as the spec does.
  await expectToast(page, 'Please select an image file (JPG, PNG or GIF)');
  await expect(page.getByText('JPG, PNG or GIF up to 5MB')).toBeVisible();

  const update = page.getByRole('button', { name: 'Update Password' });
  await expect(update).toBeDisabled();
  await page.getByLabel('Current Password').fill(PASSWORD);
  await page.getByLabel('New Password', { exact: true }).fill('Brand#New77');
  await page.getByLabel('Confirm New Password').fill('Brand#New78');
  await expect(update).toBeEnabled();
  await update.click();
  await expectToast(page, 'Passwords do not match.');
  await page.getByLabel('Confirm New Password').fill('Brand#New77');
  await update.click();
  await expectToast(page, 'Password Changed Successfully!');

  await signOut(page);
  await signIn(page, email, 'Brand#New77');
  await expectToast(page, 'Welcome back!');
});

test('what a member types before the profile has arrived is kept; untouched fields are prefilled', async ({
  page,
  context,
  member: _,
}) => {
  const saved = await context.request.patch('/api/profile', {
    data: { country: 'NZ', age: 40 },
    headers: { origin: new URL(BASE_URL).origin },
  });
  expect(saved.ok()).toBe(true);
  // A slow network: the profile answers 2.5 s after the form became editable.
  await page.route('**/api/profile', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await route.continue();
  });
  const profileArrived = page.waitForResponse('**/api/profile');
  await page.goto('/profile-completion');
  await page.getByLabel('First Name *').fill('Ada');
  await page.getByLabel('Last Name *').fill('Lovelace');
  await page.getByLabel('Age *').fill('36');
  await page.getByRole('button', { name: 'Complete Profile' }).click();
  await expectFieldError(page.getByLabel('Country *'), 'Please fill in all required fields');
  await profileArrived;

  await expect(page.getByLabel('Country *')).toHaveValue('NZ');
  await expect(page.getByLabel('First Name *')).toHaveValue('Ada');
  await expect(page.getByLabel('Last Name *')).toHaveValue('Lovelace');
  await expect(page.getByLabel('Age *')).toHaveValue('36');
  // The errors shown before it arrived are checked again: the country is there now, the gender not.
  await expect(page.getByLabel('Country *')).not.toHaveAttribute('aria-invalid', 'true');
  await expectFieldError(page.getByLabel('Gender *'), 'Please fill in all required fields');
});
