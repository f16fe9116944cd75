import { chromium, type Page } from '@playwright/test';
import {
  EMPTY_FIXTURE,
  FIXTURE_NOW,
  fixtureCohorts,
  fixtureOverTime,
} from '../../apps/web/src/features/admin/business/fixture.ts';

// Usage: npx tsx e2e/tools/business-shots.ts http://localhost:3000 /tmp/shots
// The owner's /admin/business at 1280 and 390 px (and 1280 dark), signed in as the seeded admin,
// its three endpoints answered from the page's fixture (a year of a small business) or, with
// "-empty" in the file name, a business on its first day. Also a definition shown on focus.
const [base = 'http://localhost:3000', outDir = '/tmp/shots'] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
});

async function answerFromFixture(page: Page, empty: boolean) {
  await page.route('**/api/admin/business/**', (route) => {
    const url = new URL(route.request().url());
    const from = url.searchParams.get('from') ?? '2026-01-01';
    const to = url.searchParams.get('to') ?? '2026-12-07';
    const by = url.searchParams.get('by') === 'week' ? 'week' : 'month';
    const body = url.pathname.endsWith('/now')
      ? empty
        ? EMPTY_FIXTURE.now
        : FIXTURE_NOW
      : url.pathname.endsWith('/over-time')
        ? empty
          ? EMPTY_FIXTURE.overTime(by, from, to)
          : fixtureOverTime(by, from, to)
        : empty
          ? EMPTY_FIXTURE.cohorts
          : fixtureCohorts(from.slice(0, 7));
    return route.fulfill({ json: body });
  });
}

const shots = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, empty: false, dark: false, path: '' },
  { name: 'mobile', viewport: { width: 390, height: 844 }, empty: false, dark: false, path: '' },
  {
    name: 'desktop-week',
    viewport: { width: 1280, height: 800 },
    empty: false,
    dark: false,
    path: '?by=week',
  },
  { name: 'desktop-empty', viewport: { width: 1280, height: 800 }, empty: true, dark: false, path: '' },
  { name: 'mobile-empty', viewport: { width: 390, height: 844 }, empty: true, dark: false, path: '' },
  { name: 'desktop-dark', viewport: { width: 1280, height: 800 }, empty: false, dark: true, path: '' },
];
for (const shot of shots) {
  const context = await browser.newContext({
    viewport: shot.viewport,
    deviceScaleFactor: 1,
    hasTouch: shot.name.startsWith('mobile'),
    colorScheme: shot.dark ? 'dark' : 'light',
    locale: 'en-US',
    timezoneId: 'UTC',
  });
  await context.request.post(`${base}/api/auth/sign-in/email`, {
    data: { email: 'admin@core28.local', password: 'Admin#2026' },
  });
  const page = await context.newPage();
  await answerFromFixture(page, shot.empty);
  await page.goto(`${base}/admin/business${shot.path}`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name: 'Business', level: 1 }).waitFor();
  await page.screenshot({ path: `${outDir}/business-${shot.name}.png`, fullPage: true });
  console.log(`${outDir}/business-${shot.name}.png`);
  // Each section on its own too: a full page is too tall to read at a glance.
  for (const section of ['now', 'over-time', 'cohorts']) {
    await page.locator(`section[aria-labelledby="business-${section}"]`).screenshot({
      path: `${outDir}/business-${shot.name}-${section}.png`,
    });
  }
  if (shot.name === 'mobile') {
    // A touch has no hover: a tap shows the definition and keeps it.
    await page.getByRole('button', { name: 'Failing payments: definition' }).tap();
    await page.screenshot({ path: `${outDir}/business-mobile-tooltip.png` });
  }
  if (shot.name === 'desktop') {
    await page.getByRole('button', { name: 'Revenue churn: definition' }).focus();
    await page.screenshot({ path: `${outDir}/business-tooltip.png` });
    await page.getByRole('button', { name: 'Still training' }).click();
    await page.getByRole('heading', { name: 'Cohorts' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${outDir}/business-training.png` });
  }
  await context.close();
}
await browser.close();
