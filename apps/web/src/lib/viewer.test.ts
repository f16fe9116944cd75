import type { MemberSubscription } from '@core28/core/entitlements';
import { describe, expect, it } from 'vitest';
import { withEntitlements } from './viewer';

describe('withEntitlements', () => {
  it('gives an answer kept from an older release (no entitlements) the rule’s own', () => {
    const kept = {
      subscribed: false,
      subscription_tier: 'Feel and Burn',
      subscription_end: null,
      is_trial: true,
      trial_end: '2026-01-05T09:00:00.000Z',
    } as unknown as MemberSubscription;
    const answer = withEntitlements(kept);
    expect(answer.entitlements).toMatchObject({ standing: 'ended', train: 'none', trialAvailable: false });
    expect(answer.payment_grace_end).toBeNull();
  });

  it('leaves the server’s own entitlements as they are', () => {
    const fresh = { entitlements: { standing: 'burn' } } as unknown as MemberSubscription;
    expect(withEntitlements(fresh)).toBe(fresh);
  });
});
