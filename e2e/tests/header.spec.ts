import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { expectToast, signUpAndConfirm, uniqueEmail } from './helpers';

// issue 14: the header's avatar showed an initial whatever photo the member had uploaded.
test('the header avatar shows the uploaded photo, and still does after a reload', async ({ page }) => {
  await signUpAndConfirm(page, uniqueEmail('header'));
  await page.goto('/profile');
  const avatar = page.getByRole('button', { name: 'Account menu' });
  await expect(avatar).toBeVisible();
  await expect(avatar.locator('img')).toHaveCount(0);

  const png = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#15803d' } })
    .png()
    .toBuffer();
  await page.locator('#avatar-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expectToast(page, 'Photo updated');
  const photo = avatar.locator('img');
  await expect(photo).toHaveAttribute('src', /\/api\/files\/avatars\/.+signature=/);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await page.goto('/');
  await expect(avatar.locator('img')).toHaveAttribute('src', /\/api\/files\/avatars\//);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(avatar.locator('img')).toBeVisible();
});
