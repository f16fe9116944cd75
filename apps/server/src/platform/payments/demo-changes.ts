import { type CheckoutPlanId, formatDollars, planChange, prorateChange } from '@core28/core/plans';
import type { DemoContext, DemoSelf } from './demo-context.ts';
import {
  type CardInput,
  type CustomerData,
  type InvoiceData,
  type SubscriptionData,
  toData,
} from './demo-records.ts';
import {
  type ChangePreview,
  isActiveStatus,
  PaymentRefusedError,
  type ProviderSubscription,
} from './provider.ts';

/** The demo provider's changes to a subscription: plan changes, cancellation, the card, test hooks. */
export function demoChangeMethods(
  {
    base,
    inTransaction,
    lockSubscription,
    hasCardOnFile,
    invoice,
    queueEvent,
    replaceCard,
    payPastDue,
  }: DemoContext,
  self: () => DemoSelf,
) {
  return {
    async previewChange(subscriptionId: string, planId: CheckoutPlanId, at: Date): Promise<ChangePreview> {
      const current = await self().getSubscription(subscriptionId);
      if (!current || !isActiveStatus(current.status))
        throw new PaymentRefusedError('This subscription is no longer active.');
      const change = planChange(current.planId, planId);
      if (change !== 'upgrade')
        return { change, amountDueCents: 0, prorationDate: at, effectiveAt: current.currentPeriodEnd };
      const customer = await base.get<CustomerData>(current.customerId, 'customer');
      const { amountDueCents } = prorateChange({
        from: current.planId,
        to: planId,
        periodStart: current.currentPeriodStart,
        periodEnd: current.currentPeriodEnd,
        at,
        creditCents: customer?.data.creditCents ?? 0,
      });
      return { change, amountDueCents, prorationDate: at, effectiveAt: at };
    },

    changePlan(subscriptionId: string, planId: CheckoutPlanId, prorationDate: Date) {
      return inTransaction(async (s) => {
        const current = await lockSubscription(s, subscriptionId);
        if (!current || !isActiveStatus(current.status))
          throw new PaymentRefusedError('This subscription is no longer active.');
        const change = planChange(current.planId, planId);
        let next: ProviderSubscription = { ...current, cancelAtPeriodEnd: false };
        if (change === 'same') next = { ...next, scheduledPlanId: null };
        else if (change === 'downgrade') next = { ...next, scheduledPlanId: planId };
        else {
          const customer = await s.get<CustomerData>(current.customerId, 'customer');
          const proration = prorateChange({
            from: current.planId,
            to: planId,
            periodStart: current.currentPeriodStart,
            periodEnd: current.currentPeriodEnd,
            at: prorationDate,
            creditCents: customer?.data.creditCents ?? 0,
          });
          if (proration.amountDueCents > 0 && !(await hasCardOnFile(s, current.customerId)))
            throw new PaymentRefusedError('Your card was declined.');
          const invoiceId = await invoice(
            s,
            current.customerId,
            proration.totalCents,
            proration.lines
              .map((line) => `${line.description} ${formatDollars(line.amountCents)}`)
              .join('; '),
          );
          await queueEvent(s, current.customerId, {
            type: 'invoice.paid',
            subscriptionId: current.id,
            invoiceId,
          });
          next = {
            ...next,
            planId,
            scheduledPlanId: null,
            currentPeriodStart: proration.periodStart,
            currentPeriodEnd: proration.periodEnd,
          };
        }
        await s.put(current.id, 'subscription', current.customerId, toData(next));
      });
    },

    setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean) {
      return inTransaction(async (s) => {
        const current = await lockSubscription(s, subscriptionId);
        if (!current || !isActiveStatus(current.status))
          throw new PaymentRefusedError('This subscription is no longer active.');
        // Cancelling drops a scheduled downgrade, as releasing a Stripe schedule does.
        const next = {
          ...current,
          cancelAtPeriodEnd: cancel,
          scheduledPlanId: cancel ? null : current.scheduledPlanId,
        };
        await s.put(current.id, 'subscription', current.customerId, toData(next));
      });
    },

    /** The portal's card form; what was past due is paid with the new card (the invoices' ids). */
    updateCard(customerId: string, card: CardInput) {
      return inTransaction(async (s) => {
        await s.lock(customerId, 'customer');
        await replaceCard(s, customerId, card);
        return payPastDue(s, customerId);
      });
    },

    /**
     * A refund of an invoice's pretend charge (all that is left of it without `amountCents`), as
     * the owner would make one in Stripe's dashboard; the demo has no dashboard, so tests and the
     * seed call it. The app hears of it as Stripe's `charge.refunded` (the charge is the invoice).
     */
    refund(invoiceId: string, amountCents?: number) {
      return inTransaction(async (s) => {
        const row = await s.lock<InvoiceData>(invoiceId, 'invoice');
        if (!row?.customerId) throw new PaymentRefusedError('No such invoice.');
        const refunded = row.data.amount_refunded ?? 0;
        const amount = Math.min(amountCents ?? row.data.amount_paid, row.data.amount_paid - refunded);
        if (amount <= 0) throw new PaymentRefusedError('This invoice is refunded in full already.');
        await s.put(invoiceId, 'invoice', row.customerId, {
          ...row.data,
          amount_refunded: refunded + amount,
        });
        await queueEvent(s, row.customerId, {
          type: 'charge.refunded',
          subscriptionId: null,
          chargeId: invoiceId,
        });
        return amount;
      });
    },

    /** Test hook: the card on file is gone (expired, removed), so the next renewal fails. */
    async removeCards(customerId: string) {
      await inTransaction(async (s) => {
        for (const card of await s.list(customerId, 'payment_method')) await s.remove(card.id);
      });
    },

    async cancelNow(subscriptionId: string) {
      await inTransaction(async (s) => {
        const current = await lockSubscription(s, subscriptionId);
        if (current)
          await s.put(
            current.id,
            'subscription',
            current.customerId,
            toData({ ...current, status: 'canceled' }),
          );
      });
    },

    /** Test hook: a renewal that failed or the period that ended. */
    async setStatus(subscriptionId: string, status: ProviderSubscription['status']) {
      const row = await base.get<SubscriptionData>(subscriptionId, 'subscription');
      if (row) await base.put(subscriptionId, 'subscription', row.customerId, { ...row.data, status });
    },
  };
}
