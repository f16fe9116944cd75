import type { measureLighthouse } from './page-speed.ts';

/**
 * The page budgets: a page that misses one is listed at the end and the bench
 * exits with 1, so a regression cannot pass unnoticed (figures, never assertions in tests).
 */
export const BUDGETS = { rootJsBytes: 120 * 1024, performance: 95, signedInPerformance: 90, cls: 0.05 };
export const missedBudgets: string[] = [];

export function checkLighthouse(scores: Awaited<ReturnType<typeof measureLighthouse>>) {
  for (const r of scores) {
    if (r.page.startsWith('blank')) continue;
    const floor = r.page.includes('signed in') ? BUDGETS.signedInPerformance : BUDGETS.performance;
    if (r.score < floor)
      missedBudgets.push(
        `${r.page}: Lighthouse performance ${r.score} in its median run of ${r.scores.join(', ')} (budget ${floor}+)`,
      );
    if (r.cls >= BUDGETS.cls) missedBudgets.push(`${r.page}: CLS ${r.cls} (budget under ${BUDGETS.cls})`);
  }
}

export function reportBudgets() {
  if (missedBudgets.length === 0) return console.log('\nEvery page budget met.');
  console.log(`\nBudgets missed:\n${missedBudgets.map((line) => `  - ${line}`).join('\n')}`);
}
