import { describe, expect, it } from 'vitest';
import {
  type Capability,
  type Entitlements,
  entitlementsOf,
  has,
  mayTrainDay,
  planRequired,
  planRequiredMessage,
} from './entitlements.ts';
import { determineSubscription, type SubscriberRow } from './subscriptions.ts';

// The matrix of what each plan buys (docs/decisions/0021), from the subscriber row as the server
// stores it, through spec §4's determination, to the capabilities every route and page asks for.

const now = new Date('2026-03-10T12:00:00Z');
const second = 1000;
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
const row = (overrides: Partial<SubscriberRow> = {}): SubscriberRow => ({
  subscribed: false,
  subscriptionTier: null,
  subscriptionEnd: null,
  isTrial: false,
  trialEnd: null,
  trialUsed: false,
  paymentFailedAt: null,
  ...overrides,
});
const paid = (tier: 'The Daily Core' | '1-on-1 Burn', overrides: Partial<SubscriberRow> = {}) =>
  row({ subscribed: true, subscriptionTier: tier, subscriptionEnd: at(20 * 86_400_000), ...overrides });

/** Each state of the matrix, as a row (null: none) and who is asking. */
const STATES: Record<string, { row: SubscriberRow | null; isAdmin?: boolean }> = {
  'no plan, no row': { row: null },
  'no plan, a row (a paid sign-up that stopped at the payment step)': { row: row() },
  'spec §4 free tier (Feel and Burn, confirmed)': { row: row({ subscriptionTier: 'Feel and Burn' }) },
  'trial running': {
    row: row({ isTrial: true, trialUsed: true, subscriptionTier: 'Feel and Burn', trialEnd: at(second) }),
  },
  'trial ended': {
    row: row({ isTrial: true, trialUsed: true, subscriptionTier: 'Feel and Burn', trialEnd: now }),
  },
  'paid plan ended (cancelled)': { row: paid('The Daily Core', { subscribed: false }) },
  'paid plan ended (period over)': { row: paid('1-on-1 Burn', { subscriptionEnd: now }) },
  'past due, in grace': { row: paid('The Daily Core', { paymentFailedAt: at(-7 * 86_400_000 + second) }) },
  'past due, after grace': { row: paid('1-on-1 Burn', { paymentFailedAt: at(-7 * 86_400_000) }) },
  'The Daily Core': { row: paid('The Daily Core') },
  '1-on-1 Burn': { row: paid('1-on-1 Burn') },
  'Burn, lapsed, who never trialled': { row: paid('1-on-1 Burn', { subscribed: false }) },
  admin: { row: null, isAdmin: true },
};

type Row = Pick<Entitlements, 'standing' | 'train' | 'library' | 'reminders' | 'coaching' | 'trialAvailable'>;
const EXPECTED: Record<keyof typeof STATES, Row> = {
  'no plan, no row': {
    standing: 'free',
    train: 'taster',
    library: 'today',
    reminders: false,
    coaching: false,
    trialAvailable: true,
  },
  'no plan, a row (a paid sign-up that stopped at the payment step)': {
    standing: 'free',
    train: 'taster',
    library: 'today',
    reminders: false,
    coaching: false,
    trialAvailable: true,
  },
  'spec §4 free tier (Feel and Burn, confirmed)': {
    standing: 'free',
    train: 'taster',
    library: 'today',
    reminders: false,
    coaching: false,
    trialAvailable: true,
  },
  'trial running': {
    standing: 'trial',
    train: 'all',
    library: 'all',
    reminders: true,
    coaching: false,
    trialAvailable: false,
  },
  'trial ended': {
    standing: 'ended',
    train: 'none',
    library: 'none',
    reminders: false,
    coaching: false,
    trialAvailable: false,
  },
  'paid plan ended (cancelled)': {
    standing: 'ended',
    train: 'none',
    library: 'none',
    reminders: false,
    coaching: false,
    trialAvailable: true,
  },
  'paid plan ended (period over)': {
    standing: 'ended',
    train: 'none',
    library: 'none',
    reminders: false,
    coaching: false,
    trialAvailable: true,
  },
  'past due, in grace': {
    standing: 'daily-core',
    train: 'all',
    library: 'all',
    reminders: true,
    coaching: false,
    trialAvailable: false,
  },
  'past due, after grace': {
    standing: 'ended',
    train: 'none',
    library: 'none',
    reminders: false,
    coaching: false,
    trialAvailable: true,
  },
  'The Daily Core': {
    standing: 'daily-core',
    train: 'all',
    library: 'all',
    reminders: true,
    coaching: false,
    trialAvailable: false,
  },
  '1-on-1 Burn': {
    standing: 'burn',
    train: 'all',
    library: 'all',
    reminders: true,
    coaching: true,
    trialAvailable: false,
  },
  'Burn, lapsed, who never trialled': {
    standing: 'ended',
    train: 'none',
    library: 'none',
    reminders: false,
    coaching: false,
    trialAvailable: true,
  },
  admin: {
    standing: 'admin',
    train: 'all',
    library: 'all',
    reminders: true,
    coaching: true,
    trialAvailable: false,
  },
};

const entitlementsAt = (name: keyof typeof STATES, when: Date) => {
  const { row: r, isAdmin = false } = STATES[name]!;
  const state = r ? determineSubscription(r, { emailConfirmed: true, now: when }) : null;
  return entitlementsOf(state, { isAdmin, now: when });
};

describe('entitlementsOf: every state × capability', () => {
  for (const name of Object.keys(STATES)) {
    it(name, () => {
      const e = entitlementsAt(name, now);
      expect({
        standing: e.standing,
        train: e.train,
        library: e.library,
        reminders: e.reminders,
        coaching: e.coaching,
        trialAvailable: e.trialAvailable,
      }).toEqual(EXPECTED[name]);
    });
  }
});

describe('the boundaries', () => {
  it("a trial trains to its last second, and not at its end; the plan's state read earlier agrees", () => {
    const trialEnd = at(second);
    const trial = row({ isTrial: true, trialUsed: true, subscriptionTier: 'Feel and Burn', trialEnd });
    const readBefore = determineSubscription(trial, { emailConfirmed: true, now });
    expect(entitlementsOf(readBefore, { isAdmin: false, now }).train).toBe('all');
    expect(entitlementsOf(readBefore, { isAdmin: false, now: at(second - 1) }).train).toBe('all');
    // The same state, asked about at the trial's end, already refuses (a page left open, a job queued).
    expect(entitlementsOf(readBefore, { isAdmin: false, now: trialEnd })).toMatchObject({
      standing: 'ended',
      train: 'none',
    });
    expect(entitlementsOf(readBefore, { isAdmin: false, now }).until).toBe(trialEnd.toISOString());
  });

  it("a failed payment's grace holds to its last second; `until` is the grace's end when it comes first", () => {
    const failedAt = at(-7 * 86_400_000 + second);
    const failing = paid('1-on-1 Burn', { paymentFailedAt: failedAt });
    const state = determineSubscription(failing, { emailConfirmed: true, now });
    const inGrace = entitlementsOf(state, { isAdmin: false, now });
    expect(inGrace).toMatchObject({ standing: 'burn', coaching: true, graceEnd: at(second).toISOString() });
    expect(inGrace.until).toBe(at(second).toISOString());
    const after = entitlementsOf(state, { isAdmin: false, now: at(second) });
    expect(after.standing).toBe('ended');
    // Ended, yet still the provider's to retry until the period's end: a new card mends it.
    expect(after.graceEnd).toBe(at(second).toISOString());
    const periodEnd = new Date(state.subscription_end!);
    expect(entitlementsOf(state, { isAdmin: false, now: periodEnd }).graceEnd).toBeNull();
  });

  it('a paid period ends at its end, to the second', () => {
    const state = determineSubscription(paid('The Daily Core', { subscriptionEnd: at(second) }), {
      emailConfirmed: true,
      now,
    });
    expect(entitlementsOf(state, { isAdmin: false, now: at(second - 1) }).standing).toBe('daily-core');
    expect(entitlementsOf(state, { isAdmin: false, now: at(second) }).standing).toBe('ended');
  });

  it('an admin keeps every capability whatever their own plan says', () => {
    const ended = determineSubscription(paid('The Daily Core', { subscribed: false }), {
      emailConfirmed: true,
      now,
    });
    const e = entitlementsOf(ended, { isAdmin: true, now });
    for (const capability of ['train', 'library', 'reminders', 'coaching'] as Capability[])
      expect(has(e, capability)).toBe(true);
    expect(mayTrainDay(e, 28)).toBe(true);
  });
});

describe('the taster and what unlocks the rest', () => {
  it('without a plan only Day 1 trains', () => {
    const e = entitlementsAt('no plan, no row', now);
    expect(mayTrainDay(e, 1)).toBe(true);
    expect(mayTrainDay(e, 2)).toBe(false);
    expect(mayTrainDay(entitlementsAt('trial ended', now), 1)).toBe(false);
    expect(mayTrainDay(entitlementsAt('The Daily Core', now), 28)).toBe(true);
  });

  it('names the plan that unlocks a capability, and the trial only where it would', () => {
    const free = entitlementsAt('no plan, no row', now);
    expect(planRequired(free, 'train')).toEqual({ requiredPlan: 'daily-core', trialAvailable: true });
    expect(planRequired(free, 'coaching')).toEqual({ requiredPlan: 'burn', trialAvailable: false });
    const ended = entitlementsAt('trial ended', now);
    expect(planRequired(ended, 'library')).toEqual({ requiredPlan: 'daily-core', trialAvailable: false });
    expect(planRequiredMessage(free, 'train')).toBe(
      'Start your 7-day free trial to unlock the full 28-day program.',
    );
    expect(planRequiredMessage(ended, 'train')).toBe(
      'Your plan has ended. Choose a plan to unlock the full 28-day program again.',
    );
  });
});
