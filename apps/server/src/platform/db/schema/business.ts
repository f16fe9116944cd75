import { LEDGER_KINDS, MOVEMENTS } from '@core28/core/plan-ledger';
import { CHECKOUT_PLAN_IDS } from '@core28/core/plans';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// The plan ledger and the business figures kept from it (docs/decisions/0028).

/**
 * Every change of a member's plan state, append-only (a trigger refuses UPDATE and DELETE),
 * written in the transaction that changes the plan. `user_id` has no foreign key: the ledger is
 * the business's financial record and outlives an erased account, which leaves only its opaque id.
 */
export const planLedger = pgTable(
  'plan_ledger',
  {
    /** The order entries were written in: a member's replay reads them by it. */
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    userId: text('user_id').notNull(),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    /** When the change took effect (a period's end for a plan that ended with it). */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    statusBefore: text('status_before', { enum: ['none', 'trial', 'paying'] }).notNull(),
    statusAfter: text('status_after', { enum: ['none', 'trial', 'paying'] }).notNull(),
    planBefore: text('plan_before', { enum: CHECKOUT_PLAN_IDS }),
    planAfter: text('plan_after', { enum: CHECKOUT_PLAN_IDS }),
    mrrBeforeCents: integer('mrr_before_cents').notNull(),
    mrrAfterCents: integer('mrr_after_cents').notNull(),
    cancellingAfter: boolean('cancelling_after').notNull().default(false),
    failingAfter: boolean('failing_after').notNull().default(false),
    periodEndAfter: timestamp('period_end_after', { withTimezone: true }),
    movement: text('movement', { enum: MOVEMENTS }),
    /** Money collected by this entry (an invoice paid), negative for a refund; 0 for the others. */
    amountCents: integer('amount_cents').notNull().default(0),
    /** On a trial's end (converted or expired): when that trial started, the week its conversion counts in. */
    trialStartedAt: timestamp('trial_started_at', { withTimezone: true }),
    provider: text('provider'),
    providerSubscriptionId: text('provider_subscription_id'),
    providerEventId: text('provider_event_id'),
    providerInvoiceId: text('provider_invoice_id'),
    /** A refund's charge: its refunds are told as the charge's running total, so each entry is the rise. */
    providerChargeId: text('provider_charge_id'),
  },
  (t) => [
    index('plan_ledger_user_idx').on(t.userId, t.seq),
    index('plan_ledger_occurred_idx').on(t.occurredAt),
    index('plan_ledger_recorded_idx').on(t.recordedAt),
    index('plan_ledger_conversions_idx').on(t.trialStartedAt).where(sql`${t.kind} = 'trial_converted'`),
    // An invoice is collected once, however often its event or its re-read comes.
    uniqueIndex('plan_ledger_invoice_paid_uq').on(t.providerInvoiceId).where(sql`${t.kind} = 'invoice_paid'`),
    index('plan_ledger_charge_idx').on(t.providerChargeId).where(sql`${t.kind} = 'refunded'`),
  ],
);

/**
 * Each member's plan as their last ledger entry left it: the "before" of their next change, so a
 * change found late (a trial that ran out hours ago) is still written from what the ledger knew.
 */
export const planLedgerStates = pgTable(
  'plan_ledger_states',
  {
    userId: text('user_id').primaryKey(),
    status: text('status', { enum: ['none', 'trial', 'paying'] }).notNull(),
    planId: text('plan_id', { enum: CHECKOUT_PLAN_IDS }),
    mrrCents: integer('mrr_cents').notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    cancelling: boolean('cancelling').notNull(),
    failing: boolean('failing').notNull(),
    /** The member has paid at some time: MRR coming back is a reactivation, not new. */
    hasPaid: boolean('has_paid').notNull(),
    /** When the running (or last) trial started: its conversion counts in the week it started. */
    trialStartedAt: timestamp('trial_started_at', { withTimezone: true }),
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
  },
  (t) => [
    // The sweep of time-based ends reads only the plans whose period (or trial) is over, and the
    // few whose payment is failing: two small index ranges at any number of members.
    index('plan_ledger_states_period_end_idx').on(t.periodEnd).where(sql`${t.status} <> 'none'`),
    index('plan_ledger_states_failing_idx').on(t.userId).where(sql`${t.failing}`),
  ],
);

/**
 * The figures of now, kept exact in the same transaction as each ledger entry (deltas of the
 * state before and after), so the owner's page reads a few rows at any number of members.
 * `plan_key` is a checkout plan id, or '' for what belongs to no plan (trials).
 */
export const businessNow = pgTable(
  'business_now',
  {
    planKey: text('plan_key').notNull(),
    shard: smallint('shard').notNull().default(0),
    paying: integer('paying').notNull().default(0),
    mrrCents: bigint('mrr_cents', { mode: 'number' }).notNull().default(0),
    trials: integer('trials').notNull().default(0),
    cancelling: integer('cancelling').notNull().default(0),
    cancellingMrrCents: bigint('cancelling_mrr_cents', { mode: 'number' }).notNull().default(0),
    failing: integer('failing').notNull().default(0),
    failingMrrCents: bigint('failing_mrr_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.planKey, t.shard] })],
);

/**
 * The ledger summed by day (UTC) and plan, recomputed by a job for every day that newly
 * recorded entries touch (so a late or backdated entry is counted on its own day). Balances
 * (MRR, paying members) are running sums of the deltas; movements are magnitudes.
 */
export const businessDays = pgTable(
  'business_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    planKey: text('plan_key').notNull(),
    payingDelta: integer('paying_delta').notNull().default(0),
    mrrDeltaCents: bigint('mrr_delta_cents', { mode: 'number' }).notNull().default(0),
    trialsDelta: integer('trials_delta').notNull().default(0),
    newMrrCents: bigint('new_mrr_cents', { mode: 'number' }).notNull().default(0),
    expansionMrrCents: bigint('expansion_mrr_cents', { mode: 'number' }).notNull().default(0),
    contractionMrrCents: bigint('contraction_mrr_cents', { mode: 'number' }).notNull().default(0),
    churnMrrCents: bigint('churn_mrr_cents', { mode: 'number' }).notNull().default(0),
    reactivationMrrCents: bigint('reactivation_mrr_cents', { mode: 'number' }).notNull().default(0),
    newMembers: integer('new_members').notNull().default(0),
    churnedMembers: integer('churned_members').notNull().default(0),
    reactivatedMembers: integer('reactivated_members').notNull().default(0),
    trialStarts: integer('trial_starts').notNull().default(0),
    /** Trials started this day whose member chose a paid plan before the trial ended. */
    trialConversions: integer('trial_conversions').notNull().default(0),
    paymentsFailed: integer('payments_failed').notNull().default(0),
    paymentsRecovered: integer('payments_recovered').notNull().default(0),
    paymentsLost: integer('payments_lost').notNull().default(0),
    collectedCents: bigint('collected_cents', { mode: 'number' }).notNull().default(0),
    refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.planKey] })],
);

/** When the days were last recomputed: the next run recomputes the days of entries recorded since. */
export const businessFolds = pgTable('business_folds', {
  name: text('name').primaryKey(),
  foldedAt: timestamp('folded_at', { withTimezone: true }).notNull(),
});
