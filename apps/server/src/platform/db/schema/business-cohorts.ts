import { date, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';

// The owner's cohorts (docs/decisions/0028), kept by a nightly job: a month's figures are frozen
// once computed a day after that month ended, so the job recomputes only what can still change.

/** A sign-up month's members (UTC, staff left out) and their first round's funnel. */
export const businessCohorts = pgTable('business_cohorts', {
  /** The first day of the sign-up month. */
  cohort: date('cohort', { mode: 'string' }).primaryKey(),
  members: integer('members').notNull(),
  /** Members who completed these days of their first round (round number 1). */
  day1: integer('day1').notNull().default(0),
  day7: integer('day7').notNull().default(0),
  day14: integer('day14').notNull().default(0),
  day21: integer('day21').notNull().default(0),
  day28: integer('day28').notNull().default(0),
  /** Members who started a second round. */
  round2: integer('round2').notNull().default(0),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
});

/** One month of a cohort (the sign-up month and each after): who paid at its end, who trained in it. */
export const businessCohortMonths = pgTable(
  'business_cohort_months',
  {
    cohort: date('cohort', { mode: 'string' }).notNull(),
    /** The first day of the month these figures are of. */
    month: date('month', { mode: 'string' }).notNull(),
    /** Paying at the month's end (its last ledger entry before then left MRR); this month: now. */
    paying: integer('paying').notNull().default(0),
    /** Completed at least one day in the month (UTC). */
    training: integer('training').notNull().default(0),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.cohort, t.month] }),
    index('business_cohort_months_month_idx').on(t.month),
  ],
);
