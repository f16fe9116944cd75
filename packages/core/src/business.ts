import { z } from 'zod';
import { daysInRange } from './business-periods.ts';
import type { CheckoutPlanId } from './plans.ts';
import { BUSINESS_CURRENCY } from './plans.ts';

// The owner's business figures (/admin/business): the shapes the server answers and the page
// reads. Definitions with examples: docs/business-figures.md.

export { BUSINESS_CURRENCY };

/** The earliest and latest day a range may name: PostgreSQL has no year 0, and nobody asks for 3000. */
export const BUSINESS_FIRST_DAY = '2000-01-01';
export const BUSINESS_LAST_DAY = '2999-12-31';
/** The longest range one answer covers (10 years): by week, about 520 rows. */
export const BUSINESS_MAX_RANGE_DAYS = 3_653;

const BusinessDaySchema = z.iso
  .date({ message: 'Dates are written YYYY-MM-DD.' })
  .refine((d) => d >= BUSINESS_FIRST_DAY && d <= BUSINESS_LAST_DAY, {
    message: `Dates must be from ${BUSINESS_FIRST_DAY} to ${BUSINESS_LAST_DAY}.`,
  });

/** `?format=csv` answers the same figures as a CSV download. */
export const BUSINESS_FORMATS = ['json', 'csv'] as const;
const FormatSchema = z.enum(BUSINESS_FORMATS, { message: 'The format is json or csv.' }).default('json');

const isOrdered = (r: { from?: string | undefined; to?: string | undefined }) =>
  !r.from || !r.to || r.from <= r.to;
const isShortEnough = (r: { from?: string | undefined; to?: string | undefined }) =>
  !r.from || !r.to || daysInRange(r.from, r.to) <= BUSINESS_MAX_RANGE_DAYS;
const ORDER_MESSAGE = 'The start must not be after the end.';
const LENGTH_MESSAGE = 'The range must be at most 10 years.';

/** A date range in whole UTC days, `from` and `to` inclusive (YYYY-MM-DD). */
export const BusinessRangeSchema = z
  .object({ from: BusinessDaySchema.optional(), to: BusinessDaySchema.optional(), format: FormatSchema })
  .refine(isOrdered, { message: ORDER_MESSAGE })
  .refine(isShortEnough, { message: LENGTH_MESSAGE });
export type BusinessRange = z.infer<typeof BusinessRangeSchema>;

export const BusinessNowQuerySchema = z.object({ format: FormatSchema });

export const BusinessOverTimeQuerySchema = z
  .object({
    from: BusinessDaySchema.optional(),
    to: BusinessDaySchema.optional(),
    by: z.enum(['month', 'week'], { message: 'Group by month or week.' }).default('month'),
    format: FormatSchema,
  })
  .refine(isOrdered, { message: ORDER_MESSAGE })
  .refine(isShortEnough, { message: LENGTH_MESSAGE });
export type BusinessOverTimeQuery = z.infer<typeof BusinessOverTimeQuerySchema>;

/** Live from the ledger: a checkout shows here at the next page load. */
export type BusinessNow = {
  currency: typeof BUSINESS_CURRENCY;
  at: string;
  mrrCents: number;
  paying: number;
  /** MRR / paying members (0 with none). */
  arpuCents: number;
  byPlan: { planId: CheckoutPlanId; paying: number; mrrCents: number }[];
  trials: number;
  /** Cancellations scheduled for the period end: members and the MRR they take with them. */
  cancelling: { members: number; mrrCents: number };
  /** Renewals that failed, kept in their grace while the provider retries. */
  failing: { members: number; mrrCents: number };
};

/** One month or ISO week (Monday) of the ledger; `start` inclusive, `end` exclusive (YYYY-MM-DD). */
export type BusinessPeriod = {
  start: string;
  end: string;
  mrrStartCents: number;
  mrrEndCents: number;
  newMrrCents: number;
  expansionMrrCents: number;
  contractionMrrCents: number;
  churnMrrCents: number;
  reactivationMrrCents: number;
  payingStart: number;
  payingEnd: number;
  newMembers: number;
  churnedMembers: number;
  reactivatedMembers: number;
  /** churned members / paying at the start (null when none paid at the start). */
  logoChurnRate: number | null;
  /** (churn + contraction MRR) / MRR at the start: gross revenue churn (null without MRR at the start). */
  revenueChurnRate: number | null;
  trialStarts: number;
  /** Of the trials started in this period, how many converted (a paid plan chosen before the trial ended). */
  trialConversions: number;
  trialConversionRate: number | null;
  paymentsFailed: number;
  paymentsRecovered: number;
  /** Failed payments whose grace ended unpaid (the plan ended). */
  paymentsLost: number;
  collectedCents: number;
  refundedCents: number;
};

export type BusinessOverTime = {
  currency: typeof BUSINESS_CURRENCY;
  from: string;
  to: string;
  by: 'month' | 'week';
  periods: BusinessPeriod[];
};

/** A sign-up month's members and what became of them, month by month (index 0: the sign-up month). */
export type BusinessCohort = {
  /** YYYY-MM */
  cohort: string;
  members: number;
  /** Share (0–1) paying at the end of each month since sign-up (the current month: now). */
  paying: number[];
  /** Share (0–1) who completed at least one day in each month since sign-up. */
  training: number[];
  /** Members who completed these days of their first round, and who started a second round. */
  funnel: { day1: number; day7: number; day14: number; day21: number; day28: number; round2: number };
};

export type BusinessCohorts = {
  from: string;
  to: string;
  /** When the snapshot job last computed them. */
  computedAt: string | null;
  cohorts: BusinessCohort[];
};
