import { addInterval, checkoutPlan } from '@core28/core/plans';
import type { DbOrTx } from '../db/index.ts';
import { demoProviderObjects } from '../db/schema.ts';
import type { DemoContext } from './demo-context.ts';
import { type CardInput, type CheckoutData, type CustomerData, newId, toData } from './demo-records.ts';
import {
  type PaymentEvent,
  type PaymentProvider,
  PaymentRefusedError,
  type ProviderCheckout,
  type ProviderSubscription,
} from './provider.ts';

/** The demo provider's customers and checkouts: the test checkout page pays through `pay`. */
export function demoCheckoutMethods({
  db,
  publicUrl,
  now,
  base,
  inTransaction,
  customerOf,
  event,
  checkCard,
  replaceCard,
  periodInvoice,
  activeSubscription,
}: DemoContext) {
  return {
    async ensureCustomer({ userId, email }: { userId: string; email: string }) {
      const customerId = customerOf(userId);
      const data: CustomerData = { userId, email, creditCents: 0 };
      await db
        .insert(demoProviderObjects)
        .values({ id: customerId, kind: 'customer', customerId, data })
        .onConflictDoNothing();
      return customerId;
    },

    async createCheckout({
      userId,
      customerId,
      planId,
      successUrl,
      cancelUrl,
    }: Parameters<PaymentProvider['createCheckout']>[0]) {
      const customer = await base.get<CustomerData>(customerId, 'customer');
      if (!customer || customer.data.userId !== userId) throw new Error('Unknown demo customer');
      const id = newId('cs');
      const data: CheckoutData = {
        userId,
        email: customer.data.email,
        planId,
        successUrl,
        cancelUrl,
        subscriptionId: null,
      };
      await base.put(id, 'checkout_session', customerId, data);
      return { id, url: `${publicUrl}/demo-pay/checkout/${id}` };
    },

    async getCheckoutDetails(id: string) {
      const row = await base.get<CheckoutData>(id, 'checkout_session');
      if (!row) return null;
      return {
        id,
        customerId: row.customerId!,
        ...row.data,
        successUrl: row.data.successUrl.replace('{CHECKOUT_SESSION_ID}', id),
      };
    },

    async getCheckout(id: string): Promise<ProviderCheckout | null> {
      const row = await base.get<CheckoutData>(id, 'checkout_session');
      if (!row) return null;
      return {
        id,
        userId: row.data.userId,
        customerId: row.customerId,
        subscriptionId: row.data.subscriptionId,
        isComplete: row.data.subscriptionId !== null,
      };
    },

    /**
     * The test card form was submitted: one transaction that locks the checkout, so submits at
     * once charge once and a crash leaves a paid, completed checkout or nothing. `onPaid` runs in
     * the same transaction (the member's own state is written with the payment). A checkout
     * already paid answers its success URL again.
     */
    pay(
      checkoutId: string,
      card: CardInput,
      onPaid?: (tx: DbOrTx, subscription: ProviderSubscription) => Promise<unknown>,
    ): Promise<{ successUrl: string; events: PaymentEvent[] }> {
      return inTransaction(async (s, tx) => {
        const row = await s.lock<CheckoutData>(checkoutId, 'checkout_session');
        if (!row) throw new PaymentRefusedError('This checkout session no longer exists.');
        const session = row.data;
        const successUrl = session.successUrl.replace('{CHECKOUT_SESSION_ID}', checkoutId);
        if (session.subscriptionId) return { successUrl, events: [] };
        checkCard(card);
        const customerId = row.customerId!;
        await s.lock(customerId, 'customer');
        if (await activeSubscription(s, customerId))
          throw new PaymentRefusedError(
            'You already have an active Core28 subscription. Change your plan from your subscription page instead.',
          );
        await replaceCard(s, customerId, card);
        const today = now();
        const subscription: ProviderSubscription = {
          id: newId('sub'),
          customerId,
          userId: session.userId,
          planId: session.planId,
          status: 'active',
          createdAt: today,
          currentPeriodStart: today,
          currentPeriodEnd: addInterval(today, checkoutPlan(session.planId).interval),
          cancelAtPeriodEnd: false,
          scheduledPlanId: null,
        };
        await s.put(subscription.id, 'subscription', customerId, toData(subscription));
        const invoiceId = await periodInvoice(s, customerId, session.planId);
        await s.put(checkoutId, 'checkout_session', customerId, {
          ...session,
          subscriptionId: subscription.id,
        });
        await onPaid?.(tx, subscription);
        const ids = { customerId, subscriptionId: subscription.id };
        return {
          successUrl,
          events: [
            event('checkout.session.completed', { checkoutId, userId: session.userId, ...ids }),
            event('customer.subscription.created', ids),
            event('invoice.paid', { ...ids, invoiceId }),
          ],
        };
      });
    },
  };
}
