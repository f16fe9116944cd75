import type { measureLighthouse } from './page-speed.ts';

/**
 * The page budgets: a page that misses one is listed at the end and the bench
 * exits with 1, so a regression cannot pass unnoticed (figures, never assertions in tests).
 */
export const BUDGETS = {
  rootJsBytes: 120 * 1024,
  performance: 95,
  signedInPerformance: 90,
  cls: 0.05,
  /** The member's everyday pages on a phone (BENCH_ONLY=member): performance 95+, accessibility 100. */
  memberPerformance: 95,
  memberAccessibility: 100,
};
export const missedBudgets: string[] = [];

export function checkLighthouse(scores: Awaited<ReturnType<typeof measureLighthouse>>) {
  for (const r of scores) {
    if (r.page.startsWith('blank')) continue;
    const isMember = r.page.includes('(member');
    const floor = isMember
      ? BUDGETS.memberPerformance
      : r.page.includes('signed in')
        ? BUDGETS.signedInPerformance
        : BUDGETS.performance;
    if (isMember && r.accessibility < BUDGETS.memberAccessibility)
      missedBudgets.push(
        `${r.page}: Lighthouse accessibility ${r.accessibility} (${r.failedAccessibility.join(', ')}; budget ${BUDGETS.memberAccessibility})`,
      );
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
