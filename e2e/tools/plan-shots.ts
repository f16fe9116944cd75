import { chromium } from '@playwright/test';

// Usage: npx tsx e2e/tools/plan-shots.ts http://localhost:3000 /tmp/shots email password /program ...
// The paywall and the locked days as a member meets them: 390 px and desktop, light and dark.
const [base = 'http://localhost:3000', outDir = '/tmp/shots', email = '', password = '', ...paths] =
  process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
const sizes = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } };
const tag = email.split('@')[0];
for (const [name, viewport] of Object.entries(sizes))
  for (const colorScheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1, colorScheme });
    const page = await context.newPage();
    await page.request.post(`${base}/api/auth/sign-in/email`, {
      data: { email, password },
      headers: { origin: base },
    });
    for (const path of paths) {
      await page.goto(base + path, { waitUntil: 'networkidle' });
      await page.waitForTimeout(500);
      const file = `${outDir}/${tag}-${name}-${colorScheme}${path.replaceAll('/', '_')}.png`;
      await page.screenshot({ path: file, fullPage: name === 'mobile' });
      console.log(file);
    }
    await context.close();
  }
await browser.close();
