import { chromium, type Page } from '@playwright/test';

// Usage: npx vite apps/web --port 3330 & npx tsx e2e/tools/demo-shots.ts http://localhost:3330 OUTDIR [width] [keys] [--strips]
// Photographs the demonstrations of demo-gallery.html (all, or the comma-separated keys) held at
// each key pose (key-N.png) and halfway to the next one (mid-N.png), to look at every one before
// calling it done. With --strips, each demo's whole loop on a row instead (key pose, halfway, next
// key pose, …), four demos a picture (strips-N.png).
const args = process.argv.slice(2).filter((a) => a !== '--strips');
const isStrips = process.argv.includes('--strips');
const [base = 'http://localhost:3330', outDir = '/tmp/demos', width = '240', keys = ''] = args;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
const viewport = isStrips
  ? { width: 8 * (Number(width) + 12) + 16, height: 400 }
  : { width: 1280, height: 800 };
const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
const page = await context.newPage();
page.on('pageerror', (error) => console.error(error));

async function open(page: Page, shown: string) {
  await page.goto(`${base}/demo-gallery.html?w=${width}${shown ? `&keys=${shown}` : ''}`);
  const count = await page.locator('svg[data-demo]').count();
  await page.waitForFunction((n) => document.querySelectorAll('[data-demo-figure]').length === n, count);
}

/** Hold every figure at its k-th key pose (or halfway on); in a strip, figure i of each demo at slot i. */
const holdAll = (slot: { k: number; half: boolean } | 'strip') =>
  page.evaluate((slot) => {
    const figures = Array.from(document.querySelectorAll<SVGGElement>('[data-demo-figure]'));
    const seen = new Map<string, number>();
    for (const figure of figures) {
      const demo = figure.closest('svg')!.dataset.demo!;
      const i = seen.get(demo) ?? 0;
      seen.set(demo, i + 1);
      const times = figure.dataset.keyTimes!.split(' ').map(Number);
      const duration = Number(figure.dataset.duration);
      const [k, half] =
        slot === 'strip' ? [Math.floor(i / 2), i % 2 === 1] : [Math.min(slot.k, times.length - 1), slot.half];
      const box = figure.closest('figure')!;
      if (k >= times.length) {
        box.remove();
        continue;
      }
      if (slot === 'strip' && k + 1 === times.length && half)
        box.after(Object.assign(document.createElement('div'), { style: 'flex-basis:100%' }));
      const at = half ? (times[k]! + (times[k + 1] ?? duration)) / 2 : times[k]!;
      for (const animation of figure.getAnimations({ subtree: true })) {
        animation.pause();
        animation.currentTime = at;
      }
    }
  }, slot);

if (isStrips) {
  const all = keys ? keys.split(',') : await listKeys();
  for (let n = 0; n < all.length; n += 4) {
    const group = all.slice(n, n + 4);
    await open(page, group.flatMap((key) => Array(16).fill(key)).join(','));
    await holdAll('strip');
    const file = `${outDir}/strips-${n / 4 + 1}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(file, group.join(' '));
  }
} else {
  await open(page, keys);
  const most = await page.evaluate(() =>
    Math.max(
      ...Array.from(document.querySelectorAll<SVGGElement>('[data-demo-figure]')).map(
        (f) => f.dataset.keyTimes!.split(' ').length,
      ),
    ),
  );
  for (let k = 0; k < most; k++) {
    for (const half of [false, true]) {
      await holdAll({ k, half });
      const file = `${outDir}/${half ? 'mid' : 'key'}-${k}.png`;
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
    }
  }
}
await browser.close();

async function listKeys(): Promise<string[]> {
  await open(page, '');
  return page.$$eval('svg[data-demo]', (svgs) => svgs.map((s) => s.getAttribute('data-demo')!));
}
