import { describe, expect, it } from 'vitest';
import {
  changesBetween,
  type LedgerRow,
  type LedgerState,
  ledgerStateOf,
  movementOf,
  mrrOf,
  NO_PLAN,
  replayLedger,
  stateDifferences,
} from './plan-ledger.ts';

const END = new Date('2026-05-01T00:00:00Z');
const LATER = new Date('2026-06-01T00:00:00Z');
const paying = (over: Partial<LedgerState> = {}): LedgerState => ({
  status: 'paying',
  planId: 'daily-core-monthly',
  mrrCents: 999,
  periodEnd: END,
  cancelling: false,
  failing: false,
  ...over,
});
const trial: LedgerState = { ...NO_PLAN, status: 'trial', periodEnd: END };
const kinds = (before: LedgerState, after: LedgerState, hasPaidBefore = false, endedByGrace = false) =>
  changesBetween(before, after, { hasPaidBefore, endedByGrace }).map((c) =>
    c.movement ? `${c.kind}:${c.movement}` : c.kind,
  );

describe('MRR', () => {
  it('is the monthly price, a yearly price over twelve (to the cent), nothing without a plan', () => {
    expect(mrrOf('daily-core-monthly')).toBe(999);
    expect(mrrOf('daily-core-yearly')).toBe(833); // 9999 / 12 = 833.25
    expect(mrrOf('burn-yearly')).toBe(2500); // 29999 / 12 = 2499.92
    expect(mrrOf(null)).toBe(0);
  });

  it('movements: new, reactivation, expansion, contraction, churn, and none for no change', () => {
    expect(movementOf(0, 999, false)).toBe('new');
    expect(movementOf(0, 999, true)).toBe('reactivation');
    expect(movementOf(999, 2999, true)).toBe('expansion');
    expect(movementOf(2999, 833, true)).toBe('contraction');
    expect(movementOf(833, 0, true)).toBe('churn');
    expect(movementOf(999, 999, true)).toBeNull();
    expect(movementOf(0, 0, false)).toBeNull();
  });
});

describe('changes between two states', () => {
  it('names each kind', () => {
    expect(kinds(NO_PLAN, trial)).toEqual(['trial_started']);
    expect(kinds(trial, paying())).toEqual(['trial_converted:new']);
    expect(kinds(trial, NO_PLAN)).toEqual(['trial_expired']);
    expect(kinds(NO_PLAN, paying())).toEqual(['subscribed:new']);
    expect(kinds(NO_PLAN, paying(), true)).toEqual(['subscribed:reactivation']);
    expect(kinds(paying(), paying({ planId: 'burn-monthly', mrrCents: 2999 }))).toEqual([
      'plan_changed:expansion',
    ]);
    expect(kinds(paying(), paying({ cancelling: true }))).toEqual(['cancellation_scheduled']);
    expect(kinds(paying({ cancelling: true }), paying())).toEqual(['cancellation_withdrawn']);
    expect(kinds(paying(), paying({ periodEnd: LATER }))).toEqual(['renewed']);
    expect(kinds(paying(), paying({ failing: true }))).toEqual(['payment_failed']);
    expect(kinds(paying({ failing: true }), paying())).toEqual(['payment_recovered']);
    expect(kinds(paying({ failing: true }), NO_PLAN, true, true)).toEqual(['grace_ended:churn']);
    expect(kinds(paying(), NO_PLAN, true)).toEqual(['plan_ended:churn']);
    expect(kinds(paying(), paying())).toEqual([]);
  });

  it('chains several changes, each from the state the previous one left', () => {
    const after = paying({
      planId: 'burn-yearly',
      mrrCents: 2500,
      periodEnd: LATER,
      cancelling: true,
      failing: true,
    });
    const changes = changesBetween(paying(), after, { hasPaidBefore: true });
    expect(changes.map((c) => c.kind)).toEqual(['plan_changed', 'payment_failed', 'cancellation_scheduled']);
    for (let i = 1; i < changes.length; i++) expect(changes[i]!.before).toEqual(changes[i - 1]!.after);
    expect(changes.at(-1)!.after).toEqual(after);
    // A paid plan replaced by a trial is impossible; one that ended and a new one taken: end, then start.
    expect(kinds(paying(), trial, true)).toEqual(['plan_ended:churn', 'trial_started']);
  });

  it('a period that moved on unpaid is no renewal, and an earlier period end is taken silently', () => {
    expect(kinds(paying(), paying({ periodEnd: LATER, failing: true }))).toEqual(['payment_failed']);
    expect(kinds(paying({ periodEnd: LATER }), paying())).toEqual([]);
  });

  it('a renewal on a downgraded plan is the plan change (its period with it)', () => {
    const down = paying({ planId: 'daily-core-monthly', mrrCents: 999, periodEnd: LATER });
    expect(kinds(paying({ planId: 'burn-monthly', mrrCents: 2999 }), down, true)).toEqual([
      'plan_changed:contraction',
    ]);
  });
});

describe('a row read as a ledger state, and the replay', () => {
  const row = (over: Partial<LedgerRow>): LedgerRow => ({
    subscribed: true,
    subscriptionTier: 'The Daily Core',
    subscriptionEnd: END,
    isTrial: false,
    trialEnd: null,
    trialUsed: true,
    paymentFailedAt: null,
    planId: 'daily-core-yearly',
    cancelAtPeriodEnd: false,
    ...over,
  });
  const before = new Date('2026-04-20T00:00:00Z');

  it('paying until the period end, kept in a failed payment’s grace, a trial until its end', () => {
    expect(ledgerStateOf(row({}), { at: before })).toMatchObject({ status: 'paying', mrrCents: 833 });
    expect(ledgerStateOf(row({}), { at: END })).toEqual(NO_PLAN);
    const failing = row({ paymentFailedAt: new Date('2026-04-28T00:00:00Z') });
    expect(ledgerStateOf(failing, { at: new Date('2026-05-04T00:00:00Z'), graceDays: 7 })).toMatchObject({
      status: 'paying',
      failing: true,
    });
    expect(ledgerStateOf(failing, { at: new Date('2026-05-05T00:00:00Z'), graceDays: 7 })).toEqual(NO_PLAN);
    const onTrial = row({ isTrial: true, trialEnd: END, subscriptionTier: 'Feel and Burn', planId: null });
    expect(ledgerStateOf(onTrial, { at: before })).toEqual(trial);
    // A row paid before plans were recorded counts as its tier's monthly plan.
    expect(ledgerStateOf(row({ planId: null }), { at: before })).toMatchObject({
      planId: 'daily-core-monthly',
    });
  });

  it('replays to the last plan entry (money entries change nothing), compared on what the figures count', () => {
    const last = paying({ cancelling: true });
    const state = replayLedger([
      { kind: 'subscribed', after: paying() },
      { kind: 'cancellation_scheduled', after: last },
      { kind: 'refunded', after: NO_PLAN },
    ]);
    expect(state).toEqual(last);
    expect(stateDifferences(state, { ...last, periodEnd: null })).toEqual([]);
    expect(stateDifferences(state, paying())).toEqual(['cancelling: true ≠ false']);
  });
});
