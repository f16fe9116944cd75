// spec §3 tiers, plan slugs and checkout ids; §9 prices and trial; §4 subscription determination.
export const TIERS = ['Feel and Burn', 'The Daily Core', '1-on-1 Burn'] as const;
export type Tier = (typeof TIERS)[number];

export const TRIAL_TIER: Tier = 'Feel and Burn';
/** How long a plan whose renewal failed is kept while the provider retries (PAYMENT_GRACE_DAYS). */
export const PAYMENT_GRACE_DAYS = 7;
export const TRIAL_DAYS = 7;
/** The trial-ending e-mail goes this many days (or fewer) before the trial ends. */
export const TRIAL_ENDING_NOTICE_DAYS = 3;

export type SubscriberRow = {
  subscribed: boolean;
  subscriptionTier: Tier | null;
  subscriptionEnd: Date | null;
  isTrial: boolean;
  trialEnd: Date | null;
  /** The account's one free trial was started (ever). */
  trialUsed: boolean;
  /** When the paid plan's renewal first failed (the provider retries; null: paid up). */
  paymentFailedAt: Date | null;
};

export type SubscriptionState = {
  subscribed: boolean;
  subscription_tier: Tier | null;
  subscription_end: string | null;
  is_trial: boolean;
  trial_end: string | null;
  /** Beyond the spec's five: whether the account may still start its one free trial. */
  trial_available: boolean;
  /** Beyond the spec's five: a failed renewal keeps the plan until then (null: paid up). */
  payment_grace_end: string | null;
};

export const NOT_SUBSCRIBED: SubscriptionState = {
  subscribed: false,
  subscription_tier: null,
  subscription_end: null,
  is_trial: false,
  trial_end: null,
  trial_available: true,
  payment_grace_end: null,
};

/**
 * spec §4 Subscription determination, from the member's subscribers row (null when none). A paid
 * plan whose renewal failed stays subscribed for `graceDays` from the failure while the provider
 * retries (docs/decisions/0021), then ends as a cancellation would.
 */
export function determineSubscription(
  row: SubscriberRow | null,
  {
    emailConfirmed,
    now,
    graceDays = PAYMENT_GRACE_DAYS,
  }: { emailConfirmed: boolean; now: Date; graceDays?: number },
): SubscriptionState {
  if (!row) return NOT_SUBSCRIBED;
  const graceEnd = row.paymentFailedAt && new Date(row.paymentFailedAt.getTime() + graceDays * 86_400_000);
  const base = {
    subscription_tier: row.subscriptionTier,
    subscription_end: row.subscriptionEnd?.toISOString() ?? null,
    is_trial: row.isTrial,
    trial_end: row.trialEnd?.toISOString() ?? null,
    trial_available: !row.trialUsed,
    payment_grace_end: !row.isTrial && graceEnd ? graceEnd.toISOString() : null,
  };
  if (row.isTrial && row.trialEnd) {
    const isRunning = row.trialEnd.getTime() > now.getTime();
    return isRunning
      ? { ...base, subscribed: true, subscription_end: row.trialEnd.toISOString() }
      : { ...base, subscribed: false };
  }
  const isFreeTierConfirmed = row.subscriptionTier === 'Feel and Burn' && emailConfirmed;
  // A paid period ends at its end, whatever the flag says: a cancellation whose event never
  // arrived must not keep the plan open. Renewals move subscription_end forward.
  const hasPeriodEnded = row.subscriptionEnd !== null && row.subscriptionEnd.getTime() <= now.getTime();
  // In its grace a plan is kept even past a period end the provider has not moved yet.
  const isKept = graceEnd ? graceEnd.getTime() > now.getTime() : !hasPeriodEnded;
  return { ...base, subscribed: (row.subscribed && isKept) || isFreeTierConfirmed };
}
