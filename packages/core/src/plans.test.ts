import { describe, expect, it } from 'vitest';
import {
  CHECKOUT_PLAN_IDS,
  checkoutPlan,
  checkoutPlanId,
  formatDollars,
  isPaidMember,
  planBySlug,
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
