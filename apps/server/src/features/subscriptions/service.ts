import {
  determineSubscription,
  type SubscriberRow,
  type Tier,
  TRIAL_DAYS,
  TRIAL_TIER,
} from '@core28/core/subscriptions';
import { eq, sql } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { subscribers } from '../../platform/db/schema.ts';

const subscriberColumns = {
  subscribed: subscribers.subscribed,
  subscriptionTier: subscribers.subscriptionTier,
  subscriptionEnd: subscribers.subscriptionEnd,
  isTrial: subscribers.isTrial,
  trialEnd: subscribers.trialEnd,
};

export async function findSubscriber(
  { db }: Pick<Deps, 'db'>,
  userId: string,
): Promise<SubscriberRow | null> {
  const [row] = await db.select(subscriberColumns).from(subscribers).where(eq(subscribers.userId, userId));
  return row ?? null;
}

/** The member's subscription state by the rules of spec §4 (a pure function in core). */
export async function subscriptionState(
  deps: Pick<Deps, 'db' | 'now'>,
  user: { id: string; emailVerified: boolean },
) {
  const row = await findSubscriber(deps, user.id);
  return determineSubscription(row, { emailConfirmed: user.emailVerified, now: deps.now() });
}

/**
 * spec §7 activate-trial: Feel and Burn for 7 days, once per account ever. One statement, so
 * two calls at once cannot both start a trial.
 */
export async function activateTrial(
  deps: Pick<Deps, 'db' | 'now'>,
  user: { id: string; email: string; emailVerified: boolean },
) {
  const now = deps.now();
  const trialEnd = new Date(now.getTime() + TRIAL_DAYS * 86_400_000);
  const trial = { isTrial: true, trialEnd, subscriptionTier: TRIAL_TIER, trialUsed: true, updatedAt: now };
  const started = await deps.db
    .insert(subscribers)
    .values({ userId: user.id, email: user.email, ...trial })
    .onConflictDoUpdate({
      target: subscribers.userId,
      set: trial,
      setWhere: sql`${subscribers.trialUsed} = false and not (${subscribers.subscribed} and ${subscribers.subscriptionTier} is distinct from ${TRIAL_TIER})`,
    })
    .returning({ id: subscribers.id });
  if (started.length === 0) {
    const row = await findSubscriber(deps, user.id);
    const hasPaidPlan = row?.subscribed && row.subscriptionTier !== TRIAL_TIER;
    throw new AppError(
      'CONFLICT',
      hasPaidPlan ? 'You already have an active subscription.' : 'Your free trial has already been used.',
    );
  }
  return subscriptionState(deps, user);
}

/** For other features: 403 unless the member holds one of these tiers (admins always pass). */
export async function hasActiveTier(
  deps: Pick<Deps, 'db' | 'now'>,
  user: { id: string; emailVerified: boolean },
  tiers: Tier[],
) {
  const state = await subscriptionState(deps, user);
  return state.subscribed && state.subscription_tier !== null && tiers.includes(state.subscription_tier);
}
