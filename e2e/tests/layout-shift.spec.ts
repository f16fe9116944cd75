import { expect, type Page, test } from '@playwright/test';
import { loggedBurnMember, MEMBER_PAGES } from './helpers';

// Cumulative Layout Shift while a member page loads, at 390 × 844: the sum of the
// layout-shift entries without recent input (as CLS counts them), from navigation until the
// page has settled. The goal is ≤ 0.05 on every member page (0.1 is "good" for Core Web Vitals).
const PHONE = { width: 390, height: 844 };
const LIMIT = 0.05;

async function shiftOnLoad(page: Page, path: string) {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number; __shifts: string[] };
    w.__shift = 0;
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        w.__shift += entry.value;
        const nodes = (entry.sources ?? []).map((s) => {
          const name =
            s.node instanceof Element
              ? `${s.node.tagName.toLowerCase()}.${s.node.className}`.slice(0, 60)
              : '#text';
          const at = (r: DOMRectReadOnly) => `${Math.round(r.y)}+${Math.round(r.height)}`;
          return `${name} y ${at(s.previousRect)} → ${at(s.currentRect)}`;
        });
        w.__shifts.push(`${entry.value.toFixed(4)} at scrollY ${Math.round(scrollY)}: ${nodes.join(' | ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main, [role="main"]').first()).toBeVisible();
  // Late work (fonts, a lazy chunk, a second query) has a moment to land before the sum is read.
  await page.waitForTimeout(1000);
  return page.evaluate(() => {
    const w = window as unknown as { __shift: number; __shifts: string[] };
    return { cls: Math.round(w.__shift * 1000) / 1000, shifts: w.__shifts };
  });
}

test('member pages load without shifting their layout (CLS ≤ 0.05 at 390 px)', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: PHONE });
  const setup = await context.newPage();
  await loggedBurnMember(context, setup);
  await setup.close();
  const found: string[] = [];
  for (const path of [...MEMBER_PAGES, '/exercises', '/programs']) {
    // A fresh tab each time: a first load, as a member opening the page from a link.
    const page = await context.newPage();
    const { cls, shifts } = await shiftOnLoad(page, path);
    console.log(`${path}: CLS ${cls}${shifts.length ? `\n  ${shifts.join('\n  ')}` : ''}`);
    if (cls > LIMIT) found.push(`${path}: ${cls}`);
    await page.close();
  }
  expect(found).toEqual([]);
  await context.close();
});
