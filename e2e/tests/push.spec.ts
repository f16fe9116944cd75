import { expect, test } from './fixtures';

// Notifications turned on and off for this device from /profile. The browser's push
// service (FCM, out of reach here) is replaced by a PushManager answering as Chromium's does;
// the server's side of Web Push is tested against a local push service (features/push).

test('a member turns notifications on and off for this device from /profile', async ({
  page,
  context,
  member: _member,
}) => {
  await context.grantPermissions(['notifications']);
  await page.addInitScript(() => {
    type Fake = { endpoint: string; toJSON: () => unknown; unsubscribe: () => Promise<boolean> };
    const w = window as unknown as { keyBytes?: number };
    // Like the browser's, the subscription outlives a reload of the page.
    const subscription = (endpoint: string): Fake => ({
      endpoint,
      toJSON: () => ({
        endpoint,
        expirationTime: null,
        keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
      }),
      unsubscribe: async () => {
        current = null;
        sessionStorage.removeItem('e2e-push-endpoint');
        return true;
      },
    });
    const kept = sessionStorage.getItem('e2e-push-endpoint');
    let current: Fake | null = kept ? subscription(kept) : null;
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      w.keyBytes = (options?.applicationServerKey as Uint8Array | undefined)?.byteLength;
      const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-${Math.random().toString(36).slice(2)}`;
      sessionStorage.setItem('e2e-push-endpoint', endpoint);
      current = subscription(endpoint);
      return current as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async () => current as unknown as PushSubscription;
  });
  await page.goto('/profile');
  const card = page.getByRole('heading', { name: 'Notifications on this device' }).locator('xpath=../..');
  await card.getByRole('button', { name: 'Turn on notifications' }).click();
  await expect(card.getByText('Notifications are on for this device.')).toBeVisible();
  // subscribed with the server's VAPID public key: a P-256 point, 65 bytes
  expect(await page.evaluate(() => (window as unknown as { keyBytes: number }).keyBytes)).toBe(65);

  // Every device is listed, and one turned on elsewhere (Firefox on a laptop) is removed from here.
  await expect(card.getByRole('heading', { name: 'Devices with notifications on (1 of 10)' })).toBeVisible();
  const tablet = await page.request.post('/api/push/subscriptions', {
    data: {
      endpoint: 'https://updates.push.services.mozilla.com/wpush/v2/e2e-laptop',
      keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
    },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(tablet.ok()).toBe(true);
  await page.reload();
  await expect(card.getByRole('heading', { name: 'Devices with notifications on (2 of 10)' })).toBeVisible();
  await card.getByRole('button', { name: /^Remove Firefox/ }).click();
  await expect(card.getByRole('heading', { name: 'Devices with notifications on (1 of 10)' })).toBeVisible();
  await expect(card.getByText('Notifications are on for this device.')).toBeVisible();

  await card.getByRole('button', { name: 'Turn off notifications' }).click();
  await expect(card.getByRole('button', { name: 'Turn on notifications' })).toBeVisible();
  await expect(card.getByRole('heading', { name: /Devices with notifications on/ })).toHaveCount(0);

  // This device removed from the list reads as off, not "on" with nothing sent to it.
  await card.getByRole('button', { name: 'Turn on notifications' }).click();
  await expect(card.getByText('Notifications are on for this device.')).toBeVisible();
  await card.getByRole('button', { name: /^Remove Chrome or Android/ }).click();
  await expect(card.getByRole('button', { name: 'Turn on notifications' })).toBeVisible();
  await expect(card.getByRole('heading', { name: /Devices with notifications on/ })).toHaveCount(0);
});
