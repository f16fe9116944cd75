import type { CheckoutPlanId } from '@core28/core/plans';

// DESIGN.md: one payment interface, a demo provider (embedded default) and Stripe behind it,
// the same event handling for both.

export type SubscriptionStatus = 'active' | 'trialing' | 'past_due' | 'canceled' | 'incomplete' | 'unpaid';

export type ProviderSubscription = {
  id: string;
  customerId: string;
  userId: string | null;
  planId: CheckoutPlanId;
  status: SubscriptionStatus;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
};

export type ProviderCheckout = {
  id: string;
  userId: string | null;
  customerId: string | null;
  subscriptionId: string | null;
  isComplete: boolean;
};

/** spec §3 Billing info, as the management screen reads it (times in seconds, amounts in cents). */
export type BillingInfo = {
  subscriptions: { plan_name: string; current_period_end: number; cancel_at_period_end: boolean }[];
  payment_methods: {
    id: string;
    card: { brand: string; last4: string; exp_month: number; exp_year: number };
  }[];
  invoices: {
    id: string;
    number: string;
    created: number;
    amount_paid: number;
    description: string;
    invoice_pdf: string | null;
  }[];
};

/** A provider event, reduced to what the handler needs; ids come from the provider. */
export type PaymentEvent = {
  id: string;
  type: string;
  created: Date;
  userId?: string | null;
  customerId?: string | null;
  subscriptionId?: string | null;
  checkoutId?: string | null;
  email?: string | null;
};

export type PaymentProvider = {
  kind: 'demo' | 'stripe';
  createCheckout: (input: {
    userId: string;
    email: string;
    planId: CheckoutPlanId;
    successUrl: string;
    cancelUrl: string;
  }) => Promise<{ id: string; url: string }>;
  getCheckout: (id: string) => Promise<ProviderCheckout | null>;
  getSubscription: (id: string) => Promise<ProviderSubscription | null>;
  getBillingInfo: (customerId: string) => Promise<BillingInfo>;
  createPortalUrl: (customerId: string, returnUrl: string) => Promise<string>;
  cancelNow: (subscriptionId: string) => Promise<void>;
};

export const isActiveStatus = (status: SubscriptionStatus) => status === 'active' || status === 'trialing';
