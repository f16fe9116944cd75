import { checkoutPlan } from '@core28/core/plans';
import { eq } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import type { DbOrTx } from '../../platform/db/index.ts';
import { paymentCustomers, paymentEvents, subscribers, users } from '../../platform/db/schema.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import {
  isActiveStatus,
  type PaymentEvent,
  type ProviderSubscription,
} from '../../platform/payments/provider.ts';
import { ensureCoach, offerSeatsSoon } from '../seats/service.ts';
import { recordPlanState } from './ledger.ts';
import { mailPaymentFailed, mailProviderTrialEnding, mailReceipt } from './mail.ts';
import { CHARGE_REFUNDED, paidInvoiceOf, recordEventMoney, refundedChargeOf } from './money.ts';

export type EventOutcome = 'handled' | 'duplicate' | 'stale' | 'ignored';

const CHECKOUT_COMPLETED = 'checkout.session.completed';
const TRIAL_WILL_END = 'customer.subscription.trial_will_end';
const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

/** Every event type acted on; the others are answered `ignored`. docs/operations.md §Stripe lists exactly these. */
export const HANDLED_EVENTS = [CHECKOUT_COMPLETED, ...SUBSCRIPTION_EVENTS, TRIAL_WILL_END, CHARGE_REFUNDED];

/** What writing an event needs: the provider to re-read from, and the mail it writes. */
export type EventDeps = Pick<Deps, 'db' | 'now' | 'payments' | 'config' | 'jobs' | 'mailLinkKey'>;

type Effect =
  | { kind: 'sync'; subscription: ProviderSubscription; userId: string | null }
  | { kind: 'trial-ending'; subscriptionId: string }
  | { kind: 'none' };

/** What the event asks for, with the subscription re-read from the provider (never trusted from the event). */
async function effectOf(deps: EventDeps, event: PaymentEvent): Promise<Effect> {
  if (event.type === CHECKOUT_COMPLETED && event.checkoutId) {
    const checkout = await deps.payments.getCheckout(event.checkoutId);
    const subscription = checkout?.subscriptionId
      ? await deps.payments.getSubscription(checkout.subscriptionId)
      : null;
    return subscription ? { kind: 'sync', subscription, userId: checkout?.userId ?? null } : { kind: 'none' };
  }
  if (SUBSCRIPTION_EVENTS.has(event.type) && event.subscriptionId) {
    const subscription = await deps.payments.getSubscription(event.subscriptionId);
    return subscription ? { kind: 'sync', subscription, userId: event.userId ?? null } : { kind: 'none' };
  }
  if (event.type === TRIAL_WILL_END && event.subscriptionId)
    return { kind: 'trial-ending', subscriptionId: event.subscriptionId };
  return { kind: 'none' };
}

/**
 * The one writer of paid state (DESIGN.md). Idempotent per event id (a ledger row written in the
 * same transaction as the effect), safe out of order (an event older than the stored state
 * changes nothing), and the subscription is re-read from the provider before writing. Its e-mails
 * (a receipt, the trial's end) are written in the same transaction and sent by the mail queue:
 * a retried event does not send them twice, and a failed send is retried by the queue.
 */
export async function handlePaymentEvent(deps: EventDeps, event: PaymentEvent): Promise<EventOutcome> {
  const [seen] = await deps.db
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(eq(paymentEvents.id, event.id));
  if (seen) return 'duplicate';
  const [effect, invoice, charge] = await Promise.all([
    effectOf(deps, event),
    paidInvoiceOf(deps, event),
    refundedChargeOf(deps, event),
  ]);
  if (effect.kind === 'sync') await learnStoredSubscription(deps, effect);
  return deps.db.transaction(async (tx) => {
    const recorded = await tx
      .insert(paymentEvents)
      .values({
        id: event.id,
        provider: deps.payments.kind,
        type: event.type,
        occurredAt: event.created,
        outcome: 'handled',
      })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (recorded.length === 0) return 'duplicate' as const;
    const result: EventOutcome =
      effect.kind === 'sync'
        ? await writeSubscription(tx, {
            ...effect,
            occurredAt: event.created,
            now: deps.now(),
            jobs: deps.jobs,
            graceDays: deps.config.paymentGraceDays,
            provider: deps.payments.kind,
            eventId: event.id,
          })
        : effect.kind === 'trial-ending' || charge
          ? 'handled'
          : 'ignored';
    await tx.update(paymentEvents).set({ outcome: result }).where(eq(paymentEvents.id, event.id));
    // After the plan's own entries: an invoice paid for a checkout follows its subscription's start.
    await recordEventMoney(tx, { event, provider: deps.payments.kind, invoice, charge });
    if (invoice) await mailReceipt(deps, tx, { invoice });
    if (effect.kind === 'trial-ending')
      await mailProviderTrialEnding(deps, tx, { subscriptionId: effect.subscriptionId });
    if (event.subscriptionId && (event.type === 'invoice.payment_failed' || effect.kind === 'sync'))
      await mailPaymentFailed(deps, tx, {
        subscriptionId: event.subscriptionId,
        eventId: event.type === 'invoice.payment_failed' ? event.id : null,
      });
    return result;
  });
}

/** Re-reads one subscription from the provider and writes it (the success page's confirmation). */
export async function syncSubscription(
  deps: EventDeps,
  { subscriptionId, userId, occurredAt }: { subscriptionId: string; userId: string | null; occurredAt: Date },
): Promise<EventOutcome> {
  const subscription = await deps.payments.getSubscription(subscriptionId);
  if (!subscription) return 'ignored';
  await learnStoredSubscription(deps, { subscription, userId });
  const written = await deps.db.transaction(async (tx) => {
    const outcome = await writeSubscription(tx, {
      subscription,
      userId,
      occurredAt,
      now: deps.now(),
      isFreshRead: true,
      jobs: deps.jobs,
      graceDays: deps.config.paymentGraceDays,
      provider: deps.payments.kind,
    });
    // A renewal found failed here (the demo provider sends no event for it) is told as an event's is.
    await mailPaymentFailed(deps, tx, { subscriptionId, eventId: null });
    return outcome;
  });
  // What the re-read made the provider do (a demo renewal's invoice) is heard of at once.
  await deliverProviderEvents(deps);
  return written;
}

/**
 * Handles the events a provider gives out when asked (the demo provider's webhooks); Stripe
 * sends its own. Called after a re-read, after the demo pages' actions, and by the ledger sweep.
 */
export async function deliverProviderEvents(deps: EventDeps) {
  if (deps.payments.kind !== 'demo') return;
  for (const event of await deps.payments.takeEvents()) await handlePaymentEvent(deps, event);
}

/** The member a provider subscription belongs to: by the subscription, then by its customer. */
async function ownerOf(
  db: DbOrTx,
  { subscription, userId }: { subscription: ProviderSubscription; userId: string | null },
): Promise<string | null> {
  const [bySubscription] = await db
    .select({ userId: subscribers.userId })
    .from(subscribers)
    .where(eq(subscribers.providerSubscriptionId, subscription.id));
  const [byCustomer] = bySubscription
    ? []
    : await db
        .select({ userId: paymentCustomers.userId })
        .from(paymentCustomers)
        .where(eq(paymentCustomers.customerId, subscription.customerId));
  const [byCustomerRow] =
    bySubscription || byCustomer
      ? []
      : await db
          .select({ userId: subscribers.userId })
          .from(subscribers)
          .where(eq(subscribers.providerCustomerId, subscription.customerId));
  return (
    bySubscription?.userId ?? byCustomer?.userId ?? byCustomerRow?.userId ?? subscription.userId ?? userId
  );
}

/**
 * Rows paid before the subscription's creation time was recorded (migration 0007) cannot tell
 * an older subscription from a newer one: before an event about another subscription is written,
 * the member's stored subscription is re-read once, which records its creation time and plan,
 * so `writeSubscription` can compare (the members who paid twice before the fix are
 * exactly the ones whose old subscription still sends events). A provider that cannot answer
 * fails the event, which the provider retries, rather than let it overwrite the current plan.
 */
async function learnStoredSubscription(
  deps: Parameters<typeof syncSubscription>[0],
  { subscription, userId }: { subscription: ProviderSubscription; userId: string | null },
) {
  const ownerId = await ownerOf(deps.db, { subscription, userId });
  if (!ownerId) return;
  const [row] = await deps.db
    .select({
      subscriptionId: subscribers.providerSubscriptionId,
      createdAt: subscribers.providerSubscriptionCreatedAt,
    })
    .from(subscribers)
    .where(eq(subscribers.userId, ownerId));
  if (!row?.subscriptionId || row.createdAt || row.subscriptionId === subscription.id) return;
  await syncSubscription(deps, {
    subscriptionId: row.subscriptionId,
    userId: ownerId,
    occurredAt: deps.now(),
  });
}

/**
 * Writes what the provider says about one subscription onto its member's row. The row follows one
 * subscription, the member's current one: an event about an older subscription (by the
 * provider's creation time) changes nothing, so the end of a replaced plan cannot end the plan
 * the member pays for now; a newer subscription takes the row over. A row with no
 * creation time (see `learnStoredSubscription`) is taken over by any other subscription.
 */
export async function writeSubscription(
  db: DbOrTx,
  {
    subscription,
    userId,
    occurredAt,
    now,
    isFreshRead = false,
    jobs,
    graceDays,
    provider = null,
    eventId = null,
  }: {
    subscription: ProviderSubscription;
    userId: string | null;
    occurredAt: Date;
    now: Date;
    /**
     * Read from the provider just now (a confirmation, a change, a doubt) rather than for an event:
     * as new as anything stored, whatever the provider's clock stamped on earlier events.
     */
    isFreshRead?: boolean;
    /** To offer a seat this write frees (a 1-on-1 Burn plan ending) to the waitlist at once. */
    jobs?: JobQueue;
    /** The plan rule's grace for a failed renewal (config), as the ledger reads the row with it. */
    graceDays: number;
    /** The provider and its event, named on the ledger's entries. */
    provider?: string | null;
    eventId?: string | null;
  },
): Promise<EventOutcome> {
  const ownerId = await ownerOf(db, { subscription, userId });
  if (!ownerId) return 'ignored';
  const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.id, ownerId));
  if (!owner) return 'ignored';
  const [row] = await db.select().from(subscribers).where(eq(subscribers.userId, ownerId)).for('update');

  const isSameSubscription = row?.providerSubscriptionId === subscription.id;
  const storedAt = isSameSubscription ? row?.providerUpdatedAt : null;
  if (storedAt && storedAt > occurredAt && !isFreshRead) return 'stale';
  const isOlderThanCurrent =
    !isSameSubscription &&
    row?.providerSubscriptionId &&
    row.providerSubscriptionCreatedAt &&
    subscription.createdAt.getTime() <= row.providerSubscriptionCreatedAt.getTime();
  if (isOlderThanCurrent) return 'stale';

  // A failed renewal (past_due) keeps the plan while the provider retries, for the grace period
  // counted from the renewal that failed (core's determineSubscription); a payment ends it.
  const isFailing = subscription.status === 'past_due';
  const isRunning = isActiveStatus(subscription.status) || isFailing;
  const failedAt =
    isSameSubscription && row?.paymentFailedAt ? row.paymentFailedAt : subscription.currentPeriodStart;
  const paid = {
    subscribed: isRunning,
    paymentFailedAt: isFailing ? new Date(Math.min(failedAt.getTime(), occurredAt.getTime())) : null,
    // A plan running again will be told of its end again when it comes.
    ...(isRunning ? { planEndedMailedAt: null } : {}),
    subscriptionTier: checkoutPlan(subscription.planId).plan.tier,
    subscriptionEnd: subscription.currentPeriodEnd,
    isTrial: false,
    planId: subscription.planId,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    scheduledPlanId: subscription.scheduledPlanId,
    providerCustomerId: subscription.customerId,
    providerSubscriptionId: subscription.id,
    providerSubscriptionCreatedAt: subscription.createdAt,
    providerUpdatedAt: storedAt && storedAt > occurredAt ? storedAt : occurredAt,
    updatedAt: now,
  };
  const [written] = await db
    .insert(subscribers)
    .values({ userId: ownerId, email: owner.email, ...paid })
    .onConflictDoUpdate({ target: subscribers.userId, set: paid })
    .returning();
  await recordPlanState(db, {
    userId: ownerId,
    previous: row ?? null,
    row: written ?? null,
    at: now,
    occurredAt,
    graceDays,
    source: { provider, providerSubscriptionId: subscription.id, providerEventId: eventId },
  });
  // 1-on-1 Burn comes with a coach (features/seats); a Burn plan that stops frees its seat.
  const isBurn = paid.subscriptionTier === '1-on-1 Burn';
  if (isBurn && isRunning) await ensureCoach(db, { userId: ownerId, email: owner.email, now });
  const wasBurn = row?.subscribed && row.subscriptionTier === '1-on-1 Burn';
  if (wasBurn && !(isBurn && isRunning) && jobs) await offerSeatsSoon({ jobs }, db);
  return 'handled';
}
