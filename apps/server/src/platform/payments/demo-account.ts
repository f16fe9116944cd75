import { checkoutPlan } from '@core28/core/plans';
import { eq } from 'drizzle-orm';
import { demoProviderObjects } from '../db/schema.ts';
import type { DemoContext, DemoSelf } from './demo-context.ts';
import type { CardData, EventData, InvoiceData, SubscriptionData } from './demo-records.ts';
import type {
  BillingInfo,
  PaidInvoice,
  PaymentEvent,
  ProviderCharge,
  ProviderSubscription,
} from './provider.ts';

/** The demo provider's reads of a customer's subscriptions, card and invoices, and the portal link. */
export function demoAccountMethods(
  { db, publicUrl, base, inTransaction, sign, lockSubscription }: DemoContext,
  self: () => DemoSelf,
) {
  return {
    getSubscription(id: string) {
      return inTransaction((s) => lockSubscription(s, id));
    },

    async currentSubscription(customerId: string) {
      const [latest] = await base.list<SubscriptionData>(customerId, 'subscription');
      return latest ? self().getSubscription(latest.id) : null;
    },

    async getBillingInfo(customerId: string): Promise<BillingInfo> {
      const subscriptions = await inTransaction(async (s) => {
        const rows = await s.list<SubscriptionData>(customerId, 'subscription');
        const all = await Promise.all(rows.map((row) => lockSubscription(s, row.id)));
        return all.filter((sub) => sub !== null && sub.status !== 'canceled') as ProviderSubscription[];
      });
      return {
        subscriptions: subscriptions.map((sub) => ({
          plan_name: checkoutPlan(sub.planId).plan.name,
          current_period_end: Math.floor(sub.currentPeriodEnd.getTime() / 1000),
          cancel_at_period_end: sub.cancelAtPeriodEnd,
        })),
        payment_methods: (await base.list<CardData>(customerId, 'payment_method')).map((pm) => ({
          id: pm.id,
          card: pm.data,
        })),
        invoices: (await base.list<InvoiceData>(customerId, 'invoice')).slice(0, 10).map((inv) => ({
          id: inv.id,
          ...inv.data,
          invoice_pdf: `${publicUrl}/demo-pay/invoices/${inv.id}?signature=${sign(inv.id)}`,
        })),
      };
    },

    async getInvoice(id: string) {
      const row = await base.get<InvoiceData>(id, 'invoice');
      return row ? { id, customerId: row.customerId!, ...row.data } : null;
    },

    async getPaidInvoice(id: string): Promise<PaidInvoice | null> {
      const invoice = await self().getInvoice(id);
      if (!invoice) return null;
      return {
        id,
        customerId: invoice.customerId,
        number: invoice.number,
        amountPaidCents: invoice.amount_paid,
        description: invoice.description,
        paidAt: new Date(invoice.created * 1000),
        url: `${publicUrl}/demo-pay/invoices/${id}?signature=${sign(id)}`,
      };
    },

    async getCharge(id: string): Promise<ProviderCharge | null> {
      const invoice = await self().getInvoice(id);
      if (!invoice) return null;
      // Each demo invoice is paid by one pretend charge of the same id.
      return {
        id,
        customerId: invoice.customerId,
        amountRefundedCents: invoice.amount_refunded ?? 0,
        invoiceId: id,
      };
    },

    /** The events not delivered yet, each given out once (the delete claims them), oldest first. */
    async takeEvents(): Promise<PaymentEvent[]> {
      const rows = await db
        .delete(demoProviderObjects)
        .where(eq(demoProviderObjects.kind, 'event'))
        .returning();
      return rows
        .map((row) => ({ row, data: row.data as EventData }))
        .sort((a, b) => a.data.created.localeCompare(b.data.created))
        .map(({ row, data }) => ({
          id: row.id,
          type: data.type,
          created: new Date(data.created),
          customerId: row.customerId,
          subscriptionId: data.subscriptionId,
          invoiceId: data.invoiceId ?? null,
          chargeId: data.chargeId ?? null,
        }));
    },

    async createPortalUrl(
      customerId: string,
      returnUrl: string,
      options?: { cancelSubscriptionId?: string },
    ) {
      const query = new URLSearchParams({
        return_url: returnUrl,
        signature: sign(`${customerId}|${returnUrl}`),
      });
      if (options?.cancelSubscriptionId) query.set('flow', 'cancel');
      return `${publicUrl}/demo-pay/portal/${customerId}?${query}`;
    },
  };
}
