import { describe, expect, it } from 'vitest';
import {
  CHECKOUT_PLAN_IDS,
  checkoutPlan,
  checkoutPlanId,
  formatDollars,
  isPaidMember,
  planBySlug,
  planChange,
  prorateChange,
  shouldShowUpgradeBanner,
  trialDaysLeft,
} from './plans.ts';
import { NOT_SUBSCRIBED, type SubscriptionState } from './subscriptions.ts';

const now = new Date('2026-04-10T12:00:00Z');
const trial: SubscriptionState = {
  ...NOT_SUBSCRIBED,
  subscribed: true,
  is_trial: true,
  subscription_tier: 'Feel and Burn',
  trial_end: '2026-04-15T12:00:00Z',
};
const paid: SubscriptionState = { ...NOT_SUBSCRIBED, subscribed: true, subscription_tier: 'The Daily Core' };

describe('plan catalogue (spec §9)', () => {
  it('has the spec prices', () => {
    expect(formatDollars(planBySlug('daily-core')!.monthlyCents)).toBe('$9.99');
    expect(formatDollars(planBySlug('daily-core')!.yearlyCents)).toBe('$99.99');
    expect(formatDollars(planBySlug('burn')!.monthlyCents)).toBe('$29.99');
    expect(formatDollars(planBySlug('burn')!.yearlyCents)).toBe('$299.99');
    expect(planBySlug('feel-and-burn')!.monthlyCents).toBe(0);
    expect(planBySlug('nope')).toBeUndefined();
  });

  it('maps every checkout id to its plan and back', () => {
    for (const id of CHECKOUT_PLAN_IDS) {
      const { plan, interval } = checkoutPlan(id);
      expect(checkoutPlanId(plan.slug, interval)).toBe(id);
    }
    expect(checkoutPlan('burn-yearly')).toMatchObject({ interval: 'year', amountCents: 29999 });
    expect(checkoutPlanId('feel-and-burn', 'month')).toBeNull();
  });
});

describe('trialDaysLeft', () => {
  it('rounds up and never goes below 0', () => {
    expect(trialDaysLeft('2026-04-15T12:00:00Z', now)).toBe(5);
    expect(trialDaysLeft('2026-04-10T13:00:00Z', now)).toBe(1);
    expect(trialDaysLeft('2026-04-01T00:00:00Z', now)).toBe(0);
    expect(trialDaysLeft(null, now)).toBe(0);
  });
});

describe('upgrade banner (spec §2)', () => {
  const member = { isSignedIn: true, isAdmin: false };
  it('shows to members with no plan and to Feel and Burn trials', () => {
    expect(shouldShowUpgradeBanner({ ...member, subscription: NOT_SUBSCRIBED })).toBe(true);
    expect(shouldShowUpgradeBanner({ ...member, subscription: trial })).toBe(true);
  });
  it('hides from visitors, admins and paying members', () => {
    expect(shouldShowUpgradeBanner({ isSignedIn: false, isAdmin: false, subscription: null })).toBe(false);
    expect(shouldShowUpgradeBanner({ ...member, isAdmin: true, subscription: NOT_SUBSCRIBED })).toBe(false);
    expect(shouldShowUpgradeBanner({ ...member, subscription: paid })).toBe(false);
  });
  it('isPaidMember excludes trials and Feel and Burn', () => {
    expect(isPaidMember(paid)).toBe(true);
    expect(isPaidMember(trial)).toBe(false);
    expect(isPaidMember({ ...paid, subscription_tier: 'Feel and Burn' })).toBe(false);
    expect(isPaidMember(null)).toBe(false);
  });
});

describe('plan changes for a paying member', () => {
  it('a higher tier, or yearly billing of the same tier, is an upgrade; the rest wait for the period end', () => {
    expect(planChange('daily-core-monthly', 'burn-monthly')).toBe('upgrade');
    expect(planChange('daily-core-yearly', 'burn-monthly')).toBe('upgrade');
    expect(planChange('daily-core-monthly', 'daily-core-yearly')).toBe('upgrade');
    expect(planChange('burn-monthly', 'daily-core-monthly')).toBe('downgrade');
    expect(planChange('burn-monthly', 'daily-core-yearly')).toBe('downgrade');
    expect(planChange('burn-yearly', 'burn-monthly')).toBe('downgrade');
    expect(planChange('burn-yearly', 'burn-yearly')).toBe('same');
  });

  const periodStart = new Date('2026-04-01T00:00:00Z');
  const periodEnd = new Date('2026-05-01T00:00:00Z');
  const halfway = new Date('2026-04-16T00:00:00Z');

  it('prorates by unused time to the second, as Stripe does: credit the old price, charge the new', () => {
    const change = prorateChange({
      from: 'daily-core-monthly',
      to: 'burn-monthly',
      periodStart,
      periodEnd,
      at: halfway,
    });
    expect(change.lines).toEqual([
      { description: 'Unused time on The Daily Core (monthly)', amountCents: -500 },
      { description: 'Remaining time on 1-on-1 Burn (monthly)', amountCents: 1500 },
    ]);
    expect(change).toMatchObject({ totalCents: 1000, amountDueCents: 1000, creditAfterCents: 0 });
    expect(change.periodEnd).toEqual(periodEnd);
  });

  it('a new billing interval starts a new period now: the full new price less the unused time', () => {
    const change = prorateChange({
      from: 'daily-core-monthly',
      to: 'daily-core-yearly',
      periodStart,
      periodEnd,
      at: halfway,
    });
    expect(change.totalCents).toBe(-500 + 9999);
    expect(change.periodStart).toEqual(halfway);
    expect(change.periodEnd).toEqual(new Date('2027-04-16T00:00:00Z'));
  });

  it('a credit larger than the charge is kept for later invoices, and a kept credit is used first', () => {
    const yearStart = new Date('2026-04-01T00:00:00Z');
    const yearEnd = new Date('2027-04-01T00:00:00Z');
    const change = prorateChange({
      from: 'daily-core-yearly',
      to: 'burn-monthly',
      periodStart: yearStart,
      periodEnd: yearEnd,
      at: yearStart,
    });
    expect(change).toMatchObject({ totalCents: -9999 + 2999, amountDueCents: 0, creditAfterCents: 7000 });
    const withCredit = prorateChange({
      from: 'daily-core-monthly',
      to: 'burn-monthly',
      periodStart,
      periodEnd,
      at: halfway,
      creditCents: 300,
    });
    expect(withCredit).toMatchObject({ amountDueCents: 700, creditAfterCents: 0 });
  });
});
