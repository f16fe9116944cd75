// spec §3 tiers, plan slugs and checkout ids; §9 prices and trial; §4 subscription determination.
export const TIERS = ['Feel and Burn', 'The Daily Core', '1-on-1 Burn'] as const;
export type Tier = (typeof TIERS)[number];

export const TRIAL_TIER: Tier = 'Feel and Burn';
export const TRIAL_DAYS = 7;
/** Issue 18: the trial-ending e-mail goes this many days (or fewer) before the trial ends. */
export const TRIAL_ENDING_NOTICE_DAYS = 3;

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
  // A paid period ends at its end, whatever the flag says: a cancellation whose event never
  // arrived must not keep the plan open (issue 14). Renewals move subscription_end forward.
  const hasPeriodEnded = row.subscriptionEnd !== null && row.subscriptionEnd.getTime() <= now.getTime();
  return { ...base, subscribed: (row.subscribed && !hasPeriodEnded) || isFreeTierConfirmed };
}

/** A trial that has run out (spec §4 rule 2): the member is told it ended, not that it ends. */
export const hasTrialEnded = (state: SubscriptionState | null, now: Date) =>
  Boolean(state?.is_trial && state.trial_end && new Date(state.trial_end).getTime() <= now.getTime());

export function hasTier(state: SubscriptionState, tier: Tier): boolean {
  return state.subscribed && state.subscription_tier === tier;
}

/** spec §6: coaching is for members with an active 1-on-1 Burn subscription, and for admins (the coaches). */
export function canUseCoaching(
  subscription: SubscriptionState | null,
  { isAdmin }: { isAdmin: boolean },
): boolean {
  return isAdmin || (subscription !== null && hasTier(subscription, '1-on-1 Burn'));
}
