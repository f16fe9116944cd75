// spec §3 tiers, plan slugs and checkout ids; §9 prices and trial; §4 subscription determination.
export const TIERS = ['Feel and Burn', 'The Daily Core', '1-on-1 Burn'] as const;
export type Tier = (typeof TIERS)[number];

export const TRIAL_TIER: Tier = 'Feel and Burn';
export const TRIAL_DAYS = 7;

export type SubscriberRow = {
  subscribed: boolean;
  subscriptionTier: Tier | null;
  subscriptionEnd: Date | null;
  isTrial: boolean;
  trialEnd: Date | null;
};

export type SubscriptionState = {
  subscribed: boolean;
  subscription_tier: Tier | null;
  subscription_end: string | null;
  is_trial: boolean;
  trial_end: string | null;
};

export const NOT_SUBSCRIBED: SubscriptionState = {
  subscribed: false,
  subscription_tier: null,
  subscription_end: null,
  is_trial: false,
  trial_end: null,
};

/** spec §4 Subscription determination, from the member's subscribers row (null when none). */
export function determineSubscription(
  row: SubscriberRow | null,
  { emailConfirmed, now }: { emailConfirmed: boolean; now: Date },
): SubscriptionState {
  if (!row) return NOT_SUBSCRIBED;
  const base = {
    subscription_tier: row.subscriptionTier,
    subscription_end: row.subscriptionEnd?.toISOString() ?? null,
    is_trial: row.isTrial,
    trial_end: row.trialEnd?.toISOString() ?? null,
  };
  if (row.isTrial && row.trialEnd) {
    const isRunning = row.trialEnd.getTime() > now.getTime();
    return isRunning
      ? { ...base, subscribed: true, subscription_end: row.trialEnd.toISOString() }
      : { ...base, subscribed: false };
  }
  const isFreeTierConfirmed = row.subscriptionTier === 'Feel and Burn' && emailConfirmed;
  return { ...base, subscribed: row.subscribed || isFreeTierConfirmed };
}

export function hasTier(state: SubscriptionState, tier: Tier): boolean {
  return state.subscribed && state.subscription_tier === tier;
}
