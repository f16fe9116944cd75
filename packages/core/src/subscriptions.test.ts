import { describe, expect, it } from 'vitest';
import {
  canUseCoaching,
  determineSubscription,
  hasTier,
  NOT_SUBSCRIBED,
  type SubscriberRow,
} from './subscriptions.ts';

const now = new Date('2026-03-10T12:00:00Z');
const row = (overrides: Partial<SubscriberRow> = {}): SubscriberRow => ({
  subscribed: false,
  subscriptionTier: null,
  subscriptionEnd: null,
  isTrial: false,
  trialEnd: null,
  ...overrides,
});

describe('determineSubscription (spec §4)', () => {
  it('no row: not subscribed, all fields empty', () => {
    expect(determineSubscription(null, { emailConfirmed: true, now })).toEqual(NOT_SUBSCRIBED);
  });

  it('a running trial is subscribed with the trial end as the subscription end', () => {
    const trialEnd = new Date('2026-03-12T00:00:00Z');
    const state = determineSubscription(row({ isTrial: true, trialEnd, subscriptionTier: 'Feel and Burn' }), {
      emailConfirmed: false,
      now,
    });
    expect(state).toMatchObject({
      subscribed: true,
      is_trial: true,
      subscription_end: trialEnd.toISOString(),
    });
  });

  it('a trial whose end has passed is not subscribed, even with the subscribed flag', () => {
    const state = determineSubscription(
      row({ isTrial: true, subscribed: true, trialEnd: new Date('2026-03-10T11:59:59Z') }),
      { emailConfirmed: true, now },
    );
    expect(state.subscribed).toBe(false);
  });

  it('otherwise follows the subscribed flag', () => {
    expect(
      determineSubscription(row({ subscribed: true, subscriptionTier: 'The Daily Core' }), {
        emailConfirmed: false,
        now,
      }).subscribed,
    ).toBe(true);
    expect(
      determineSubscription(row({ subscriptionTier: 'The Daily Core' }), { emailConfirmed: true, now })
        .subscribed,
    ).toBe(false);
  });

  it('a paid plan ends at its period end, whatever the subscribed flag says (issue 14)', () => {
    const cancelled = row({
      subscribed: true,
      subscriptionTier: '1-on-1 Burn',
      subscriptionEnd: new Date('2026-03-10T11:59:59Z'),
    });
    for (const later of [now, new Date('2026-03-20T12:00:00Z'), new Date('2026-04-19T12:00:00Z')]) {
      const state = determineSubscription(cancelled, { emailConfirmed: true, now: later });
      expect(state).toMatchObject({ subscribed: false, subscription_tier: '1-on-1 Burn' });
    }
    const running = { ...cancelled, subscriptionEnd: new Date('2026-03-10T12:00:01Z') };
    expect(determineSubscription(running, { emailConfirmed: true, now }).subscribed).toBe(true);
  });

  it('Feel and Burn counts as subscribed only with a confirmed e-mail', () => {
    const free = row({ subscriptionTier: 'Feel and Burn' });
    expect(determineSubscription(free, { emailConfirmed: true, now }).subscribed).toBe(true);
    expect(determineSubscription(free, { emailConfirmed: false, now }).subscribed).toBe(false);
  });

  it('hasTier needs both the tier and an active subscription', () => {
    const burn = determineSubscription(row({ subscribed: true, subscriptionTier: '1-on-1 Burn' }), {
      emailConfirmed: true,
      now,
    });
    expect(hasTier(burn, '1-on-1 Burn')).toBe(true);
    expect(hasTier(burn, 'The Daily Core')).toBe(false);
    expect(hasTier({ ...burn, subscribed: false }, '1-on-1 Burn')).toBe(false);
  });

  it('canUseCoaching: an active 1-on-1 Burn subscription, or an admin whatever the plan', () => {
    const burn = determineSubscription(row({ subscribed: true, subscriptionTier: '1-on-1 Burn' }), {
      emailConfirmed: true,
      now,
    });
    const daily = { ...burn, subscription_tier: 'The Daily Core' as const };
    expect(canUseCoaching(burn, { isAdmin: false })).toBe(true);
    expect(canUseCoaching(daily, { isAdmin: false })).toBe(false);
    expect(canUseCoaching({ ...burn, subscribed: false }, { isAdmin: false })).toBe(false);
    expect(canUseCoaching(null, { isAdmin: false })).toBe(false);
    expect(canUseCoaching(null, { isAdmin: true })).toBe(true);
    expect(canUseCoaching(daily, { isAdmin: true })).toBe(true);
  });
});
