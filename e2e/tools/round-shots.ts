import { type BrowserContext, chromium } from '@playwright/test';
import { moveToDay, paidMember } from '../tests/helpers';

// Usage: npx tsx e2e/tools/round-shots.ts http://localhost:3000 /tmp/shots
// Rounds as members meet them, at 390 px and desktop, light and dark: a second round finished
// (results against the first), the library, /program finished and behind. Members are made over
// HTTP on a server started for it (NODE_ENV=test: its clock moves with /dev/clock).
const [base = 'http://localhost:3000', outDir = '/tmp/shots'] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
const headers = { origin: base };
const day = 86_400_000;

async function train(context: BrowserContext, from: number, to: number, strength: number) {
  for (let n = from; n <= to; n++) {
    await context.request.post(`${base}/api/program/complete`, { data: { day: n }, headers });
    await context.request.put(`${base}/api/program/results`, {
      data: { day: n, totalSeconds: 600 + n * 10 * strength, reps: 40 + n * strength },
      headers,
    });
  }
}
const setClock = (context: BrowserContext, at: Date | null) =>
  context.request.post(`${base}/dev/clock`, { data: { at: at?.toISOString() ?? null } });

// A member who finished round 1 of Core28 and then round 2 (Round 2+), feeling better as it went.
const finished = await browser.newContext({ baseURL: base });
const { email } = await paidMember(finished, 'daily-core-monthly', 'Fin Ished');
await moveToDay(await finished.newPage(), email, 28);
await train(finished, 1, 28, 1);
await finished.request.post(`${base}/api/rounds`, { data: { program: 'core28-round-2' }, headers });
const start = Date.now();
for (let n = 1; n <= 28; n++) {
  await setClock(finished, new Date(start + (n - 1) * day + 60_000));
  await train(finished, n, n, 2);
  await finished.request.put(`${base}/api/program/wellness`, {
    data: { day: n, feeling: n < 8 ? 3 : 5, energy: n < 8 ? 2 : 4 },
    headers,
  });
}
await setClock(finished, new Date(start + 28 * day));

// A member who stopped at day 12 of Core28 and is on day 30.
const behind = await browser.newContext({ baseURL: base });
const away = await paidMember(behind, 'daily-core-monthly', 'Bea Hind');
await moveToDay(await behind.newPage(), away.email, 30);
await train(behind, 1, 12, 1);

const shots: [BrowserContext, string, string][] = [
  [finished, 'finished', '/program/rounds/2'],
  [finished, 'finished', '/programs'],
  [finished, 'finished', '/program'],
  [behind, 'behind', '/program'],
];
const sizes = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } };
for (const [context, who, path] of shots)
  for (const [name, viewport] of Object.entries(sizes))
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await context.newPage();
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await page.goto(base + path, { waitUntil: 'networkidle' });
      // Lazy images (the share image) load once scrolled to.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForTimeout(500);
      const file = `${outDir}/${who}-${name}-${colorScheme}${path.replaceAll('/', '_')}.png`;
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
      // A long phone page, also in screens of 1,000 px that an image viewer shows at full size.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0, n = 1; name === 'mobile' && y < height; y += 1000, n++)
        await page.screenshot({
          path: file.replace(/\.png$/, `-${n}.png`),
          fullPage: true,
          clip: { x: 0, y, width: viewport.width, height: Math.min(1000, height - y) },
        });
      await page.close();
    }
await setClock(finished, null);
await browser.close();
