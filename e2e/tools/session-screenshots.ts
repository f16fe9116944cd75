import { type BrowserContext, chromium, type Page } from '@playwright/test';

// Every screen of the session player, the member's home and program, and the admin's
// program days, at 1280 and 390 px, to look at what we build.
// Usage: npx tsx e2e/tools/session-screenshots.ts http://localhost:3340 /tmp/shots member@example.com
// (a member whose program is on day 3 or later: POST /dev/members/registration { email, daysAgo: 2 }).
const [base = 'http://localhost:3000', outDir = '/tmp/shots', email = process.env.SHOT_EMAIL] =
  process.argv.slice(2);
const PASSWORD = process.env.SHOT_PASSWORD ?? 'Core#2026strong';
const ADMIN = { email: 'admin@core28.local', password: 'Admin#2026' };

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
const sizes = {
  desktop: { viewport: { width: 1280, height: 800 }, hasTouch: false },
  mobile: { viewport: { width: 390, height: 844 }, hasTouch: true },
};

async function signedIn(account: { email: string; password: string }, size: keyof typeof sizes) {
  const context = await browser.newContext({ ...sizes[size], deviceScaleFactor: 1, baseURL: base });
  const res = await context.request.post('/api/auth/sign-in/email', {
    data: account,
    headers: { origin: base },
  });
  if (!res.ok()) throw new Error(`sign-in ${account.email}: ${res.status()}`);
  return context;
}

const shot = async (page: Page, size: string, name: string, fullPage = false) => {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400); // colour transitions settle
  const file = `${outDir}/${size}-${name}.png`;
  await page.screenshot({ path: file, fullPage });
  console.log(file);
};

async function player(context: BrowserContext, size: string) {
  const page = await context.newPage();
  await page.clock.install({ time: Date.now() });
  await page.goto('/');
  await shot(page, size, 'home', true);
  await page.goto('/program');
  await shot(page, size, 'program-first-screen');
  await shot(page, size, 'program', true);

  // Day 2 is a time exercise (Forearm Plank): the countdown.
  await page.goto('/program/day/2/session');
  await shot(page, size, 'ready');
  await page.getByRole('button', { name: 'Start' }).click();
  await page.clock.runFor(12_000);
  await shot(page, size, 'warmup');
  for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Skip' }).click();
  await page.clock.runFor(17_000);
  await shot(page, size, 'work-timed');
  await page.getByRole('link', { name: 'Leave workout' }).click();

  // Day 3 is a reps exercise (Glute Bridge): the counter, rest, pause, finish.
  await page.goto('/program/day/3/session');
  await page.getByRole('button', { name: 'Start' }).click();
  for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Skip' }).click();
  await page.getByRole('button', { name: 'One rep more' }).click();
  await page.getByRole('button', { name: 'One rep more' }).click();
  await page.clock.runFor(31_000);
  await shot(page, size, 'work-reps');
  await page.getByRole('button', { name: 'Done' }).click();
  await page.clock.runFor(9_000);
  await shot(page, size, 'rest');
  await page.getByRole('button', { name: 'Pause' }).click();
  await shot(page, size, 'paused');
  await page.getByRole('button', { name: 'Resume' }).click();
  while (await page.getByRole('button', { name: 'Skip' }).isVisible()) {
    const done = page.getByRole('button', { name: 'Done' });
    if (await done.isVisible()) await done.click();
    else await page.clock.runFor(20_000);
  }
  await shot(page, size, 'finish');
  await page.close();
}

async function admin(size: keyof typeof sizes) {
  const context = await signedIn(ADMIN, size);
  const page = await context.newPage();
  await page.goto('/admin/exercises');
  await page.getByRole('heading', { name: 'Program days' }).scrollIntoViewIfNeeded();
  await shot(page, size, 'admin-program-days');
  await page.getByRole('button', { name: 'Edit Day 3' }).click();
  await shot(page, size, 'admin-edit-day');
  await page.keyboard.press('Escape');
  await page
    .getByRole('button', { name: /^Edit / })
    .first()
    .click();
  await shot(page, size, 'admin-edit-exercise');
  await context.close();
}

for (const size of Object.keys(sizes) as (keyof typeof sizes)[]) {
  if (email) {
    const context = await signedIn({ email, password: PASSWORD }, size);
    await player(context, size);
    await context.close();
  }
  await admin(size);
}
await browser.close();
