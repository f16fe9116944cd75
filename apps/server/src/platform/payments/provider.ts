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
  createdAt: Date;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  /** A downgrade scheduled for the period end (Stripe: the subscription schedule's next phase). */
  scheduledPlanId: CheckoutPlanId | null;
};

/** What switching to another plan costs today, as the provider will charge it. */
export type ChangePreview = {
  change: 'upgrade' | 'downgrade' | 'same';
  /** Charged today, in cents (0 for downgrades, which wait for the period end). */
  amountDueCents: number;
  /** The instant the proration is computed for; the change itself must use the same one. */
  prorationDate: Date;
  /** When the new plan starts. */
  effectiveAt: Date;
};

/** The payer could not pay or the provider refused the change: shown to the member as it is. */
export class PaymentRefusedError extends Error {}

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
  /** The invoice an `invoice.*` event is about. */
  invoiceId?: string | null;
  /** The charge a `charge.*` event is about. */
  chargeId?: string | null;
  email?: string | null;
};

/** A paid invoice as the receipt e-mail shows it. */
export type PaidInvoice = {
  id: string;
  customerId: string;
  number: string;
  amountPaidCents: number;
  description: string;
  paidAt: Date;
  /** The provider's page or PDF of the invoice, when it has one. */
  url: string | null;
};

/** A charge as a refund reads it: its refunds are a running total. */
export type ProviderCharge = {
  id: string;
  customerId: string;
  /** All refunded of it so far, in cents. */
  amountRefundedCents: number;
  invoiceId: string | null;
};

export type PaymentProvider = {
  kind: 'demo' | 'stripe';
  /** The member's one customer at the provider, created on first use. */
  ensureCustomer: (input: { userId: string; email: string }) => Promise<string>;
  createCheckout: (input: {
    userId: string;
    customerId: string;
    planId: CheckoutPlanId;
    successUrl: string;
    cancelUrl: string;
    /** When the checkout stops taking payment (a held 1-on-1 Burn seat's end); the provider's default without. */
    expiresAt?: Date;
  }) => Promise<{ id: string; url: string }>;
  getCheckout: (id: string) => Promise<ProviderCheckout | null>;
  getSubscription: (id: string) => Promise<ProviderSubscription | null>;
  getBillingInfo: (customerId: string) => Promise<BillingInfo>;
  /** A paid invoice, for its receipt; null when there is none or it is not paid. */
  getPaidInvoice: (id: string) => Promise<PaidInvoice | null>;
  /** A charge, re-read for a refund's event; null when there is none. */
  getCharge: (id: string) => Promise<ProviderCharge | null>;
  /**
   * Events the provider produced since last asked and delivers by being asked rather than by
   * webhook (the demo provider's renewals, upgrades and refunds); each is given out once.
   */
  takeEvents?: () => Promise<PaymentEvent[]>;
  /** The billing portal; `cancelSubscriptionId` opens it on that subscription's cancellation. */
  createPortalUrl: (
    customerId: string,
    returnUrl: string,
    options?: { cancelSubscriptionId?: string },
  ) => Promise<string>;
  previewChange: (subscriptionId: string, planId: CheckoutPlanId, at: Date) => Promise<ChangePreview>;
  /**
   * Switches the one subscription: upgrades now with the prorated charge (throws
   * PaymentRefusedError when it cannot be paid), downgrades at the period end; the current plan
   * drops a scheduled downgrade.
   */
  changePlan: (subscriptionId: string, planId: CheckoutPlanId, prorationDate: Date) => Promise<void>;
  setCancelAtPeriodEnd: (subscriptionId: string, cancel: boolean) => Promise<void>;
  cancelNow: (subscriptionId: string) => Promise<void>;
};

export const isActiveStatus = (status: SubscriptionStatus) => status === 'active' || status === 'trialing';
