import { chromium } from '@playwright/test';

// Usage: SHOT_EMAIL=… SHOT_PASSWORD=… npx tsx e2e/tools/offline-screenshots.ts http://localhost:3000 /tmp/shots
// Offline: /program with a completion waiting ('Saved offline, will sync'), a page that
// needs the network (/one-on-one), and pages whose code was never kept (/blog, /admin/users: the
// route's error element), at 390 and 1280 px.
const [base = 'http://localhost:3000', outDir = '/tmp/shots'] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
const sizes = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } };
for (const [name, viewport] of Object.entries(sizes)) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  const page = await context.newPage();
  await page.request.post(`${base}/api/auth/sign-in/email`, {
    data: { email: process.env.SHOT_EMAIL, password: process.env.SHOT_PASSWORD },
  });
  await page.goto(`${base}/program`, { waitUntil: 'networkidle' });
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload({ waitUntil: 'networkidle' });
  await context.setOffline(true);
  await page.reload();
  await page.getByRole('article', { name: 'Day 1' }).getByRole('button', { name: 'Complete' }).click();
  await page.getByRole('button', { name: 'Mark as Complete' }).click();
  await page.getByText('Saved offline, will sync').waitFor();
  await page.screenshot({ path: `${outDir}/${name}_offline_program.png` });
  await page.goto(`${base}/one-on-one`);
  await page.getByText("You're offline").waitFor();
  await page.screenshot({ path: `${outDir}/${name}_offline_one-on-one.png` });
  for (const path of ['/blog', '/admin/users']) {
    await page.goto(`${base}${path}`);
    await page.getByText("You're offline").waitFor();
    await page.screenshot({ path: `${outDir}/${name}_offline_${path.slice(1).replace('/', '-')}.png` });
  }
  console.log(`${outDir}/${name}_offline_*.png`);
  await context.close();
}
await browser.close();
