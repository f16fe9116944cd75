import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { expect, test } from './fixtures';

const BUILT_WORKER = path.resolve(import.meta.dirname, '../../apps/web/dist/sw.js');

// An installable app. The manifest and the service worker are served, and Chromium
// itself says the page meets its installability criteria.

test('the manifest and service worker are served and Chromium finds the app installable', async ({
  launchOptions,
  baseURL,
}) => {
  // Chromium never offers to install from an incognito profile (every new context is one): a
  // profile on disk, as a member's browser has.
  const profile = await mkdtemp(path.join(tmpdir(), 'core28-pwa-'));
  const context = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL: baseURL! });
  const page = context.pages()[0] ?? (await context.newPage());
  try {
    const manifest = await page.request.get('/manifest.webmanifest');
    expect(manifest.ok()).toBe(true);
    expect(manifest.headers()['content-type']).toContain('application/manifest+json');
    const body = (await manifest.json()) as Record<string, unknown> & {
      icons: { sizes: string; purpose: string }[];
    };
    expect(body).toMatchObject({
      name: 'Core28 — 28-Day Core Training',
      short_name: 'Core28',
      start_url: '/program',
      display: 'standalone',
      theme_color: '#dc2626',
      background_color: '#ffffff',
    });
    const maskable = body.icons.filter((icon) => icon.purpose === 'maskable').map((icon) => icon.sizes);
    expect(maskable).toEqual(['192x192', '512x512']);
    for (const icon of ['/icon-192.png', '/icon-512.png']) {
      const res = await page.request.get(icon);
      expect(res.headers()['content-type']).toBe('image/png');
    }
    const sw = await page.request.get('/sw.js');
    expect(sw.ok()).toBe(true);
    expect(sw.headers()['cache-control']).toBe('no-cache');
    // Nothing of the admin area is precached for every member: its chunks are all named admin-…,
    // its dashboard, users, member and analytics pages among them (one program-page: the member's).
    const precached = [...(await sw.text()).matchAll(/assets\/([\w.-]+?)-[\w-]{8}\.js/g)].map((m) => m[1]);
    expect(precached).toContain('program-page');
    expect(precached.filter((name) => name === 'program-page')).toHaveLength(1);
    expect(precached.filter((name) => /^admin-|^(dashboard|users|member)-page$/.test(name!))).toEqual([]);

    await page.goto('/');
    // Registered after load; ready once installed and active.
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${baseURL}/`);
    const cdp = await context.newCDPSession(page);
    const installabilityErrors = async () =>
      ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] })
        .installabilityErrors;
    await expect.poll(installabilityErrors).toEqual([]);
    const manifestInfo = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; url: string };
    expect(manifestInfo.errors).toEqual([]);
    expect(manifestInfo.url).toBe(`${baseURL}/manifest.webmanifest`);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
});

test("'Install app' is in the account menu while the browser offers it", async ({
  page,
  member: _member,
}) => {
  await page.goto('/program');
  await page.getByRole('button', { name: /account menu/i }).click();
  // The menu open before anything is asserted of it or Escape pressed: a count of 0 holds before it
  // renders, and an Escape pressed then is lost, leaving the menu open and its button hidden.
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Install app' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  // Headless Chromium never offers: the event the browser sends when it does.
  await page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => {
        (window as unknown as { prompted: boolean }).prompted = true;
      },
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(offer);
  });
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Install app' }).click();
  expect(await page.evaluate(() => (window as unknown as { prompted: boolean }).prompted)).toBe(true);
  await page.getByRole('button', { name: /account menu/i }).click();
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Install app' })).toHaveCount(0);
});

test("a new version waits for the member: 'A new version is ready', then Reload", async ({ page }) => {
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // A later visit: the page opens under the installed worker.
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // The next deploy: the built worker with one byte more is a new version to the browser (the
  // server reads the file at each request; Playwright's routing does not reach worker scripts).
  const original = await readFile(BUILT_WORKER, 'utf8');
  try {
    await writeFile(BUILT_WORKER, `${original}\n// the next version\n`);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const toast = page.getByText('A new version is ready');
    await expect(toast).toBeVisible();
    // Until the member chooses, the new version waits and the page stays on the one it started with.
    expect(
      await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)),
    ).toBe(true);
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return Boolean(registration?.active && !registration.waiting && navigator.serviceWorker.controller);
        }),
      )
      .toBe(true);
    await expect(toast).toHaveCount(0);
  } finally {
    await writeFile(BUILT_WORKER, original);
  }
});
