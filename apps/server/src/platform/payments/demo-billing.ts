import { addInterval, type CheckoutPlanId, checkoutPlan, formatDollars } from '@core28/core/plans';
import {
  type CardData,
  type CardInput,
  type CustomerData,
  digitsOf,
  type EventData,
  type InvoiceData,
  newId,
  type Store,
  type SubscriptionData,
  toData,
  toSubscription,
} from './demo-records.ts';
import { isActiveStatus, PaymentRefusedError, type ProviderSubscription } from './provider.ts';

export const DEMO_CARDS = { success: '4242424242424242', declined: '4000000000000002' } as const;

/** The demo provider's cards, invoices and renewals, on the provider's clock (`now`). */
export function demoBilling(now: () => Date) {
  /** The test card is the only card that pays; the declined one and any other are refused. */
  function checkCard(card: CardInput) {
    const number = digitsOf(card.number);
    if (number === DEMO_CARDS.declined) throw new PaymentRefusedError('Your card was declined.');
    if (number !== DEMO_CARDS.success)
      throw new PaymentRefusedError('Use the test card 4242 4242 4242 4242.');
    const today = now();
    if (
      card.expYear < today.getUTCFullYear() ||
      (card.expYear === today.getUTCFullYear() && card.expMonth < today.getUTCMonth() + 1)
    )
      throw new PaymentRefusedError('Your card has expired.');
    return number;
  }

  async function replaceCard(s: Store, customerId: string, card: CardInput) {
    const number = checkCard(card);
    for (const old of await s.list(customerId, 'payment_method')) await s.remove(old.id);
    const data: CardData = {
      brand: 'visa',
      last4: number.slice(-4),
      exp_month: card.expMonth,
      exp_year: card.expYear,
    };
    await s.put(newId('pm'), 'payment_method', customerId, data);
  }

  /** Charges the card on file (pretend); a renewal without one leaves the subscription past due. */
  async function hasCardOnFile(s: Store, customerId: string) {
    return (await s.list<CardData>(customerId, 'payment_method')).some((pm) => pm.data.last4 === '4242');
  }

  /** An invoice for `totalCents`, paid first from the customer's credit (as Stripe's balance is). */
  async function invoice(s: Store, customerId: string, totalCents: number, description: string) {
    const customer = await s.get<CustomerData>(customerId, 'customer');
    const credit = customer?.data.creditCents ?? 0;
    const applied = Math.min(Math.max(totalCents, 0), credit);
    if (customer)
      await s.put(customerId, 'customer', customerId, {
        ...customer.data,
        creditCents: credit - applied + Math.max(0, -totalCents),
      });
    const count = (await s.list(customerId, 'invoice')).length;
    const data: InvoiceData = {
      number: `CORE28-${customerId.slice(-4).toUpperCase()}-${String(count + 1).padStart(4, '0')}`,
      amount_paid: Math.max(0, totalCents) - applied,
      description,
      created: Math.floor(now().getTime() / 1000),
    };
    const id = newId('in');
    await s.put(id, 'invoice', customerId, data);
    return id;
  }

  /**
   * An event for the app, delivered when it next asks (`takeEvents`), as Stripe would send it by
   * webhook: money that moved outside a checkout (a renewal's or an upgrade's invoice, a refund).
   */
  const queueEvent = (s: Store, customerId: string, data: Omit<EventData, 'created'>) =>
    s.put(newId('evt'), 'event', customerId, { ...data, created: now().toISOString() } satisfies EventData);

  const periodInvoice = (s: Store, customerId: string, planId: CheckoutPlanId) => {
    const { plan, interval, amountCents } = checkoutPlan(planId);
    const label = `${plan.name} (${interval === 'year' ? 'yearly' : 'monthly'})`;
    return invoice(s, customerId, amountCents, `${label} — ${formatDollars(amountCents)}`);
  };

  /**
   * Brings a locked subscription up to now, as Stripe's clock would have: each period that ended
   * renews it (a scheduled downgrade starts, an invoice is paid), or ends it when it was set to
   * cancel at the period end. A renewal that cannot be paid starts the new period past due, as
   * Stripe's does while it retries; a period that ends still unpaid cancels it (Stripe's "cancel
   * the subscription" once its retries are over).
   */
  async function advance(s: Store, subscription: ProviderSubscription) {
    const at = now();
    let current = subscription;
    let changed = false;
    while (current.currentPeriodEnd.getTime() <= at.getTime()) {
      if (current.status === 'past_due') {
        current = { ...current, status: 'canceled' };
        changed = true;
        break;
      }
      if (!isActiveStatus(current.status)) break;
      changed = true;
      if (current.cancelAtPeriodEnd) {
        current = { ...current, status: 'canceled' };
        break;
      }
      const planId = current.scheduledPlanId ?? current.planId;
      const isPaid = await hasCardOnFile(s, current.customerId);
      current = {
        ...current,
        planId,
        status: isPaid ? current.status : 'past_due',
        scheduledPlanId: null,
        currentPeriodStart: current.currentPeriodEnd,
        currentPeriodEnd: addInterval(current.currentPeriodEnd, checkoutPlan(planId).interval),
      };
      if (isPaid) {
        const invoiceId = await periodInvoice(s, current.customerId, planId);
        await queueEvent(s, current.customerId, {
          type: 'invoice.paid',
          subscriptionId: current.id,
          invoiceId,
        });
      }
    }
    if (changed) await s.put(current.id, 'subscription', current.customerId, toData(current));
    return current;
  }

  /**
   * A new card pays what is past due at once (Stripe retries an open invoice when the customer
   * updates their card): each such subscription is paid for its period and active again. The
   * invoices paid, for their receipts.
   */
  async function payPastDue(s: Store, customerId: string) {
    const paid: string[] = [];
    for (const row of await s.list<SubscriptionData>(customerId, 'subscription')) {
      const subscription = await lockSubscription(s, row.id);
      if (subscription?.status !== 'past_due') continue;
      paid.push(await periodInvoice(s, customerId, subscription.planId));
      await s.put(subscription.id, 'subscription', customerId, toData({ ...subscription, status: 'active' }));
    }
    return paid;
  }

  /** The subscription, locked and brought up to now, with its customer locked first. */
  async function lockSubscription(s: Store, id: string) {
    const unlocked = await s.get<SubscriptionData>(id, 'subscription');
    if (!unlocked) return null;
    await s.lock(unlocked.data.customerId, 'customer');
    const row = await s.lock<SubscriptionData>(id, 'subscription');
    return row ? advance(s, toSubscription(row.data, row.createdAt)) : null;
  }

  async function activeSubscription(s: Store, customerId: string) {
    for (const row of await s.list<SubscriptionData>(customerId, 'subscription')) {
      const subscription = await lockSubscription(s, row.id);
      // One subscription a customer, past due or not: a failing one is mended by a new card.
      if (subscription && (isActiveStatus(subscription.status) || subscription.status === 'past_due'))
        return subscription;
    }
    return null;
  }

  return {
    checkCard,
    replaceCard,
    hasCardOnFile,
    invoice,
    queueEvent,
    periodInvoice,
    lockSubscription,
    activeSubscription,
    payPastDue,
  };
}
