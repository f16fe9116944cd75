import { entitlementsOf, type MemberSubscription } from '@core28/core/entitlements';
import { type CheckoutPlanId, isPaidMember } from '@core28/core/plans';
import {
  determineSubscription,
  NOT_SUBSCRIBED,
  type SubscriberRow,
  type SubscriptionState,
  TRIAL_DAYS,
  TRIAL_TIER,
} from '@core28/core/subscriptions';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { onceAfterwards } from '../../platform/db/idempotency.ts';
import type { DbOrTx } from '../../platform/db/index.ts';
import { prepared } from '../../platform/db/prepared.ts';
import { subscribers, userRoles, users } from '../../platform/db/schema.ts';
import { syncSubscription } from './events.ts';
import { recordPlanState } from './ledger.ts';

/** What reading a member's state needs: a doubt is settled with the provider, and mailed about. */
export type StateDeps = Pick<Deps, 'db' | 'now' | 'payments' | 'log' | 'config' | 'jobs' | 'mailLinkKey'>;
type Member = { id: string; emailVerified: boolean };

export async function findSubscriber({ db }: Pick<Deps, 'db'>, { userId }: { userId: string }) {
  const [row] = await prepared(db, subscriberStatement).execute({ userId });
  return row ?? null;
}

/** A member's row in `subscribers`. */
export type SubscriberRecord = typeof subscribers.$inferSelect;

/** Read on every coaching request and live event (prepared, planned once per connection). */
const subscriberStatement = (db: DbOrTx) =>
  db
    .select()
    .from(subscribers)
    .where(eq(subscribers.userId, sql.placeholder('userId')))
    .prepare('core28_subscriber_by_user');

const asSubscriberRow = (row: typeof subscribers.$inferSelect | null): SubscriberRow | null =>
  row && {
    subscribed: row.subscribed,
    subscriptionTier: row.subscriptionTier,
    subscriptionEnd: row.subscriptionEnd,
    isTrial: row.isTrial,
    trialEnd: row.trialEnd,
    trialUsed: row.trialUsed,
    paymentFailedAt: row.paymentFailedAt,
  };

/**
 * The member's row, re-read from the provider when in doubt: a paid period that ended with no
 * renewal or cancellation heard of (a lost webhook). The provider's answer is written, so the
 * doubt is over; when the provider cannot be reached the period end decides.
 */
/** `known`: the member's row when the caller read it already (null: none). */
async function currentRow(deps: StateDeps, userId: string, known?: SubscriberRecord | null) {
  const row = known !== undefined ? known : await findSubscriber(deps, { userId });
  const now = deps.now();
  const paidSubscriptionId = row?.subscribed && !row.isTrial ? row.providerSubscriptionId : null;
  const hasPeriodEnded = Boolean(row?.subscriptionEnd && row.subscriptionEnd.getTime() <= now.getTime());
  if (!paidSubscriptionId || !hasPeriodEnded) return row;
  try {
    await syncSubscription(deps, { subscriptionId: paidSubscriptionId, userId, occurredAt: now });
    return findSubscriber(deps, { userId });
  } catch (err) {
    deps.log.warn({ err, userId }, 'could not re-read an ended subscription from the provider');
    return row;
  }
}

/** The member's subscription state by the rules of spec §4 (a pure function in core). */
export async function getSubscriptionState(
  deps: StateDeps,
  { user, subscriber }: { user: Member; subscriber?: SubscriberRecord | null },
) {
  const row = await currentRow(deps, user.id, subscriber);
  return stateOf(deps, row, user);
}

const stateOf = (deps: StateDeps, row: SubscriberRecord | null, user: Member) =>
  determineSubscription(asSubscriberRow(row), {
    emailConfirmed: user.emailVerified,
    now: deps.now(),
    graceDays: deps.config.paymentGraceDays,
  });

/** The state with what it entitles the member to now (docs/decisions/0021). */
export const withEntitlements = (
  deps: Pick<Deps, 'now'>,
  state: SubscriptionState,
  { isAdmin }: { isAdmin: boolean },
): MemberSubscription => ({ ...state, entitlements: entitlementsOf(state, { isAdmin, now: deps.now() }) });

/** What the member may do now: the gate of every route, live handler and job that acts for them. */
export async function getEntitlements(
  deps: StateDeps,
  { user, isAdmin, subscriber }: { user: Member; isAdmin: boolean; subscriber?: SubscriberRecord | null },
) {
  return entitlementsOf(await getSubscriptionState(deps, { user, subscriber }), { isAdmin, now: deps.now() });
}

/** spec §4: on any error the member is not subscribed, all other fields empty. */
export async function checkSubscription(
  deps: StateDeps,
  { user, isAdmin }: { user: Member; isAdmin: boolean },
): Promise<MemberSubscription> {
  try {
    return withEntitlements(deps, await getSubscriptionState(deps, { user }), { isAdmin });
  } catch (err) {
    deps.log.error({ err }, 'subscription check failed');
    return withEntitlements(deps, NOT_SUBSCRIBED, { isAdmin });
  }
}

/** A member and their subscriber row (null: none), for a state known by id only. */
const memberSubscriberStatement = (db: DbOrTx) =>
  db
    .select({
      user: { id: users.id, emailVerified: users.emailVerified },
      subscriber: getTableColumns(subscribers),
      // Staff train with everything, whatever their session: jobs and live events act for the account.
      isAdmin:
        sql<boolean>`exists (select 1 from ${userRoles} where ${eq(userRoles.userId, users.id)})`.mapWith(
          Boolean,
        ),
    })
    .from(users)
    .leftJoin(subscribers, eq(subscribers.userId, users.id))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('core28_member_subscriber');

/**
 * The state of a member known by id only (live delivery decides again for every event, and after
 * each heartbeat for every member): the member and their row in one statement.
 */
export async function getMemberSubscriptionState(
  deps: StateDeps,
  { userId }: { userId: string },
): Promise<SubscriptionState> {
  const [row] = await prepared(deps.db, memberSubscriberStatement).execute({ userId });
  return row ? getSubscriptionState(deps, row) : NOT_SUBSCRIBED;
}

/**
 * What a member known by id only may do now: the question every job and live event asks at the
 * time it acts, so a plan that ended since it was queued stops it. A member gone has nothing.
 */
export async function getMemberEntitlements(deps: StateDeps, { userId }: { userId: string }) {
  const [row] = await prepared(deps.db, memberSubscriberStatement).execute({ userId });
  if (!row) return entitlementsOf(null, { isAdmin: false, now: deps.now() });
  const state = await getSubscriptionState(deps, row);
  return entitlementsOf(state, { isAdmin: row.isAdmin, now: deps.now() });
}

type CurrentPlan = {
  plan: CheckoutPlanId | null;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  scheduled_plan: CheckoutPlanId | null;
};

/**
 * The paid plan as the plan chooser and the management page show it: the plan with its billing
 * interval, whether it cancels at the period end, and a downgrade waiting for it. Nulls for
 * members without a running paid plan.
 */
export async function getCurrentPlan(deps: StateDeps, { user }: { user: Member }): Promise<CurrentPlan> {
  let row = await currentRow(deps, user.id);
  const state = stateOf(deps, row, user);
  if (isPaidMember(state) && row?.providerSubscriptionId && !row.planId) {
    // Rows paid before plans were recorded learn theirs from the provider once.
    await syncSubscription(deps, {
      subscriptionId: row.providerSubscriptionId,
      userId: user.id,
      occurredAt: deps.now(),
    }).catch((err) => deps.log.warn({ err }, 'could not read the plan from the provider'));
    row = await findSubscriber(deps, { userId: user.id });
  }
  if (!isPaidMember(state) || !row?.planId)
    return { plan: null, current_period_end: null, cancel_at_period_end: false, scheduled_plan: null };
  return {
    plan: row.planId,
    current_period_end: row.subscriptionEnd?.toISOString() ?? null,
    cancel_at_period_end: row.cancelAtPeriodEnd,
    scheduled_plan: row.scheduledPlanId,
  };
}

/**
 * spec §7 activate-trial: Feel and Burn for 7 days, once per account ever. One statement, so
 * two calls at once cannot both start a trial.
 */
export function activateTrial(
  deps: StateDeps,
  { user, key = null }: { user: Member & { email: string }; key?: string | null },
) {
  // Sent again after its answer was lost, it answers the trial it started, not "already used".
  return onceAfterwards(deps, { userId: user.id, key, route: 'trial', input: null }, () =>
    startTrial(deps, { user }),
  );
}

async function startTrial(deps: StateDeps, { user }: { user: Member & { email: string } }) {
  const now = deps.now();
  const started = await deps.db.transaction(async (tx) => {
    const [previous] = await tx.select().from(subscribers).where(eq(subscribers.userId, user.id));
    const rows = await insertTrial(tx, { user, now });
    // The trial's start is in the plan ledger with it, or neither is.
    if (rows[0])
      await recordPlanState(tx, {
        userId: user.id,
        previous: previous ?? null,
        row: rows[0],
        at: now,
        graceDays: deps.config.paymentGraceDays,
      });
    return rows;
  });
  if (started.length === 0) {
    const row = await findSubscriber(deps, { userId: user.id });
    const hasPaidPlan = row?.subscribed && row.subscriptionTier !== TRIAL_TIER;
    throw new AppError(
      'CONFLICT',
      hasPaidPlan ? 'You already have an active subscription.' : 'Your free trial has already been used.',
    );
  }
  return getSubscriptionState(deps, { user });
}

/** One statement, so two calls at once cannot both start a trial; the row when it started. */
function insertTrial(db: DbOrTx, { user, now }: { user: Member & { email: string }; now: Date }) {
  const trialEnd = new Date(now.getTime() + TRIAL_DAYS * 86_400_000);
  const trial = {
    isTrial: true,
    trialEnd,
    subscriptionTier: TRIAL_TIER,
    trialUsed: true,
    planEndedMailedAt: null,
    updatedAt: now,
  };
  return db
    .insert(subscribers)
    .values({ userId: user.id, email: user.email, ...trial })
    .onConflictDoUpdate({
      target: subscribers.userId,
      set: trial,
      setWhere: sql`${subscribers.trialUsed} = false and not (${subscribers.subscribed} and ${subscribers.subscriptionTier} is distinct from ${TRIAL_TIER})`,
    })
    .returning();
}

/**
 * An account erased: its plan ends in the plan ledger in the transaction that deletes it (the
 * provider's cancellation that follows finds no member to write). Call before deleting the user.
 */
export async function endPlanOnErasure(
  deps: Pick<Deps, 'now' | 'config'>,
  tx: DbOrTx,
  { userId }: { userId: string },
) {
  const [row] = await tx.select().from(subscribers).where(eq(subscribers.userId, userId)).for('update');
  await recordPlanState(tx, {
    userId,
    previous: row ?? null,
    row: null,
    at: deps.now(),
    graceDays: deps.config.paymentGraceDays,
  });
}

/** spec §7 update-subscription: the success page asks once; idempotent, whatever the webhooks did. */
export async function confirmCheckout(
  deps: StateDeps,
  { user, sessionId }: { user: Member; sessionId: string },
) {
  const checkout = await deps.payments.getCheckout(sessionId);
  if (!checkout || checkout.userId !== user.id) throw new AppError('NOT_FOUND', 'No such checkout session');
  if (checkout.isComplete && checkout.subscriptionId) {
    await syncSubscription(deps, {
      subscriptionId: checkout.subscriptionId,
      userId: user.id,
      occurredAt: deps.now(),
    });
  }
  return getSubscriptionState(deps, { user });
}

/** spec §7 get-billing-info: only for a paid, non-trial member above Feel and Burn. */
export async function getBillingInfo(deps: StateDeps, { user }: { user: Member }) {
  const state = await getSubscriptionState(deps, { user });
  const row = await findSubscriber(deps, { userId: user.id });
  if (!isPaidMember(state) || !row?.providerCustomerId)
    throw new AppError('FORBIDDEN', 'Billing details are for paid plans.');
  return deps.payments.getBillingInfo(row.providerCustomerId);
}

/** spec §7 customer-portal: the provider's billing portal for the member's own customer. */
export async function openBillingPortal(
  deps: Pick<Deps, 'db' | 'payments' | 'config'>,
  { userId }: { userId: string },
) {
  const row = await findSubscriber(deps, { userId });
  if (!row?.providerCustomerId || !row.providerSubscriptionId)
    throw new AppError('FORBIDDEN', 'There is no paid subscription to manage.');
  const url = await deps.payments.createPortalUrl(
    row.providerCustomerId,
    `${deps.config.publicUrl}/subscription/manage`,
  );
  return { url };
}
