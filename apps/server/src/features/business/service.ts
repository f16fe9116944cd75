import {
  BUSINESS_CURRENCY,
  type BusinessCohort,
  type BusinessCohorts,
  type BusinessNow,
  type BusinessOverTime,
  type BusinessPeriod,
} from '@core28/core/business';
import {
  defaultCohortRange,
  defaultPeriodRange,
  monthsBetween,
  type PeriodUnit,
  periodsBetween,
  rateOf,
  utcDay,
} from '@core28/core/business-periods';
import { CHECKOUT_PLAN_IDS } from '@core28/core/plans';
import { sql } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { rowsOf } from '../../platform/db/index.ts';
import { COHORTS_FOLD } from './cohorts.ts';
import { FOLD_FRESH_SECONDS, foldBusinessDays } from './fold.ts';
import { COHORTS_QUEUE } from './jobs.ts';

// The owner's figures (/admin/business), each read from a few rows kept for it: business_now's
// counters, business_days's sums, the cohorts snapshot. Nothing here reads plan_ledger's history.

/** Now: business_now's shards summed, kept exact in each ledger entry's own transaction. */
export async function getBusinessNow({ db, now }: Pick<Deps, 'db' | 'now'>): Promise<BusinessNow> {
  const rows = await rowsOf<{
    planKey: string;
    paying: number;
    mrr: number;
    trials: number;
    cancelling: number;
    cancellingMrr: number;
    failing: number;
    failingMrr: number;
  }>(
    db,
    sql`select plan_key as "planKey", sum(paying)::int as paying, sum(mrr_cents)::float8 as mrr,
          sum(trials)::int as trials, sum(cancelling)::int as cancelling,
          sum(cancelling_mrr_cents)::float8 as "cancellingMrr", sum(failing)::int as failing,
          sum(failing_mrr_cents)::float8 as "failingMrr"
        from business_now group by plan_key`,
  );
  const total = (key: keyof (typeof rows)[number]) => rows.reduce((sum, row) => sum + Number(row[key]), 0);
  const mrrCents = total('mrr');
  const paying = total('paying');
  const byKey = new Map(rows.map((row) => [row.planKey, row]));
  return {
    currency: BUSINESS_CURRENCY,
    at: now().toISOString(),
    mrrCents,
    paying,
    arpuCents: paying > 0 ? Math.round(mrrCents / paying) : 0,
    byPlan: CHECKOUT_PLAN_IDS.map((planId) => ({
      planId,
      paying: byKey.get(planId)?.paying ?? 0,
      mrrCents: byKey.get(planId)?.mrr ?? 0,
    })),
    trials: total('trials'),
    cancelling: { members: total('cancelling'), mrrCents: total('cancellingMrr') },
    failing: { members: total('failing'), mrrCents: total('failingMrr') },
  };
}

type DaySums = Omit<
  BusinessPeriod,
  | 'start'
  | 'end'
  | 'mrrStartCents'
  | 'mrrEndCents'
  | 'payingStart'
  | 'payingEnd'
  | 'logoChurnRate'
  | 'revenueChurnRate'
  | 'trialConversionRate'
> & { payingDelta: number; mrrDeltaCents: number };

/**
 * Over time: business_days grouped into the range's periods in one statement over the days up to
 * its end (the days before it summed into one row: the balances at its start). Today's entries
 * count once folded: a read folds first when the last run is over a minute old (a few of today's
 * rows, without waiting for a run under way), so a figure is at most a minute behind the ledger.
 */
export async function getBusinessOverTime(
  deps: Pick<Deps, 'db' | 'now' | 'reports'>,
  query: { from?: string | undefined; to?: string | undefined; by: PeriodUnit },
): Promise<BusinessOverTime> {
  const { from, to } = defaultPeriodRange(query, utcDay(deps.now()));
  const by = query.by;
  // The fold writes, on the primary; the figures are read where reports read (a replica).
  await foldBusinessDays(deps, { ifOlderThanSeconds: FOLD_FRESH_SECONDS, skipIfBusy: true });
  const reads = deps.reports.db();
  const rows = await rowsOf<DaySums & { start: string | null }>(
    reads,
    sql`select case when day < ${from}::date then null
              else greatest(date_trunc(${by}, day)::date, ${from}::date)::text end as start,
          sum(paying_delta)::int as "payingDelta", sum(mrr_delta_cents)::float8 as "mrrDeltaCents",
          sum(new_mrr_cents)::float8 as "newMrrCents", sum(expansion_mrr_cents)::float8 as "expansionMrrCents",
          sum(contraction_mrr_cents)::float8 as "contractionMrrCents", sum(churn_mrr_cents)::float8 as "churnMrrCents",
          sum(reactivation_mrr_cents)::float8 as "reactivationMrrCents", sum(new_members)::int as "newMembers",
          sum(churned_members)::int as "churnedMembers", sum(reactivated_members)::int as "reactivatedMembers",
          sum(trial_starts)::int as "trialStarts", sum(trial_conversions)::int as "trialConversions",
          sum(payments_failed)::int as "paymentsFailed", sum(payments_recovered)::int as "paymentsRecovered",
          sum(payments_lost)::int as "paymentsLost", sum(collected_cents)::float8 as "collectedCents",
          sum(refunded_cents)::float8 as "refundedCents"
        from business_days where day <= ${to}::date group by 1`,
  );
  const byStart = new Map(rows.map((row) => [row.start, row]));
  let mrr = byStart.get(null)?.mrrDeltaCents ?? 0;
  let paying = byStart.get(null)?.payingDelta ?? 0;
  const periods = periodsBetween(from, to, by).map(({ start, end }): BusinessPeriod => {
    const sums = byStart.get(start) ?? EMPTY_SUMS;
    const { payingDelta, mrrDeltaCents, ...figures } = sums;
    const period: BusinessPeriod = {
      start,
      end,
      ...figures,
      mrrStartCents: mrr,
      mrrEndCents: mrr + mrrDeltaCents,
      payingStart: paying,
      payingEnd: paying + payingDelta,
      logoChurnRate: rateOf(figures.churnedMembers, paying),
      revenueChurnRate: rateOf(figures.churnMrrCents + figures.contractionMrrCents, mrr),
      trialConversionRate: rateOf(figures.trialConversions, figures.trialStarts),
    };
    mrr += mrrDeltaCents;
    paying += payingDelta;
    return period;
  });
  return { currency: BUSINESS_CURRENCY, from, to, by, periods };
}

const EMPTY_SUMS: DaySums = {
  payingDelta: 0,
  mrrDeltaCents: 0,
  newMrrCents: 0,
  expansionMrrCents: 0,
  contractionMrrCents: 0,
  churnMrrCents: 0,
  reactivationMrrCents: 0,
  newMembers: 0,
  churnedMembers: 0,
  reactivatedMembers: 0,
  trialStarts: 0,
  trialConversions: 0,
  paymentsFailed: 0,
  paymentsRecovered: 0,
  paymentsLost: 0,
  collectedCents: 0,
  refundedCents: 0,
};

/**
 * Cohorts from the nightly snapshot. Never computed: the job is sent and the answer says so
 * (`computedAt: null`); computing inline could take seconds at a million members.
 */
export async function getBusinessCohorts(
  deps: Pick<Deps, 'db' | 'now' | 'jobs'>,
  query: { from?: string | undefined; to?: string | undefined },
): Promise<BusinessCohorts> {
  const { from, to } = defaultCohortRange(query, utcDay(deps.now()));
  const [fold] = await rowsOf<{ at: string }>(
    deps.db,
    sql`select folded_at as at from business_folds where name = ${COHORTS_FOLD}`,
  );
  if (!fold) {
    await deps.jobs.enqueue(COHORTS_QUEUE, {}, { singletonKey: COHORTS_QUEUE });
    deps.jobs.wake(COHORTS_QUEUE);
    return { from, to, computedAt: null, cohorts: [] };
  }
  const cohortMonths = monthsBetween(from, to);
  const rows = await rowsOf<{
    cohort: string;
    members: number;
    funnel: BusinessCohort['funnel'];
    paying: number[] | null;
    training: number[] | null;
  }>(
    deps.db,
    sql`select to_char(c.cohort, 'YYYY-MM') as cohort, c.members,
          json_build_object('day1', c.day1, 'day7', c.day7, 'day14', c.day14, 'day21', c.day21,
            'day28', c.day28, 'round2', c.round2) as funnel,
          array_agg(m.paying order by m.month) filter (where m.month is not null) as paying,
          array_agg(m.training order by m.month) filter (where m.month is not null) as training
        from business_cohorts c
        left join business_cohort_months m on m.cohort = c.cohort
        where c.cohort >= ${cohortMonths[0] ?? from}::date and c.cohort <= ${to}::date and c.members > 0
        group by c.cohort order by c.cohort`,
  );
  const share = (count: number, members: number) => count / members;
  return {
    from,
    to,
    computedAt: new Date(fold.at).toISOString(),
    cohorts: rows.map((row) => ({
      cohort: row.cohort,
      members: row.members,
      paying: (row.paying ?? []).map((n) => share(n, row.members)),
      training: (row.training ?? []).map((n) => share(n, row.members)),
      funnel: row.funnel,
    })),
  };
}
