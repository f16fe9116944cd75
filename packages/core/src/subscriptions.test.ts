import { describe, expect, it } from 'vitest';
import { determineSubscription, NOT_SUBSCRIBED, type SubscriberRow } from './subscriptions.ts';

const now = new Date('2026-03-10T12:00:00Z');
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

  it('a paid plan ends at its period end, whatever the subscribed flag says', () => {
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

  it('a failed renewal keeps the plan for its grace period, to the second, then ends it', () => {
    const failing = row({
      subscribed: true,
      subscriptionTier: 'The Daily Core',
      subscriptionEnd: new Date('2026-04-09T12:00:00Z'),
      paymentFailedAt: new Date('2026-03-09T12:00:00Z'),
    });
    const at = (iso: string) => determineSubscription(failing, { emailConfirmed: true, now: new Date(iso) });
    expect(at('2026-03-16T11:59:59Z')).toMatchObject({
      subscribed: true,
      payment_grace_end: '2026-03-16T12:00:00.000Z',
    });
    expect(at('2026-03-16T12:00:00Z').subscribed).toBe(false);
    // The grace is counted from the failure, with the configured length.
    const longer = determineSubscription(failing, { emailConfirmed: true, now, graceDays: 10 });
    expect(longer.payment_grace_end).toBe('2026-03-19T12:00:00.000Z');
  });

  it('in its grace a plan is kept even when the provider has not moved the period end yet', () => {
    const failing = row({
      subscribed: true,
      subscriptionTier: '1-on-1 Burn',
      subscriptionEnd: new Date('2026-03-09T12:00:00Z'),
      paymentFailedAt: new Date('2026-03-09T12:00:00Z'),
    });
    expect(determineSubscription(failing, { emailConfirmed: true, now }).subscribed).toBe(true);
  });

  it('says whether the one free trial is still there', () => {
    expect(determineSubscription(null, { emailConfirmed: true, now }).trial_available).toBe(true);
    expect(determineSubscription(row(), { emailConfirmed: true, now }).trial_available).toBe(true);
    expect(
      determineSubscription(row({ trialUsed: true }), { emailConfirmed: true, now }).trial_available,
    ).toBe(false);
  });
});
