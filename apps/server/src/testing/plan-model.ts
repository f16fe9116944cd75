import { type LedgerState, replayLedger, stateDifferences } from '@core28/core/plan-ledger';
import { addInterval, type CheckoutPlanId, checkoutPlan } from '@core28/core/plans';
import { inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { expect } from 'vitest';
import type { DbOrTx } from '../platform/db/index.ts';
import { planLedger } from '../platform/db/schema.ts';
import { ledgerOf, ledgerStateOfMember, liveFigures } from './ledger.ts';

// The plan ledger's property tests' reference (ledger-property.test.ts, stripe-ledger-property
// .test.ts): each member's subscription as a provider keeps it, advanced by time, and the plan
// and figures it means, computed here from first principles; then the comparison with what the
// app wrote.

/** Plans to pick, monthly ones more often, so renewals (and their failures) come within a history. */
export const planArb: fc.Arbitrary<CheckoutPlanId> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom<CheckoutPlanId>('daily-core-monthly', 'burn-monthly') },
  { weight: 1, arbitrary: fc.constantFrom<CheckoutPlanId>('daily-core-yearly', 'burn-yearly') },
);

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export type Sub = {
  plan: CheckoutPlanId;
  periodEnd: Date;
  cancelAtEnd: boolean;
  scheduled: CheckoutPlanId | null;
  pastDue: boolean;
  failedAt: Date | null;
  canceled: boolean;
};
export type Member = {
  userId: string;
  cookie: string;
  /** The provider's customer and subscription, once they have one. */
  customerId: string | null;
  subscriptionId?: string;
  trialEnd: Date | null;
  sub: Sub | null;
  cardOk: boolean;
};

/** A plan's monthly amount: its price, a yearly price over twelve months (to the cent). */
export const monthly = (plan: CheckoutPlanId) => {
  const { interval, amountCents } = checkoutPlan(plan);
  return interval === 'year' ? Math.round(amountCents / 12) : amountCents;
};
/** A higher tier, or yearly billing of the same tier, is an upgrade (now); the rest wait for the period end. */
export const isUpgrade = (from: CheckoutPlanId, to: CheckoutPlanId) => {
  const rank = (plan: CheckoutPlanId) => (checkoutPlan(plan).plan.slug === 'burn' ? 2 : 1);
  return rank(to) !== rank(from) ? rank(to) > rank(from) : checkoutPlan(to).interval === 'year';
};

/** Each period that ended renews (the scheduled plan, paid if a card is on file) or ends the plan. */
export function advance(m: Member, now: Date) {
  const sub = m.sub;
  while (sub && !sub.canceled && sub.periodEnd <= now) {
    if (sub.pastDue || sub.cancelAtEnd) {
      sub.canceled = true;
      break;
    }
    sub.plan = sub.scheduled ?? sub.plan;
    sub.scheduled = null;
    const start = sub.periodEnd;
    sub.periodEnd = addInterval(start, checkoutPlan(sub.plan).interval);
    if (!m.cardOk) {
      sub.pastDue = true;
      sub.failedAt = start;
    }
  }
}

export type Expected = Pick<LedgerState, 'status' | 'planId' | 'mrrCents' | 'cancelling' | 'failing'>;
export const NONE: Expected = {
  status: 'none',
  planId: null,
  mrrCents: 0,
  cancelling: false,
  failing: false,
};

/** The member's plan now: a failing renewal keeps it for the grace, a cancellation until the period end. */
export function expectedOf(m: Member, now: Date, graceDays: number): Expected {
  const sub = m.sub;
  if (sub && !sub.canceled) {
    const paying = { status: 'paying' as const, planId: sub.plan, mrrCents: monthly(sub.plan) };
    if (!sub.pastDue) return { ...paying, cancelling: sub.cancelAtEnd, failing: false };
    const isKept = (sub.failedAt?.getTime() ?? 0) + graceDays * DAY > now.getTime();
    return isKept ? { ...paying, cancelling: sub.cancelAtEnd, failing: true } : NONE;
  }
  if (!sub && m.trialEnd && m.trialEnd > now) return { ...NONE, status: 'trial' };
  return NONE;
}

/** What the histories went through, so the property is known to have met each case. */
export const seen = new Set<string>();
/** What a property's histories must have met: every state the figures count and every kind. */
export const EVERY_CASE = [
  'trial',
  'paying',
  'failing',
  'cancelling',
  'trial_started',
  'trial_converted:new',
  'trial_expired',
  'subscribed:new',
  'subscribed:reactivation',
  'plan_changed:expansion',
  'plan_changed:contraction',
  'cancellation_scheduled',
  'cancellation_withdrawn',
  'renewed',
  'payment_failed',
  'payment_recovered',
  'grace_ended:churn',
  'plan_ended:churn',
  'invoice_paid',
  'refunded',
];

export async function compare(
  db: DbOrTx,
  { members, now, graceDays, step }: { members: Member[]; now: Date; graceDays: number; step: string },
) {
  const expected = members.map((m) => expectedOf(m, now, graceDays));
  for (const e of expected) {
    seen.add(e.status);
    if (e.failing) seen.add('failing');
    if (e.cancelling) seen.add('cancelling');
  }
  for (const [i, m] of members.entries()) {
    const stored = await ledgerStateOfMember(db, m.userId);
    const state = stored ? { ...stored, periodEnd: stored.periodEnd } : { ...NONE, periodEnd: null };
    const replayed = replayLedger(
      (await ledgerOf(db, m.userId)).map((e) => ({
        kind: e.kind,
        after: {
          status: e.statusAfter,
          planId: e.planAfter,
          mrrCents: e.mrrAfterCents,
          periodEnd: e.periodEndAfter,
          cancelling: e.cancellingAfter,
          failing: e.failingAfter,
        },
      })),
    );
    const want = { ...expected[i]!, periodEnd: null };
    expect(stateDifferences(state, want), `${step}: member ${i}'s ledger state`).toEqual([]);
    expect(stateDifferences(replayed, want), `${step}: member ${i}'s replayed ledger`).toEqual([]);
  }
  const live = await liveFigures(db);
  const paying = expected.filter((e) => e.status === 'paying');
  const byPlan: Record<string, number> = {};
  for (const e of paying) byPlan[e.planId!] = (byPlan[e.planId!] ?? 0) + 1;
  expect(live, `${step}: business_now`).toEqual({
    paying: paying.length,
    mrrCents: paying.reduce((sum, e) => sum + e.mrrCents, 0),
    trials: expected.filter((e) => e.status === 'trial').length,
    cancelling: paying.filter((e) => e.cancelling).length,
    cancellingMrrCents: paying.filter((e) => e.cancelling).reduce((sum, e) => sum + e.mrrCents, 0),
    failing: paying.filter((e) => e.failing).length,
    failingMrrCents: paying.filter((e) => e.failing).reduce((sum, e) => sum + e.mrrCents, 0),
    byPlan,
  });
}

/** The entries of the run: chained state to state, MRR movements summing to the MRR now. */
export async function checkEntries(db: DbOrTx, members: Member[]) {
  const userIds = members.map((m) => m.userId);
  const entries = await db.select().from(planLedger).where(inArray(planLedger.userId, userIds));
  for (const e of entries) seen.add(e.movement ? `${e.kind}:${e.movement}` : e.kind);
  let balance = 0;
  for (const m of members) {
    const own = entries.filter((e) => e.userId === m.userId).sort((a, b) => a.seq - b.seq);
    let previous = { status: 'none', mrr: 0 };
    let paid = false;
    for (const e of own) {
      expect({ status: e.statusBefore, mrr: e.mrrBeforeCents }).toEqual(previous);
      const delta = e.mrrAfterCents - e.mrrBeforeCents;
      const movement =
        delta === 0
          ? null
          : e.mrrBeforeCents === 0
            ? paid
              ? 'reactivation'
              : 'new'
            : e.mrrAfterCents === 0
              ? 'churn'
              : delta > 0
                ? 'expansion'
                : 'contraction';
      expect(e.movement, `${e.kind} of member ${m.userId}`).toBe(movement);
      if (e.mrrAfterCents > 0) paid = true;
      balance += delta;
      previous = { status: e.statusAfter, mrr: e.mrrAfterCents };
    }
  }
  return { entries, balance };
}
