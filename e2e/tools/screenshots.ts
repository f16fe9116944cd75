import { chromium } from '@playwright/test';

// Usage: npx tsx e2e/tools/screenshots.ts http://localhost:3000 /tmp/shots / /auth ...
// Takes a desktop and a mobile screenshot of each path, to look at what we build.
// SHOT_SCHEME=dark for the phone's dark setting (the app's dark mode); SHOT_SIZES=mobile for one size.
const [base = 'http://localhost:3000', outDir = '/tmp/shots', ...paths] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
});
const sizes = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } };
for (const [name, viewport] of Object.entries(sizes)) {
  if (process.env.SHOT_SIZES && !process.env.SHOT_SIZES.split(',').includes(name)) continue;
  const colorScheme = process.env.SHOT_SCHEME === 'dark' ? 'dark' : 'light';
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, colorScheme });
  const page = await context.newPage();
  if (process.env.SHOT_EMAIL) {
    // Sign in through the API; the context keeps the session cookie.
    await page.request.post(`${base}/api/auth/sign-in/email`, {
      data: { email: process.env.SHOT_EMAIL, password: process.env.SHOT_PASSWORD },
    });
  }
  for (const path of paths.length ? paths : ['/']) {
    await page.goto(base + path, { waitUntil: 'networkidle' });
    const file = `${outDir}/${name}${colorScheme === 'dark' ? '-dark' : ''}${path.replaceAll('/', '_') || '_home'}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await context.close();
}
await browser.close();
