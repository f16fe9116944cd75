import { CHECKOUT_PLAN_IDS, type CheckoutPlanId, checkoutPlan, planChange } from '@core28/core/plans';
import type Stripe from 'stripe';
import type { Config } from '../../config.ts';
import {
  type PaymentEvent,
  type PaymentProvider,
  PaymentRefusedError,
  type ProviderSubscription,
  type SubscriptionStatus,
} from './provider.ts';

export type StripeSettings = NonNullable<Config['stripe']>;

export class WebhookSignatureError extends Error {}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const isMissing = (err: unknown) => (err as { statusCode?: number }).statusCode === 404;

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
  const planOfPrice = (priceId: string | undefined) =>
    CHECKOUT_PLAN_IDS.find((id) => settings.prices[id] === priceId);

  /** A downgrade waiting in the subscription's schedule: the phase that starts at the period end. */
  const scheduledPlanOf = (s: Stripe.Subscription, periodEnd: number, planId: CheckoutPlanId) => {
    if (!s.schedule || typeof s.schedule === 'string') return null;
    const next = s.schedule.phases.find((phase) => phase.start_date >= periodEnd);
    const price = next?.items[0]?.price;
    const nextPlan = planOfPrice(typeof price === 'string' ? price : price?.id);
    return nextPlan && nextPlan !== planId ? nextPlan : null;
  };

  const toSubscription = (s: Stripe.Subscription): ProviderSubscription | null => {
    const item = s.items.data[0];
    const planId = planOfPrice(item?.price.id);
    if (!item || !planId) return null;
    return {
      id: s.id,
      customerId: idOf(s.customer)!,
      userId: s.metadata.userId ?? null,
      planId,
      status: s.status as SubscriptionStatus,
      createdAt: new Date(s.created * 1000),
      currentPeriodStart: new Date(item.current_period_start * 1000),
      currentPeriodEnd: new Date(item.current_period_end * 1000),
      cancelAtPeriodEnd: s.cancel_at_period_end,
      scheduledPlanId: scheduledPlanOf(s, item.current_period_end, planId),
    };
  };

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

    async createCheckout({ userId, customerId, planId, successUrl, cancelUrl }) {
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
      return {
        subscriptions: subscriptions.data.flatMap((s) => {
          const mapped = toSubscription(s);
          if (!mapped) return [];
          return [
            {
              plan_name: checkoutPlan(mapped.planId).plan.name,
              current_period_end: Math.floor(mapped.currentPeriodEnd.getTime() / 1000),
              cancel_at_period_end: mapped.cancelAtPeriodEnd,
            },
          ];
        }),
        payment_methods: methods.data.flatMap((pm) =>
          pm.card
            ? [
                {
                  id: pm.id,
                  card: {
                    brand: pm.card.brand,
                    last4: pm.card.last4,
                    exp_month: pm.card.exp_month,
                    exp_year: pm.card.exp_year,
                  },
                },
              ]
            : [],
        ),
        invoices: invoices.data.map((invoice) => ({
          id: invoice.id ?? '',
          number: invoice.number ?? '',
          created: invoice.created,
          amount_paid: invoice.amount_paid,
          description: invoice.description ?? invoice.lines?.data[0]?.description ?? '',
          invoice_pdf: invoice.invoice_pdf ?? null,
        })),
      };
    },

    async getPaidInvoice(id) {
      const { stripe } = await loading;
      const invoice = await stripe.invoices.retrieve(id).catch((err) => {
        if (isMissing(err)) return null;
        throw err;
      });
      if (!invoice?.id || invoice.status !== 'paid') return null;
      return {
        id: invoice.id,
        customerId: idOf(invoice.customer)!,
        number: invoice.number ?? invoice.id,
        amountPaidCents: invoice.amount_paid,
        description: invoice.description ?? invoice.lines?.data[0]?.description ?? '',
        paidAt: new Date((invoice.status_transitions?.paid_at ?? invoice.created) * 1000),
        url: invoice.hosted_invoice_url ?? invoice.invoice_pdf ?? null,
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
      const object = event.data.object as unknown as Record<string, unknown> & {
        id?: string;
        object?: string;
      };
      // Invoices name their subscription under parent.subscription_details in current API versions.
      const parent = object.parent as
        | { subscription_details?: { subscription?: string | { id: string } } }
        | undefined;
      const subscriptionId =
        object.object === 'subscription'
          ? (object.id ?? null)
          : idOf(
              (object.subscription ?? parent?.subscription_details?.subscription ?? null) as
                | string
                | { id: string }
                | null,
            );
      const metadata = (object.metadata ?? {}) as Record<string, string>;
      return {
        id: event.id,
        type: event.type,
        created: new Date(event.created * 1000),
        checkoutId: object.object === 'checkout.session' ? (object.id ?? null) : null,
        invoiceId: object.object === 'invoice' ? (object.id ?? null) : null,
        subscriptionId,
        customerId: idOf(object.customer as string | { id: string } | null),
        userId: (object.client_reference_id as string | undefined) ?? metadata.userId ?? null,
      };
    },
  } satisfies PaymentProvider & { parseWebhook: unknown };
}

export type StripeProvider = ReturnType<typeof createStripeProvider>;
export type { CheckoutPlanId };
