import { CHECKOUT_PLAN_IDS, type CheckoutPlanId, checkoutPlan } from '@core28/core/plans';
import type Stripe from 'stripe';
import type { Config } from '../../config.ts';
import type { PaymentEvent, ProviderSubscription, SubscriptionStatus } from './provider.ts';

// Stripe's objects read into ours: pure functions of what the API answered, apart from the calls.

type Prices = NonNullable<Config['stripe']>['prices'];

export const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);
export const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
export const isMissing = (err: unknown) => (err as { statusCode?: number }).statusCode === 404;

const planOfPrice = (prices: Prices, priceId: string | undefined) =>
  CHECKOUT_PLAN_IDS.find((id) => prices[id] === priceId);

/** A downgrade waiting in the subscription's schedule: the phase that starts at the period end. */
const scheduledPlanOf = (
  s: Stripe.Subscription,
  prices: Prices,
  periodEnd: number,
  planId: CheckoutPlanId,
) => {
  if (!s.schedule || typeof s.schedule === 'string') return null;
  const next = s.schedule.phases.find((phase) => phase.start_date >= periodEnd);
  const price = next?.items[0]?.price;
  const nextPlan = planOfPrice(prices, typeof price === 'string' ? price : price?.id);
  return nextPlan && nextPlan !== planId ? nextPlan : null;
};

/** Our view of a Stripe subscription; null for one on a price that is none of our plans. */
export const subscriptionOf = (s: Stripe.Subscription, prices: Prices): ProviderSubscription | null => {
  const item = s.items.data[0];
  const planId = planOfPrice(prices, item?.price.id);
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
    scheduledPlanId: scheduledPlanOf(s, prices, item.current_period_end, planId),
  };
};

/** The billing page's subscriptions, cards and invoices (the shape the demo provider answers too). */
export function billingInfoOf(
  subscriptions: Stripe.Subscription[],
  methods: Stripe.PaymentMethod[],
  invoices: Stripe.Invoice[],
  toSubscription: (s: Stripe.Subscription) => ProviderSubscription | null,
) {
  return {
    subscriptions: subscriptions.flatMap((s) => {
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
    payment_methods: methods.flatMap((pm) =>
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
    invoices: invoices.map((invoice) => ({
      id: invoice.id ?? '',
      number: invoice.number ?? '',
      created: invoice.created,
      amount_paid: invoice.amount_paid,
      description: invoice.description ?? invoice.lines?.data[0]?.description ?? '',
      invoice_pdf: invoice.invoice_pdf ?? null,
    })),
  };
}

/** A paid invoice as the receipt mail needs it. */
export function paidInvoiceOf(invoice: Stripe.Invoice & { id: string }) {
  return {
    id: invoice.id,
    customerId: idOf(invoice.customer)!,
    number: invoice.number ?? invoice.id,
    amountPaidCents: invoice.amount_paid,
    description: invoice.description ?? invoice.lines?.data[0]?.description ?? '',
    paidAt: new Date((invoice.status_transitions?.paid_at ?? invoice.created) * 1000),
    url: invoice.hosted_invoice_url ?? invoice.invoice_pdf ?? null,
  };
}

/** The event as the webhook's handler needs it, whatever object it carries. */
export function paymentEventOf(event: Stripe.Event): PaymentEvent {
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
    chargeId: object.object === 'charge' ? (object.id ?? null) : null,
    subscriptionId,
    customerId: idOf(object.customer as string | { id: string } | null),
    userId: (object.client_reference_id as string | undefined) ?? metadata.userId ?? null,
  };
}
