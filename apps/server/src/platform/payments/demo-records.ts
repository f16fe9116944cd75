import { randomUUID } from 'node:crypto';
import { type CheckoutPlanId, checkoutPlan } from '@core28/core/plans';
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/index.ts';
import { demoProviderObjects } from '../db/schema.ts';
import type { ProviderSubscription } from './provider.ts';

// The demo provider's records (demo.ts): Stripe's kinds of objects, kept as JSON rows of
// `demo_provider_objects`, and the store that reads and writes them.

type Kind = (typeof demoProviderObjects.$inferSelect)['kind'];
export type CheckoutData = {
  userId: string;
  email: string;
  planId: CheckoutPlanId;
  successUrl: string;
  cancelUrl: string;
  subscriptionId: string | null;
};
export type CustomerData = { userId: string; email: string; creditCents?: number };
export type SubscriptionData = {
  id: string;
  customerId: string;
  userId: string | null;
  planId: CheckoutPlanId;
  status: ProviderSubscription['status'];
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
  // Absent on subscriptions made before plan changes existed: derived on read.
  createdAt?: string;
  currentPeriodStart?: string;
  scheduledPlanId?: CheckoutPlanId | null;
};
export type CardData = { brand: string; last4: string; exp_month: number; exp_year: number };
export type InvoiceData = {
  number: string;
  amount_paid: number;
  description: string;
  created: number;
  /** Refunded of it so far (its pretend charge's running total), in cents. */
  amount_refunded?: number;
};
/** An event not yet delivered (the demo provider's webhook queue): Stripe's event, by kind. */
export type EventData = {
  type: string;
  created: string;
  subscriptionId: string | null;
  invoiceId?: string | null;
  chargeId?: string | null;
};

export type CardInput = { number: string; expMonth: number; expYear: number; cvc: string };

export const newId = (prefix: string) => `${prefix}_demo_${randomUUID().replaceAll('-', '').slice(0, 20)}`;
export const digitsOf = (number: string) => number.replaceAll(/\s/g, '');

function subtractInterval(from: Date, interval: 'month' | 'year') {
  const previous = new Date(from);
  if (interval === 'month') previous.setUTCMonth(previous.getUTCMonth() - 1);
  else previous.setUTCFullYear(previous.getUTCFullYear() - 1);
  return previous;
}

/** The provider's records, read and written through `ex` (the database or a transaction). */
export const store = (ex: DbOrTx) => {
  const put = (id: string, kind: Kind, customerId: string | null, data: object) =>
    ex
      .insert(demoProviderObjects)
      .values({ id, kind, customerId, data: data as Record<string, unknown> })
      .onConflictDoUpdate({
        target: demoProviderObjects.id,
        set: { data: data as Record<string, unknown> },
      });
  const read = async <T>(id: string, kind: Kind, lock: boolean) => {
    const query = ex
      .select()
      .from(demoProviderObjects)
      .where(and(eq(demoProviderObjects.id, id), eq(demoProviderObjects.kind, kind)));
    const [row] = lock ? await query.for('update') : await query;
    return row ? { ...row, data: row.data as T } : null;
  };
  const list = async <T>(customerId: string, kind: Kind) =>
    (
      await ex
        .select()
        .from(demoProviderObjects)
        .where(and(eq(demoProviderObjects.customerId, customerId), eq(demoProviderObjects.kind, kind)))
        .orderBy(desc(demoProviderObjects.createdAt))
    ).map((row) => ({ ...row, data: row.data as T }));
  return {
    put,
    list,
    remove: (id: string) => ex.delete(demoProviderObjects).where(eq(demoProviderObjects.id, id)),
    get: <T>(id: string, kind: Kind) => read<T>(id, kind, false),
    /** Reads and locks the row until the transaction ends (`select … for update`). */
    lock: <T>(id: string, kind: Kind) => read<T>(id, kind, true),
  };
};
export type Store = ReturnType<typeof store>;

export const toSubscription = (data: SubscriptionData, rowCreatedAt: Date): ProviderSubscription => {
  const end = new Date(data.currentPeriodEnd);
  return {
    id: data.id,
    customerId: data.customerId,
    userId: data.userId,
    planId: data.planId,
    status: data.status,
    cancelAtPeriodEnd: data.cancelAtPeriodEnd,
    createdAt: data.createdAt ? new Date(data.createdAt) : rowCreatedAt,
    currentPeriodStart: data.currentPeriodStart
      ? new Date(data.currentPeriodStart)
      : subtractInterval(end, checkoutPlan(data.planId).interval),
    currentPeriodEnd: end,
    scheduledPlanId: data.scheduledPlanId ?? null,
  };
};
export const toData = (s: ProviderSubscription): SubscriptionData => ({
  ...s,
  createdAt: s.createdAt.toISOString(),
  currentPeriodStart: s.currentPeriodStart.toISOString(),
  currentPeriodEnd: s.currentPeriodEnd.toISOString(),
});
