import { type CheckoutPlanId, checkoutPlan, planChange } from '@core28/core/plans';
import type Stripe from 'stripe';
import type { Config } from '../../config.ts';
import { type PaymentEvent, type PaymentProvider, PaymentRefusedError } from './provider.ts';
import {
  billingInfoOf,
  idOf,
  isMissing,
  paidInvoiceOf,
  paymentEventOf,
  seconds,
  subscriptionOf,
} from './stripe-objects.ts';

export type StripeSettings = NonNullable<Config['stripe']>;

export class WebhookSignatureError extends Error {}

/** Stripe: Checkout Sessions in subscription mode, the Billing Portal, and signed webhooks. */
export function createStripeProvider(settings: StripeSettings) {
  const api = settings.apiBase ? new URL(settings.apiBase) : null;
  // The SDK is loaded where Stripe is configured only: its modules hold ~6 MB of the heap every
  // major collection marks. Loading starts now; a failure is thrown where it is awaited.
  const loading = import('stripe').then(({ default: StripeSdk }) => ({
    StripeSdk,
    stripe: new StripeSdk(settings.secretKey, {
      maxNetworkRetries: 2,
      ...(api
        ? { host: api.hostname, port: api.port, protocol: api.protocol.replace(':', '') as 'http' | 'https' }
        : {}),
    }),
  }));
  loading.catch(() => {});
  const toSubscription = (s: Stripe.Subscription) => subscriptionOf(s, settings.prices);

  /** The subscription with its schedule; null when Stripe has no such subscription. */
  async function retrieve(id: string) {
    const { stripe } = await loading;
    try {
      const subscription = await stripe.subscriptions.retrieve(id, { expand: ['schedule'] });
      const mapped = toSubscription(subscription);
      return mapped ? { raw: subscription, subscription: mapped, item: subscription.items.data[0]! } : null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async function mustRetrieve(id: string) {
    const found = await retrieve(id);
    if (!found || !['active', 'trialing'].includes(found.subscription.status))
      throw new PaymentRefusedError('This subscription is no longer active.');
    return found;
  }

  /** Drops a scheduled downgrade: the subscription carries on as it is. */
  async function releaseSchedule(raw: Stripe.Subscription) {
    const { stripe } = await loading;
    const scheduleId = idOf(raw.schedule as string | { id: string } | null);
    if (scheduleId) await stripe.subscriptionSchedules.release(scheduleId);
  }

  return {
    kind: 'stripe' as const,

    async ensureCustomer({ userId, email }) {
      const { stripe } = await loading;
      // One customer per member: the key makes two first checkouts at once create one customer.
      const customer = await stripe.customers.create(
        { email, metadata: { userId } },
        { idempotencyKey: `core28-customer-${userId}` },
      );
      return customer.id;
    },

    async createCheckout({ userId, customerId, planId, successUrl, cancelUrl, expiresAt }) {
      const { stripe } = await loading;
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: settings.prices[planId], quantity: 1 }],
        customer: customerId,
        client_reference_id: userId,
        metadata: { userId, planId },
        subscription_data: { metadata: { userId, planId } },
        success_url: successUrl,
        cancel_url: cancelUrl,
        ...(expiresAt ? { expires_at: Math.floor(expiresAt.getTime() / 1000) } : {}),
      });
      if (!session.url) throw new Error('Stripe returned no checkout URL');
      return { id: session.id, url: session.url };
    },

    async getCheckout(id) {
      const { stripe } = await loading;
      const session = await stripe.checkout.sessions.retrieve(id).catch(() => null);
      if (!session) return null;
      return {
        id: session.id,
        userId: session.client_reference_id ?? session.metadata?.userId ?? null,
        customerId: idOf(session.customer),
        subscriptionId: idOf(session.subscription),
        isComplete: session.status === 'complete',
      };
    },

    async getSubscription(id) {
      return (await retrieve(id))?.subscription ?? null;
    },

    async getBillingInfo(customerId) {
      const { stripe } = await loading;
      const [subscriptions, methods, invoices] = await Promise.all([
        stripe.subscriptions.list({ customer: customerId, limit: 10 }),
        stripe.paymentMethods.list({ customer: customerId, type: 'card' }),
        stripe.invoices.list({ customer: customerId, limit: 10 }),
      ]);
      return billingInfoOf(subscriptions.data, methods.data, invoices.data, toSubscription);
    },

    async getPaidInvoice(id) {
      const { stripe } = await loading;
      const invoice = await stripe.invoices.retrieve(id).catch((err) => {
        if (isMissing(err)) return null;
        throw err;
      });
      if (!invoice?.id || invoice.status !== 'paid') return null;
      return paidInvoiceOf(invoice);
    },

    async getCharge(id) {
      const { stripe } = await loading;
      const charge = await stripe.charges.retrieve(id).catch((err) => {
        if (isMissing(err)) return null;
        throw err;
      });
      const customerId = charge ? idOf(charge.customer) : null;
      if (!charge || !customerId) return null;
      // Older API versions name the charge's invoice on it; current ones do not (null then).
      const invoice = (charge as { invoice?: string | { id: string } | null }).invoice;
      return {
        id: charge.id,
        customerId,
        amountRefundedCents: charge.amount_refunded,
        invoiceId: idOf(invoice),
      };
    },

    async createPortalUrl(customerId, returnUrl, options?) {
      const { stripe } = await loading;
      const cancelId = options?.cancelSubscriptionId;
      if (cancelId) {
        // A cancellation supersedes a scheduled downgrade (and the portal cancels only a
        // subscription that no schedule manages).
        const found = await retrieve(cancelId);
        if (found) await releaseSchedule(found.raw);
      }
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
        ...(cancelId
          ? {
              flow_data: {
                type: 'subscription_cancel',
                subscription_cancel: { subscription: cancelId },
                after_completion: { type: 'redirect', redirect: { return_url: returnUrl } },
              },
            }
          : {}),
      });
      return session.url;
    },

    /** Stripe's own preview of the upgrade invoice, for the same proration instant as the change. */
    async previewChange(subscriptionId, planId, at) {
      const { stripe } = await loading;
      const { subscription, item } = await mustRetrieve(subscriptionId);
      const change = planChange(subscription.planId, planId);
      if (change !== 'upgrade')
        return { change, amountDueCents: 0, prorationDate: at, effectiveAt: subscription.currentPeriodEnd };
      const preview = await stripe.invoices.createPreview({
        customer: subscription.customerId,
        subscription: subscriptionId,
        subscription_details: {
          items: [{ id: item.id, price: settings.prices[planId] }],
          proration_behavior: 'always_invoice',
          proration_date: seconds(at),
        },
      });
      return { change, amountDueCents: preview.amount_due, prorationDate: at, effectiveAt: at };
    },

    /**
     * Upgrades update the subscription item's price with an immediate prorated invoice that must
     * be paid for the change to happen; downgrades become the schedule's next phase, starting at
     * the period end; the current plan releases a schedule.
     */
    async changePlan(subscriptionId, planId, prorationDate) {
      const { StripeSdk, stripe } = await loading;
      const { raw, subscription, item } = await mustRetrieve(subscriptionId);
      const change = planChange(subscription.planId, planId);
      if (change !== 'downgrade') {
        await releaseSchedule(raw);
        if (change === 'same') return;
        try {
          await stripe.subscriptions.update(subscriptionId, {
            items: [{ id: item.id, price: settings.prices[planId] }],
            proration_behavior: 'always_invoice',
            proration_date: seconds(prorationDate),
            payment_behavior: 'error_if_incomplete',
            cancel_at_period_end: false,
            metadata: { ...raw.metadata, planId },
          });
        } catch (err) {
          if (err instanceof StripeSdk.errors.StripeCardError) throw new PaymentRefusedError(err.message);
          throw err;
        }
        return;
      }
      if (raw.cancel_at_period_end)
        await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false });
      const scheduleId = idOf(raw.schedule as string | { id: string } | null);
      const schedule = scheduleId
        ? await stripe.subscriptionSchedules.retrieve(scheduleId)
        : await stripe.subscriptionSchedules.create({ from_subscription: subscriptionId });
      const current = schedule.current_phase ?? schedule.phases[0];
      await stripe.subscriptionSchedules.update(schedule.id, {
        end_behavior: 'release',
        phases: [
          {
            items: [{ price: settings.prices[subscription.planId], quantity: 1 }],
            start_date: current?.start_date ?? item.current_period_start,
            end_date: current?.end_date ?? item.current_period_end,
          },
          {
            items: [{ price: settings.prices[planId], quantity: 1 }],
            duration: { interval: checkoutPlan(planId).interval, interval_count: 1 },
            proration_behavior: 'none',
          },
        ],
      });
    },

    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      const { stripe } = await loading;
      const { raw } = await mustRetrieve(subscriptionId);
      if (cancel) await releaseSchedule(raw);
      await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel });
    },

    async cancelNow(subscriptionId) {
      const { stripe } = await loading;
      await stripe.subscriptions.cancel(subscriptionId);
    },

    /** Verifies the signature on the raw body; the event as the handler needs it. */
    async parseWebhook(rawBody: string, signature: string | undefined): Promise<PaymentEvent> {
      const { stripe } = await loading;
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', settings.webhookSecret);
      } catch (err) {
        throw new WebhookSignatureError((err as Error).message);
      }
      return paymentEventOf(event);
    },
  } satisfies PaymentProvider & { parseWebhook: unknown };
}

export type StripeProvider = ReturnType<typeof createStripeProvider>;
export type { CheckoutPlanId };
