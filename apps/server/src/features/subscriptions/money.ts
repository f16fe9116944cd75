import { eq } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import type { DbOrTx } from '../../platform/db/index.ts';
import { paymentCustomers, subscribers } from '../../platform/db/schema.ts';
import type { PaidInvoice, PaymentEvent, ProviderCharge } from '../../platform/payments/provider.ts';
import { recordMoney, recordRefund } from './ledger.ts';

// Money in the plan ledger: an invoice paid (what an `invoice.paid` event's invoice, re-read
// from the provider, says was collected) and a refund (`charge.refunded`, its charge re-read).
// Written in the event's own transaction; an invoice is collected once and a charge's refunds
// count by their running total, so a replayed or reordered event writes nothing twice.

export const CHARGE_REFUNDED = 'charge.refunded';

/** The paid invoice an `invoice.paid` event is about, re-read from the provider (null: nothing paid). */
export async function paidInvoiceOf(deps: Pick<Deps, 'payments'>, event: PaymentEvent) {
  if (event.type !== 'invoice.paid' || !event.invoiceId) return null;
  const invoice = await deps.payments.getPaidInvoice(event.invoiceId);
  return invoice && invoice.amountPaidCents > 0 ? invoice : null;
}

/** The charge a `charge.refunded` event is about, re-read from the provider. */
export async function refundedChargeOf(deps: Pick<Deps, 'payments'>, event: PaymentEvent) {
  if (event.type !== CHARGE_REFUNDED || !event.chargeId) return null;
  return deps.payments.getCharge(event.chargeId);
}

/** The member of a provider customer (their recorded customer, else their subscription's). */
async function memberOfCustomer(tx: DbOrTx, customerId: string): Promise<string | null> {
  const [byCustomer] = await tx
    .select({ userId: paymentCustomers.userId })
    .from(paymentCustomers)
    .where(eq(paymentCustomers.customerId, customerId))
    .limit(1);
  if (byCustomer) return byCustomer.userId;
  const [byRow] = await tx
    .select({ userId: subscribers.userId })
    .from(subscribers)
    .where(eq(subscribers.providerCustomerId, customerId))
    .limit(1);
  return byRow?.userId ?? null;
}

/** Writes what the event's money was, in its transaction; whether an entry was written. */
export async function recordEventMoney(
  tx: DbOrTx,
  {
    event,
    provider,
    invoice,
    charge,
  }: { event: PaymentEvent; provider: string; invoice: PaidInvoice | null; charge: ProviderCharge | null },
): Promise<boolean> {
  const source = {
    provider,
    providerEventId: event.id,
    providerSubscriptionId: event.subscriptionId ?? null,
  };
  if (invoice) {
    const userId = await memberOfCustomer(tx, invoice.customerId);
    if (!userId) return false;
    return recordMoney(tx, {
      userId,
      kind: 'invoice_paid',
      amountCents: invoice.amountPaidCents,
      occurredAt: invoice.paidAt,
      invoiceId: invoice.id,
      source,
    });
  }
  if (charge) {
    const userId = await memberOfCustomer(tx, charge.customerId);
    if (!userId) return false;
    return recordRefund(tx, {
      userId,
      chargeId: charge.id,
      refundedTotalCents: charge.amountRefundedCents,
      occurredAt: event.created,
      invoiceId: charge.invoiceId,
      source,
    });
  }
  return false;
}
