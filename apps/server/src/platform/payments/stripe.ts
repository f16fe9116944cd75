import { CHECKOUT_PLAN_IDS, type CheckoutPlanId, checkoutPlan } from '@core28/core/plans';
import Stripe from 'stripe';
import type { Config } from '../../config.ts';
import type { PaymentEvent, PaymentProvider, ProviderSubscription, SubscriptionStatus } from './provider.ts';

export type StripeSettings = NonNullable<Config['stripe']>;

export class WebhookSignatureError extends Error {}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** Stripe: Checkout Sessions in subscription mode, the Billing Portal, and signed webhooks. */
export function createStripeProvider(settings: StripeSettings) {
  const api = settings.apiBase ? new URL(settings.apiBase) : null;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    ...(api
      ? { host: api.hostname, port: api.port, protocol: api.protocol.replace(':', '') as 'http' | 'https' }
      : {}),
  });
  const planOfPrice = (priceId: string | undefined) =>
    CHECKOUT_PLAN_IDS.find((id) => settings.prices[id] === priceId);

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
      currentPeriodEnd: new Date(item.current_period_end * 1000),
      cancelAtPeriodEnd: s.cancel_at_period_end,
    };
  };

  return {
    kind: 'stripe' as const,

    async createCheckout({ userId, email, planId, successUrl, cancelUrl }) {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: settings.prices[planId], quantity: 1 }],
        customer_email: email,
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
      const subscription = await stripe.subscriptions.retrieve(id).catch(() => null);
      return subscription ? toSubscription(subscription) : null;
    },

    async getBillingInfo(customerId) {
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

    async createPortalUrl(customerId, returnUrl) {
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return session.url;
    },

    async cancelNow(subscriptionId) {
      await stripe.subscriptions.cancel(subscriptionId);
    },

    /** Verifies the signature on the raw body; the event as the handler needs it. */
    parseWebhook(rawBody: string, signature: string | undefined): PaymentEvent {
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
        subscriptionId,
        customerId: idOf(object.customer as string | { id: string } | null),
        userId: (object.client_reference_id as string | undefined) ?? metadata.userId ?? null,
      };
    },
  } satisfies PaymentProvider & { parseWebhook: unknown };
}

export type StripeProvider = ReturnType<typeof createStripeProvider>;
export type { CheckoutPlanId };
