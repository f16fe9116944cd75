import { chromium } from '@playwright/test';

// Usage: npx tsx e2e/tools/admin-program-shots.ts http://localhost:3000 /tmp/shots
// The coaches' program pages (/admin/programs, a program's days, details, preview and analytics)
// at 1280 and 390 px, light and dark, signed in as the seeded admin, on a program it makes.
const [base = 'http://localhost:3000', outDir = '/tmp/shots'] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
});
const headers = { origin: base };
const setup = await browser.newContext();
await setup.request.post(`${base}/api/auth/sign-in/email`, {
  data: { email: 'admin@core28.local', password: 'Admin#2026' },
});
const created = await (
  await setup.request.post(`${base}/api/admin/programs`, {
    headers,
    data: {
      name: 'Seven Day Express Core',
      level: 'intermediate',
      days: 7,
      description: 'A week, hard.',
      circuit: true,
    },
  })
).json();
const id = created.program.id as number;
const exercises = (await (await setup.request.get(`${base}/api/admin/exercises`)).json()) as {
  id: number;
  category: 'time' | 'reps';
}[];
for (let day = 1; day <= 5; day++) {
  const items = exercises.slice(day, day + 3).map((e) => ({
    exerciseId: e.id,
    sets: 3,
    workSeconds: e.category === 'time' ? 40 : null,
    targetReps: e.category === 'reps' ? 12 : null,
    restSeconds: 20,
  }));
  await setup.request.put(`${base}/api/admin/programs/${id}/days/${day}`, { headers, data: { items } });
}
const state = await setup.storageState();
await setup.close();

const sizes = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } };
for (const scheme of ['light', 'dark'] as const)
  for (const [size, viewport] of Object.entries(sizes)) {
    const context = await browser.newContext({ viewport, colorScheme: scheme, storageState: state });
    const page = await context.newPage();
    const shot = async (name: string) => {
      const file = `${outDir}/${size}-${scheme}-${name}.png`;
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
    };
    await page.goto(`${base}/admin/programs`, { waitUntil: 'networkidle' });
    await shot('list');
    await page.goto(`${base}/admin/programs/${id}`, { waitUntil: 'networkidle' });
    await shot('days');
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.waitForTimeout(300);
    await shot('preview');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Details' }).click();
    await shot('details');
    await page.getByRole('button', { name: 'Analytics' }).click();
    await page.waitForLoadState('networkidle');
    await shot('analytics');
    await page.goto(`${base}/admin/programs/1`, { waitUntil: 'networkidle' });
    await shot('core28');
    await context.close();
  }
await browser.close();
