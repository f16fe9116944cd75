import type { BusinessCohorts, BusinessNow, BusinessOverTime, BusinessPeriod } from '@core28/core/business';

// A realistic small business for the page's tests and screenshots, in core's shapes: a year of
// growth with upgrades, downgrades, churn, a returning member, trials and failed payments.
// Deterministic (no randomness), so screenshots compare.

export const FIXTURE_NOW: BusinessNow = {
  currency: 'USD',
  at: '2026-12-07T09:30:00.000Z',
  mrrCents: 322_968,
  paying: 231,
  arpuCents: 1_398,
  byPlan: [
    { planId: 'daily-core-monthly', paying: 142, mrrCents: 141_858 },
    { planId: 'daily-core-yearly', paying: 38, mrrCents: 31_654 },
    { planId: 'burn-monthly', paying: 44, mrrCents: 131_956 },
    { planId: 'burn-yearly', paying: 7, mrrCents: 17_500 },
  ],
  trials: 57,
  cancelling: { members: 9, mrrCents: 11_991 },
  failing: { members: 4, mrrCents: 6_996 },
};

const addMonths = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1)).toISOString().slice(0, 10);
};
const addDays = (day: string, n: number) =>
  new Date(new Date(`${day}T00:00:00Z`).getTime() + n * 86_400_000).toISOString().slice(0, 10);

/** Twelve periods whose balances hold: each MRR end is its start plus its movements. */
export function fixturePeriods(by: 'month' | 'week', firstStart: string, count = 12): BusinessPeriod[] {
  const scale = by === 'month' ? 1 : 0.25;
  let mrr = by === 'month' ? 98_000 : 372_000;
  let paying = by === 'month' ? 62 : 210;
  return Array.from({ length: count }, (_, i) => {
    const start = by === 'month' ? addMonths(firstStart, i) : addDays(firstStart, i * 7);
    const end = by === 'month' ? addMonths(firstStart, i + 1) : addDays(firstStart, (i + 1) * 7);
    const newMembers = Math.round((18 + (i % 4) * 3) * scale);
    const churnedMembers = Math.round((4 + (i % 3)) * scale);
    const reactivatedMembers = i % 5 === 2 ? 1 : 0;
    const newMrr = newMembers * 1_420;
    const reactivation = reactivatedMembers * 999;
    const expansion = Math.round((6 + (i % 3) * 2) * scale) * 2_000;
    const contraction = Math.round((2 + (i % 2)) * scale) * 1_000;
    const churn = churnedMembers * 1_300;
    const mrrStart = mrr;
    mrr = mrrStart + newMrr + reactivation + expansion - contraction - churn;
    const payingStart = paying;
    paying = payingStart + newMembers + reactivatedMembers - churnedMembers;
    const trialStarts = Math.round((40 + (i % 5) * 4) * scale);
    // The last periods' trials have not all ended yet: a lower conversion so far.
    const trialConversions = Math.round(trialStarts * (i >= count - 2 ? 0.18 : 0.34));
    const paymentsFailed = Math.round((5 + (i % 2)) * scale);
    const paymentsLost = Math.round(paymentsFailed * 0.3);
    return {
      start,
      end,
      mrrStartCents: mrrStart,
      mrrEndCents: mrr,
      newMrrCents: newMrr,
      expansionMrrCents: expansion,
      contractionMrrCents: contraction,
      churnMrrCents: churn,
      reactivationMrrCents: reactivation,
      payingStart,
      payingEnd: paying,
      newMembers,
      churnedMembers,
      reactivatedMembers,
      logoChurnRate: payingStart ? churnedMembers / payingStart : null,
      revenueChurnRate: mrrStart ? (churn + contraction) / mrrStart : null,
      trialStarts,
      trialConversions,
      trialConversionRate: trialStarts ? trialConversions / trialStarts : null,
      paymentsFailed,
      paymentsRecovered: paymentsFailed - paymentsLost,
      paymentsLost,
      collectedCents: Math.round(mrrStart * 1.08),
      refundedCents: i % 4 === 1 ? 2_999 : 0,
    };
  });
}

export const fixtureOverTime = (by: 'month' | 'week', from: string, to: string): BusinessOverTime => ({
  currency: 'USD',
  from,
  to,
  by,
  periods: fixturePeriods(by, by === 'month' ? `${from.slice(0, 7)}-01` : from),
});

/** Sign-up months from `firstMonth` to the 12th after: the later the cohort, the shorter its row. */
export function fixtureCohorts(firstMonth = '2026-01', count = 12): BusinessCohorts {
  const cohorts = Array.from({ length: count }, (_, i) => {
    const cohort = addMonths(`${firstMonth}-01`, i).slice(0, 7);
    const members = 80 + ((i * 37) % 60);
    const months = count - i;
    const paying = Array.from({ length: months }, (_, m) => Math.max(0, 0.42 - m * 0.028 - (i % 3) * 0.02));
    const training = Array.from({ length: months }, (_, m) => Math.max(0, 0.93 * 0.8 ** m));
    const day1 = Math.round(members * 0.91);
    return {
      cohort,
      members,
      paying,
      training,
      funnel: {
        day1,
        day7: Math.round(day1 * 0.72),
        day14: Math.round(day1 * 0.55),
        day21: Math.round(day1 * 0.44),
        day28: months > 1 ? Math.round(day1 * 0.36) : Math.round(day1 * 0.1),
        round2: months > 1 ? Math.round(day1 * 0.19) : 0,
      },
    };
  });
  return { from: `${firstMonth}-01`, to: '2026-12-07', computedAt: '2026-12-07T03:00:00.000Z', cohorts };
}

/** A business on its first day: every figure zero, no cohort. */
export const EMPTY_FIXTURE = {
  now: {
    currency: 'USD',
    at: '2026-12-07T09:30:00.000Z',
    mrrCents: 0,
    paying: 0,
    arpuCents: 0,
    // As the server answers: every plan listed, 0 when none.
    byPlan: [
      { planId: 'daily-core-monthly', paying: 0, mrrCents: 0 },
      { planId: 'daily-core-yearly', paying: 0, mrrCents: 0 },
      { planId: 'burn-monthly', paying: 0, mrrCents: 0 },
      { planId: 'burn-yearly', paying: 0, mrrCents: 0 },
    ],
    trials: 0,
    cancelling: { members: 0, mrrCents: 0 },
    failing: { members: 0, mrrCents: 0 },
  } satisfies BusinessNow,
  overTime: (by: 'month' | 'week', from: string, to: string): BusinessOverTime => ({
    currency: 'USD',
    from,
    to,
    by,
    periods: fixturePeriods(by, by === 'month' ? `${from.slice(0, 7)}-01` : from).map((p) => ({
      ...p,
      mrrStartCents: 0,
      mrrEndCents: 0,
      newMrrCents: 0,
      expansionMrrCents: 0,
      contractionMrrCents: 0,
      churnMrrCents: 0,
      reactivationMrrCents: 0,
      payingStart: 0,
      payingEnd: 0,
      newMembers: 0,
      churnedMembers: 0,
      reactivatedMembers: 0,
      logoChurnRate: null,
      revenueChurnRate: null,
      trialStarts: 0,
      trialConversions: 0,
      trialConversionRate: null,
      paymentsFailed: 0,
      paymentsRecovered: 0,
      paymentsLost: 0,
      collectedCents: 0,
      refundedCents: 0,
    })),
  }),
  cohorts: { from: '2026-01-01', to: '2026-12-07', computedAt: null, cohorts: [] } satisfies BusinessCohorts,
};
