import type { BusinessCohorts, BusinessNow, BusinessOverTime } from './business.ts';

// The owner's tables as CSV (RFC 4180, a header row): what `?format=csv` answers, and what the
// page could make from the same JSON. Amounts are in the currency's units with two decimals
// (the column names say which currency), rates and shares as fractions, blank when undefined.

type Cell = string | number | null;

const cell = (value: Cell) => {
  if (value === null) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};
const amount = (cents: number) => (cents / 100).toFixed(2);
const fraction = (rate: number | null) => (rate === null ? null : Number(rate.toFixed(6)));
const csv = (header: string[], rows: Cell[][]) =>
  `${[header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;

/** One line per plan, then a line for all plans with the trials, cancellations and failing payments. */
export function businessNowCsv(now: BusinessNow): string {
  const c = now.currency.toLowerCase();
  const header = [
    'plan',
    'paying',
    `mrr_${c}`,
    `arpu_${c}`,
    'trials',
    'cancelling',
    `cancelling_mrr_${c}`,
    'failing',
    `failing_mrr_${c}`,
  ];
  const arpu = (mrr: number, paying: number) => (paying > 0 ? amount(Math.round(mrr / paying)) : null);
  return csv(header, [
    ...now.byPlan.map((p) => [
      p.planId,
      p.paying,
      amount(p.mrrCents),
      arpu(p.mrrCents, p.paying),
      null,
      null,
      null,
      null,
      null,
    ]),
    [
      'all',
      now.paying,
      amount(now.mrrCents),
      amount(now.arpuCents),
      now.trials,
      now.cancelling.members,
      amount(now.cancelling.mrrCents),
      now.failing.members,
      amount(now.failing.mrrCents),
    ],
  ]);
}

/** One line per period. */
export function businessOverTimeCsv(figures: BusinessOverTime): string {
  const c = figures.currency.toLowerCase();
  const money = [
    'mrr_start',
    'mrr_end',
    'new_mrr',
    'expansion_mrr',
    'contraction_mrr',
    'churn_mrr',
    'reactivation_mrr',
  ];
  const header = [
    'start',
    'end',
    ...money.map((name) => `${name}_${c}`),
    'paying_start',
    'paying_end',
    'new_members',
    'churned_members',
    'reactivated_members',
    'logo_churn_rate',
    'revenue_churn_rate',
    'trial_starts',
    'trial_conversions',
    'trial_conversion_rate',
    'payments_failed',
    'payments_recovered',
    'payments_lost',
    `collected_${c}`,
    `refunded_${c}`,
  ];
  return csv(
    header,
    figures.periods.map((p) => [
      p.start,
      p.end,
      ...[
        p.mrrStartCents,
        p.mrrEndCents,
        p.newMrrCents,
        p.expansionMrrCents,
        p.contractionMrrCents,
        p.churnMrrCents,
        p.reactivationMrrCents,
      ].map(amount),
      p.payingStart,
      p.payingEnd,
      p.newMembers,
      p.churnedMembers,
      p.reactivatedMembers,
      fraction(p.logoChurnRate),
      fraction(p.revenueChurnRate),
      p.trialStarts,
      p.trialConversions,
      fraction(p.trialConversionRate),
      p.paymentsFailed,
      p.paymentsRecovered,
      p.paymentsLost,
      amount(p.collectedCents),
      amount(p.refundedCents),
    ]),
  );
}

/** One line per sign-up month: members, the funnel, then paying_m0…, training_m0… (month 0: sign-up's). */
export function businessCohortsCsv(figures: BusinessCohorts): string {
  const months = Math.max(0, ...figures.cohorts.map((c) => Math.max(c.paying.length, c.training.length)));
  const indexes = Array.from({ length: months }, (_, i) => i);
  const header = [
    'cohort',
    'members',
    'day1',
    'day7',
    'day14',
    'day21',
    'day28',
    'round2',
    ...indexes.map((i) => `paying_m${i}`),
    ...indexes.map((i) => `training_m${i}`),
  ];
  return csv(
    header,
    figures.cohorts.map((c) => [
      c.cohort,
      c.members,
      c.funnel.day1,
      c.funnel.day7,
      c.funnel.day14,
      c.funnel.day21,
      c.funnel.day28,
      c.funnel.round2,
      ...indexes.map((i) => fraction(c.paying[i] ?? null)),
      ...indexes.map((i) => fraction(c.training[i] ?? null)),
    ]),
  );
}
