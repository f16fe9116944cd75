import { type CheckoutPlanId, checkoutPlan, isPaidMember } from '@core28/core/plans';
import { eq } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { onceAfterwards } from '../../platform/db/idempotency.ts';
import { paymentCustomers } from '../../platform/db/schema.ts';
import { PaymentRefusedError } from '../../platform/payments/provider.ts';
import { assertSeatFor, holdSeat, releaseHold } from '../seats/service.ts';
import { syncSubscription } from './events.ts';
import { findSubscriber, getCurrentPlan, getSubscriptionState } from './service.ts';

// A member has one subscription. A paying member changes plans (prorated upgrades now,
// downgrades at the period end); a second checkout is refused, whatever the UI sends.

type Member = { id: string; email: string; emailVerified: boolean };
/** A preview's proration instant stays good this long: the member reads it, then confirms. */
const PREVIEW_VALID_MS = 30 * 60_000;

/**
 * spec §7 create-checkout: a checkout for a member without a running paid plan, on the member's
 * one provider customer; the provider comes back to the success page, or to the sign-up's payment
 * step when the member cancels.
 */
export async function startCheckout(deps: Deps, { user, planId }: { user: Member; planId: CheckoutPlanId }) {
  const state = await getSubscriptionState(deps, { user });
  if (isPaidMember(state))
    throw new AppError(
      'CONFLICT',
      `You already have an active ${state.subscription_tier} subscription. Switch plans on the Plans page instead of buying a second one.`,
    );
  // 1-on-1 Burn: a seat is held from here until the payment is written (features/seats), or
  // 409 SEATS_FULL before anything is opened at the provider.
  const hold = isBurn(planId) ? await holdSeat(deps, user) : null;
  try {
    const customerId = await customerOf(deps, user);
    const { publicUrl } = deps.config;
    const { url } = await deps.payments.createCheckout({
      userId: user.id,
      customerId,
      planId,
      successUrl: `${publicUrl}/subscription/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${publicUrl}/subscription/signup?plan=${checkoutPlan(planId).plan.slug}&step=payment`,
      ...(hold ? { expiresAt: new Date(deps.now().getTime() + CHECKOUT_SESSION_MS) } : {}),
    });
    return { url };
  } catch (err) {
    if (hold?.isNew) await releaseHold(deps, hold.id);
    throw err;
  }
}

const isBurn = (planId: CheckoutPlanId | null) =>
  planId !== null && checkoutPlan(planId).plan.tier === '1-on-1 Burn';
/** The provider's checkout session of 1-on-1 Burn ends with its seat hold (CHECKOUT_HOLD_MS). */
const CHECKOUT_SESSION_MS = 60 * 60_000;

/**
 * The member's one provider customer: the one their subscription has, or the one made before
 * their first checkout, or a new one recorded now.
 */
async function customerOf(deps: Deps, user: Member) {
  const fromSubscription = (await findSubscriber(deps, { userId: user.id }))?.providerCustomerId;
  if (fromSubscription) return fromSubscription;
  const known = async () =>
    (await deps.db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, user.id)))[0]
      ?.customerId;
  const existing = await known();
  if (existing) return existing;
  const created = await deps.payments.ensureCustomer({ userId: user.id, email: user.email });
  await deps.db
    .insert(paymentCustomers)
    .values({ userId: user.id, provider: deps.payments.kind, customerId: created })
    .onConflictDoNothing();
  // A checkout opened at the same time may have recorded its own customer first: that one stays.
  return (await known()) ?? created;
}

/** The running paid subscription to change: 403 without a provider customer, 409 without a plan. */
async function paidSubscriptionOf(deps: Deps, user: Member) {
  const row = await findSubscriber(deps, { userId: user.id });
  if (!row?.providerCustomerId || !row.providerSubscriptionId)
    throw new AppError('FORBIDDEN', 'There is no paid subscription to change.');
  const plan = await getCurrentPlan(deps, { user });
  if (!plan.plan)
    throw new AppError('CONFLICT', 'Your paid plan has ended. Choose a plan to subscribe again.');
  return { subscriptionId: row.providerSubscriptionId, customerId: row.providerCustomerId, ...plan };
}

function refuseNoChange(
  current: { plan: string | null; scheduled_plan: string | null },
  planId: CheckoutPlanId,
) {
  if (current.plan === planId && !current.scheduled_plan)
    throw new AppError('CONFLICT', 'You are already on this plan.');
}

/** What switching costs today, as the provider computes it (spec: the provider's proration preview). */
export async function previewPlanChange(
  deps: Deps,
  { user, planId }: { user: Member; planId: CheckoutPlanId },
) {
  const current = await paidSubscriptionOf(deps, user);
  refuseNoChange(current, planId);
  if (isBurn(planId) && !isBurn(current.plan)) await assertSeatFor(deps, user);
  const preview = await deps.payments.previewChange(current.subscriptionId, planId, deps.now());
  const { amountCents, interval } = checkoutPlan(planId);
  return {
    plan: planId,
    change: preview.change,
    amount_due: preview.amountDueCents,
    proration_date: Math.floor(preview.prorationDate.getTime() / 1000),
    effective_at: preview.effectiveAt.toISOString(),
    price: amountCents,
    interval,
  };
}

/** Switches the one subscription, then writes what the provider now says. */
export function changePlan(
  deps: Deps,
  {
    user,
    planId,
    prorationDate,
    key = null,
  }: { user: Member; planId: CheckoutPlanId; prorationDate?: number; key?: string | null },
) {
  // A phone that lost the answer sends the change again with its key: it gets the first answer,
  // not "You are already on this plan." (the change it asked for is made).
  const input = { planId, prorationDate: prorationDate ?? null };
  return onceAfterwards(deps, { userId: user.id, key, route: 'plan-change', input }, () =>
    switchPlan(deps, { user, planId, prorationDate }),
  );
}

async function switchPlan(
  deps: Deps,
  {
    user,
    planId,
    prorationDate,
  }: { user: Member; planId: CheckoutPlanId; prorationDate?: number | undefined },
) {
  const current = await paidSubscriptionOf(deps, user);
  refuseNoChange(current, planId);
  const now = deps.now();
  const at = prorationDate === undefined ? now : new Date(prorationDate * 1000);
  if (at.getTime() > now.getTime() + 60_000 || at.getTime() < now.getTime() - PREVIEW_VALID_MS)
    throw new AppError('BAD_REQUEST', 'This price preview has expired. Review the price again and confirm.');
  // Moving up to 1-on-1 Burn takes a seat: held before the provider charges, never half-done.
  const hold = isBurn(planId) && !isBurn(current.plan) ? await holdSeat(deps, user) : null;
  try {
    await deps.payments.changePlan(current.subscriptionId, planId, at);
  } catch (err) {
    if (hold?.isNew) await releaseHold(deps, hold.id);
    if (err instanceof PaymentRefusedError) throw new AppError('PAYMENT_REQUIRED', err.message);
    throw err;
  }
  await syncSubscription(deps, { subscriptionId: current.subscriptionId, userId: user.id, occurredAt: now });
  return {
    subscription: await getSubscriptionState(deps, { user }),
    plan: await getCurrentPlan(deps, { user }),
  };
}

/** Takes back a cancellation at the period end; sent again after a lost answer, answers that. */
export function resumeSubscription(deps: Deps, { user, key = null }: { user: Member; key?: string | null }) {
  return onceAfterwards(deps, { userId: user.id, key, route: 'resume', input: null }, () =>
    resume(deps, { user }),
  );
}

async function resume(deps: Deps, { user }: { user: Member }) {
  const current = await paidSubscriptionOf(deps, user);
  if (!current.cancel_at_period_end)
    throw new AppError('CONFLICT', 'Your subscription is not set to cancel.');
  await deps.payments.setCancelAtPeriodEnd(current.subscriptionId, false);
  await syncSubscription(deps, {
    subscriptionId: current.subscriptionId,
    userId: user.id,
    occurredAt: deps.now(),
  });
  return getCurrentPlan(deps, { user });
}

/** The billing portal opened on cancelling the subscription at the period end. */
export async function openCancelPortal(deps: Deps, { user }: { user: Member }) {
  const current = await paidSubscriptionOf(deps, user);
  const url = await deps.payments.createPortalUrl(
    current.customerId,
    `${deps.config.publicUrl}/subscription/manage`,
    { cancelSubscriptionId: current.subscriptionId },
  );
  return { url };
}
