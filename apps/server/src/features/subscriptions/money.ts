import { and, eq, sql } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import type { DbOrTx } from '../../platform/db/index.ts';
import { paymentCustomers, planLedger, planLedgerStates, subscribers } from '../../platform/db/schema.ts';
import type { PaidInvoice, PaymentEvent, ProviderCharge } from '../../platform/payments/provider.ts';
import { type LedgerSource, lockState, stateOf } from './ledger.ts';

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

/**
 * Money that moved without a change of plan: an invoice paid (once per invoice, whatever
 * replays it) or a refund (negative). Returns whether an entry was written.
 */
export async function recordMoney(
  tx: DbOrTx,
  {
    userId,
    kind,
    amountCents,
    occurredAt,
    invoiceId = null,
    chargeId = null,
    source = {},
  }: {
    userId: string;
    kind: 'invoice_paid' | 'refunded';
    amountCents: number;
    occurredAt: Date;
    invoiceId?: string | null;
    chargeId?: string | null;
    source?: LedgerSource;
  },
): Promise<boolean> {
  if (amountCents === 0) return false;
  const stored = await lockState(tx, userId);
  const state = stateOf(stored);
  const [written] = await tx
    .insert(planLedger)
    .values({
      userId,
      kind,
      occurredAt,
      statusBefore: state.status,
      statusAfter: state.status,
      planBefore: state.planId,
      planAfter: state.planId,
      mrrBeforeCents: state.mrrCents,
      mrrAfterCents: state.mrrCents,
      cancellingAfter: state.cancelling,
      failingAfter: state.failing,
      periodEndAfter: state.periodEnd,
      amountCents,
      provider: source.provider ?? null,
      providerSubscriptionId: source.providerSubscriptionId ?? null,
      providerEventId: source.providerEventId ?? null,
      providerInvoiceId: invoiceId,
      providerChargeId: chargeId,
    })
    .onConflictDoNothing()
    .returning({ seq: planLedger.seq });
  if (!written) return false;
  await tx.update(planLedgerStates).set({ lastSeq: written.seq }).where(eq(planLedgerStates.userId, userId));
  return true;
}

/**
 * A refund of a charge: providers tell a charge's refunds as its running total, so the entry is
 * what the total rose by since the ledger last heard (nothing when it is told again).
 */
export async function recordRefund(
  tx: DbOrTx,
  {
    userId,
    chargeId,
    refundedTotalCents,
    occurredAt,
    invoiceId = null,
    source = {},
  }: {
    userId: string;
    chargeId: string;
    refundedTotalCents: number;
    occurredAt: Date;
    invoiceId?: string | null;
    source?: LedgerSource;
  },
): Promise<boolean> {
  await lockState(tx, userId); // two refunds of one charge at once: one after the other
  const [row] = await tx
    .select({ cents: sql<number>`coalesce(-sum(${planLedger.amountCents}), 0)`.mapWith(Number) })
    .from(planLedger)
    .where(and(eq(planLedger.kind, 'refunded'), eq(planLedger.providerChargeId, chargeId)));
  const rise = refundedTotalCents - (row?.cents ?? 0);
  if (rise <= 0) return false;
  return recordMoney(tx, {
    userId,
    kind: 'refunded',
    amountCents: -rise,
    occurredAt,
    invoiceId,
    chargeId,
    source,
  });
}
