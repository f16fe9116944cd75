import { isPaidMember } from '@core28/core/plans';
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
import { syncSubscription } from './events.ts';

type StateDeps = Pick<Deps, 'db' | 'now' | 'payments' | 'log'>;

export async function findSubscriber({ db }: Pick<Deps, 'db'>, userId: string) {
  const [row] = await db.select().from(subscribers).where(eq(subscribers.userId, userId));
  return row ?? null;
}

const asSubscriberRow = (row: typeof subscribers.$inferSelect | null): SubscriberRow | null =>
  row && {
    subscribed: row.subscribed,
    subscriptionTier: row.subscriptionTier,
    subscriptionEnd: row.subscriptionEnd,
    isTrial: row.isTrial,
    trialEnd: row.trialEnd,
  };

/**
 * The member's row, re-read from the provider when in doubt: a paid period that ended with no
 * renewal or cancellation heard of (a lost webhook). The provider's answer is written, so the
 * doubt is over; when the provider cannot be reached the period end decides (issue 14).
 */
async function currentRow(deps: StateDeps, userId: string) {
  const row = await findSubscriber(deps, userId);
  const now = deps.now();
  const isInDoubt =
    row?.subscribed &&
    !row.isTrial &&
    row.providerSubscriptionId &&
    row.subscriptionEnd &&
    row.subscriptionEnd.getTime() <= now.getTime();
  if (!isInDoubt) return row;
  try {
    await syncSubscription(deps, { subscriptionId: row.providerSubscriptionId!, userId, occurredAt: now });
    return findSubscriber(deps, userId);
  } catch (err) {
    deps.log.warn({ err, userId }, 'could not re-read an ended subscription from the provider');
    return row;
  }
}

/** The member's subscription state by the rules of spec §4 (a pure function in core). */
export async function subscriptionState(deps: StateDeps, user: { id: string; emailVerified: boolean }) {
  const row = await currentRow(deps, user.id);
  return determineSubscription(asSubscriberRow(row), { emailConfirmed: user.emailVerified, now: deps.now() });
}

/**
 * The paid plan as the plan chooser and the management page show it: the plan with its billing
 * interval, whether it cancels at the period end, and a downgrade waiting for it. Nulls for
 * members without a running paid plan.
 */
export async function currentPlan(deps: StateDeps, user: { id: string; emailVerified: boolean }) {
  let row = await currentRow(deps, user.id);
  const state = determineSubscription(asSubscriberRow(row), {
    emailConfirmed: user.emailVerified,
    now: deps.now(),
  });
  if (isPaidMember(state) && row?.providerSubscriptionId && !row.planId) {
    // Rows paid before plans were recorded learn theirs from the provider once.
    await syncSubscription(deps, {
      subscriptionId: row.providerSubscriptionId,
      userId: user.id,
      occurredAt: deps.now(),
    }).catch((err) => deps.log.warn({ err }, 'could not read the plan from the provider'));
    row = await findSubscriber(deps, user.id);
  }
  const isPaid = isPaidMember(state) && row?.planId;
  return {
    plan: isPaid ? row!.planId : null,
    current_period_end: isPaid ? (row!.subscriptionEnd?.toISOString() ?? null) : null,
    cancel_at_period_end: isPaid ? row!.cancelAtPeriodEnd : false,
    scheduled_plan: isPaid ? row!.scheduledPlanId : null,
  };
}

/**
 * spec §7 activate-trial: Feel and Burn for 7 days, once per account ever. One statement, so
 * two calls at once cannot both start a trial.
 */
export async function activateTrial(
  deps: StateDeps,
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
  deps: StateDeps,
  user: { id: string; emailVerified: boolean },
  tiers: Tier[],
) {
  const state = await subscriptionState(deps, user);
  return state.subscribed && state.subscription_tier !== null && tiers.includes(state.subscription_tier);
}
