import { type CheckoutPlanId, checkoutPlan, checkoutPlanId, PLANS } from './plans.ts';
import { determineSubscription, PAYMENT_GRACE_DAYS, type SubscriberRow } from './subscriptions.ts';

// The plan ledger (docs/decisions/0028): every change of a member's plan state is an
// append-only entry carrying the monthly recurring revenue before and after. The business
// figures are sums of these entries, so one pure rule here decides what a change is.

export const LEDGER_KINDS = [
  'trial_started',
  'trial_converted',
  'trial_expired',
  'subscribed',
  'plan_changed',
  'cancellation_scheduled',
  'cancellation_withdrawn',
  'renewed',
  'payment_failed',
  'payment_recovered',
  'grace_ended',
  'plan_ended',
  // Money moved without a change of plan: an invoice paid (a renewal, an upgrade's proration)
  // and a refund. They carry `amountCents` (negative for a refund) and the same MRR before and after.
  'invoice_paid',
  'refunded',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** MRR movements as Lago, ChartMogul and Stripe name them. */
export const MOVEMENTS = ['new', 'expansion', 'contraction', 'churn', 'reactivation'] as const;
export type Movement = (typeof MOVEMENTS)[number];

/** A member's plan as the ledger sees it; the state an entry leaves behind. */
export type LedgerState = {
  status: 'none' | 'trial' | 'paying';
  planId: CheckoutPlanId | null;
  mrrCents: number;
  /** The end of the current paid period (or of the trial): a later one with the same plan is a renewal. */
  periodEnd: Date | null;
  /** A cancellation is scheduled for the period end (MRR at risk). */
  cancelling: boolean;
  /** A renewal failed and the plan is kept in its grace while the provider retries. */
  failing: boolean;
};

export const NO_PLAN: LedgerState = {
  status: 'none',
  planId: null,
  mrrCents: 0,
  periodEnd: null,
  cancelling: false,
  failing: false,
};

/** Monthly recurring revenue of a plan: a yearly plan counts one twelfth a month (rounded to the cent). */
export function mrrOf(planId: CheckoutPlanId | null): number {
  if (!planId) return 0;
  const { interval, amountCents } = checkoutPlan(planId);
  return interval === 'year' ? Math.round(amountCents / 12) : amountCents;
}

/** What a subscribers row says the plan is at `at`; rows paid before plans were recorded count as monthly. */
export type LedgerRow = SubscriberRow & {
  planId: CheckoutPlanId | null;
  cancelAtPeriodEnd: boolean;
};

export function ledgerStateOf(
  row: LedgerRow | null,
  { at, graceDays = PAYMENT_GRACE_DAYS }: { at: Date; graceDays?: number },
): LedgerState {
  if (!row) return NO_PLAN;
  const state = determineSubscription(row, { emailConfirmed: false, now: at, graceDays });
  if (!state.subscribed) return NO_PLAN;
  if (state.is_trial) return { ...NO_PLAN, status: 'trial', periodEnd: row.trialEnd };
  const planId =
    row.planId ??
    (() => {
      const plan = PLANS.find((p) => p.tier === row.subscriptionTier);
      return plan ? checkoutPlanId(plan.slug, 'month') : null;
    })();
  if (!planId) return NO_PLAN;
  return {
    status: 'paying',
    planId,
    mrrCents: mrrOf(planId),
    periodEnd: row.subscriptionEnd,
    cancelling: row.cancelAtPeriodEnd,
    failing: row.paymentFailedAt !== null,
  };
}

/** One entry as the pure rule produces it; the writer adds ids, provider ids and the time it was recorded. */
export type LedgerChange = {
  kind: LedgerKind;
  before: LedgerState;
  after: LedgerState;
  movement: Movement | null;
};

/** The MRR movement of a change; `hasPaidBefore`: the member paid at some time before it (a return). */
export function movementOf(before: number, after: number, hasPaidBefore: boolean): Movement | null {
  if (before === after) return null;
  if (before === 0) return hasPaidBefore ? 'reactivation' : 'new';
  if (after === 0) return 'churn';
  return after > before ? 'expansion' : 'contraction';
}

/**
 * The entries that take the ledger from `before` (its last state) to `after` (the row's state
 * now), in order, each from the state the previous one left. `endedByGrace`: a paid plan that
 * stops was ended by its failed payments' grace rather than by a cancellation or the period end.
 */
export function changesBetween(
  before: LedgerState,
  after: LedgerState,
  { hasPaidBefore, endedByGrace = false }: { hasPaidBefore: boolean; endedByGrace?: boolean },
): LedgerChange[] {
  const changes: LedgerChange[] = [];
  let current = before;
  let paid = hasPaidBefore;
  const step = (kind: LedgerKind, next: LedgerState) => {
    changes.push({
      kind,
      before: current,
      after: next,
      movement: movementOf(current.mrrCents, next.mrrCents, paid),
    });
    if (next.mrrCents > 0) paid = true;
    current = next;
  };

  if (current.status === 'paying' && after.status !== 'paying')
    step(current.failing && endedByGrace ? 'grace_ended' : 'plan_ended', NO_PLAN);
  if (current.status === 'trial' && after.status !== 'trial')
    step(
      after.status === 'paying' ? 'trial_converted' : 'trial_expired',
      after.status === 'paying' ? after : NO_PLAN,
    );
  if (current.status === 'none' && after.status === 'trial') step('trial_started', after);
  if (current.status === 'none' && after.status === 'paying') step('subscribed', after);
  if (current.status !== 'paying' || after.status !== 'paying') return changes;

  if (current.planId !== after.planId)
    step('plan_changed', {
      ...current,
      planId: after.planId,
      mrrCents: after.mrrCents,
      periodEnd: after.periodEnd,
    });
  if (current.failing !== after.failing)
    step(after.failing ? 'payment_failed' : 'payment_recovered', { ...current, failing: after.failing });
  if (current.cancelling !== after.cancelling)
    step(after.cancelling ? 'cancellation_scheduled' : 'cancellation_withdrawn', {
      ...current,
      cancelling: after.cancelling,
    });
  const isLater = (after.periodEnd?.getTime() ?? 0) > (current.periodEnd?.getTime() ?? 0);
  // A period that moved on unpaid (a renewal that failed) is no renewal: its payment says so.
  if (isLater && current.planId === after.planId && !after.failing)
    step('renewed', { ...current, periodEnd: after.periodEnd });
  // Anything else (an earlier period end the provider corrected) is taken silently.
  if (current.periodEnd?.getTime() !== after.periodEnd?.getTime())
    current = { ...current, periodEnd: after.periodEnd };
  return changes;
}

/** A stored entry as the replay reads it. */
export type LedgerEntry = { kind: LedgerKind; after: LedgerState };

/**
 * A member's state after their entries in the order they were written (`ledger:verify` compares
 * it with their current plan). Money entries change nothing.
 */
export function replayLedger(entries: readonly LedgerEntry[]): LedgerState {
  let state = NO_PLAN;
  for (const entry of entries)
    if (entry.kind !== 'invoice_paid' && entry.kind !== 'refunded') state = entry.after;
  return state;
}

/** The differences between two states that matter to the figures (empty: the same). */
export function stateDifferences(a: LedgerState, b: LedgerState): string[] {
  const fields = ['status', 'planId', 'mrrCents', 'cancelling', 'failing'] as const;
  return fields
    .filter((field) => a[field] !== b[field])
    .map((field) => `${field}: ${a[field]} ≠ ${b[field]}`);
}
