import { createHmac, randomUUID } from 'node:crypto';
import { type CheckoutPlanId, checkoutPlan, formatDollars } from '@core28/core/plans';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { demoProviderObjects } from '../db/schema.ts';
import type {
  BillingInfo,
  PaymentEvent,
  PaymentProvider,
  ProviderCheckout,
  ProviderSubscription,
} from './provider.ts';

// The embedded default: a provider that keeps Stripe's kind of records in our database and
// serves its own test checkout and billing portal pages (/demo-pay). No money moves.

export const DEMO_CARDS = { success: '4242424242424242', declined: '4000000000000002' } as const;

type Kind = (typeof demoProviderObjects.$inferSelect)['kind'];
type CheckoutData = {
  userId: string;
  email: string;
  planId: CheckoutPlanId;
  successUrl: string;
  cancelUrl: string;
  subscriptionId: string | null;
};
type SubscriptionData = Omit<ProviderSubscription, 'currentPeriodEnd'> & { currentPeriodEnd: string };
type CardData = { brand: string; last4: string; exp_month: number; exp_year: number };
type InvoiceData = { number: string; amount_paid: number; description: string; created: number };

export type CardInput = { number: string; expMonth: number; expYear: number; cvc: string };
export class CardDeclinedError extends Error {}

const newId = (prefix: string) => `${prefix}_demo_${randomUUID().replaceAll('-', '').slice(0, 20)}`;

function addInterval(from: Date, interval: 'month' | 'year') {
  const next = new Date(from);
  if (interval === 'month') next.setUTCMonth(next.getUTCMonth() + 1);
  else next.setUTCFullYear(next.getUTCFullYear() + 1);
  return next;
}

export function createDemoProvider({
  db,
  publicUrl,
  secret,
  now = () => new Date(),
}: {
  db: Database;
  publicUrl: string;
  secret: string;
  now?: () => Date;
}) {
  const put = (id: string, kind: Kind, customerId: string | null, data: object) =>
    db
      .insert(demoProviderObjects)
      .values({ id, kind, customerId, data: data as Record<string, unknown> })
      .onConflictDoUpdate({ target: demoProviderObjects.id, set: { data: data as Record<string, unknown> } });
  const get = async <T>(id: string, kind: Kind) => {
    const [row] = await db
      .select()
      .from(demoProviderObjects)
      .where(and(eq(demoProviderObjects.id, id), eq(demoProviderObjects.kind, kind)));
    return row ? { ...row, data: row.data as T } : null;
  };
  const list = async <T>(customerId: string, kind: Kind) =>
    (
      await db
        .select()
        .from(demoProviderObjects)
        .where(and(eq(demoProviderObjects.customerId, customerId), eq(demoProviderObjects.kind, kind)))
        .orderBy(desc(demoProviderObjects.createdAt))
    ).map((row) => ({ ...row, data: row.data as T }));
  const customerOf = (userId: string) =>
    `cus_demo_${createHmac('sha256', secret).update(userId).digest('hex').slice(0, 20)}`;
  const event = (type: string, fields: Omit<PaymentEvent, 'id' | 'type' | 'created'>): PaymentEvent => ({
    id: newId('evt'),
    type,
    created: now(),
    ...fields,
  });
  /** Links to the portal and receipts carry an HMAC so only their holder opens them. */
  const sign = (value: string) =>
    createHmac('sha256', secret).update(`demo-pay:${value}`).digest('base64url');
  const toSubscription = (data: SubscriptionData): ProviderSubscription => ({
    ...data,
    currentPeriodEnd: new Date(data.currentPeriodEnd),
  });

  async function invoice(customerId: string, planId: CheckoutPlanId) {
    const { plan, interval, amountCents } = checkoutPlan(planId);
    const count = (await list(customerId, 'invoice')).length;
    const id = newId('in');
    const data: InvoiceData = {
      number: `CORE28-${customerId.slice(-4).toUpperCase()}-${String(count + 1).padStart(4, '0')}`,
      amount_paid: amountCents,
      description: `${plan.name} (${interval === 'year' ? 'yearly' : 'monthly'}) — ${formatDollars(amountCents)}`,
      created: Math.floor(now().getTime() / 1000),
    };
    await put(id, 'invoice', customerId, data);
    return id;
  }

  const provider = {
    kind: 'demo' as const,
    sign,

    async createCheckout({
      userId,
      email,
      planId,
      successUrl,
      cancelUrl,
    }: Parameters<PaymentProvider['createCheckout']>[0]) {
      const customerId = customerOf(userId);
      if (!(await get(customerId, 'customer')))
        await put(customerId, 'customer', customerId, { userId, email });
      const id = newId('cs');
      const data: CheckoutData = { userId, email, planId, successUrl, cancelUrl, subscriptionId: null };
      await put(id, 'checkout_session', customerId, data);
      return { id, url: `${publicUrl}/demo-pay/checkout/${id}` };
    },

    async getCheckoutDetails(id: string) {
      const row = await get<CheckoutData>(id, 'checkout_session');
      return row ? { id, customerId: row.customerId!, ...row.data } : null;
    },

    async getCheckout(id: string): Promise<ProviderCheckout | null> {
      const row = await get<CheckoutData>(id, 'checkout_session');
      if (!row) return null;
      return {
        id,
        userId: row.data.userId,
        customerId: row.customerId,
        subscriptionId: row.data.subscriptionId,
        isComplete: row.data.subscriptionId !== null,
      };
    },

    /** The test card form was submitted: charge (pretend), then report what Stripe would. */
    async pay(checkoutId: string, card: CardInput): Promise<{ successUrl: string; events: PaymentEvent[] }> {
      const session = await provider.getCheckoutDetails(checkoutId);
      if (!session) throw new CardDeclinedError('This checkout session no longer exists.');
      if (session.subscriptionId) return { successUrl: session.successUrl, events: [] };
      const number = card.number.replaceAll(/\s/g, '');
      if (number === DEMO_CARDS.declined) throw new CardDeclinedError('Your card was declined.');
      if (number !== DEMO_CARDS.success)
        throw new CardDeclinedError('Use the test card 4242 4242 4242 4242.');
      const today = now();
      if (
        card.expYear < today.getUTCFullYear() ||
        (card.expYear === today.getUTCFullYear() && card.expMonth < today.getUTCMonth() + 1)
      )
        throw new CardDeclinedError('Your card has expired.');

      const { customerId, userId } = session;
      const card4: CardData = {
        brand: 'visa',
        last4: number.slice(-4),
        exp_month: card.expMonth,
        exp_year: card.expYear,
      };
      for (const old of await list(customerId, 'payment_method'))
        await db.delete(demoProviderObjects).where(eq(demoProviderObjects.id, old.id));
      await put(newId('pm'), 'payment_method', customerId, card4);
      // One subscription per customer: a new checkout replaces the plan of the current one.
      const [current] = await list<SubscriptionData>(customerId, 'subscription');
      const subscriptionId = current?.id ?? newId('sub');
      const subscription: SubscriptionData = {
        id: subscriptionId,
        customerId,
        userId,
        planId: session.planId,
        status: 'active',
        currentPeriodEnd: addInterval(today, checkoutPlan(session.planId).interval).toISOString(),
        cancelAtPeriodEnd: false,
      };
      await put(subscriptionId, 'subscription', customerId, subscription);
      await invoice(customerId, session.planId);
      await put(checkoutId, 'checkout_session', customerId, { ...session, subscriptionId });
      const successUrl = session.successUrl.replace('{CHECKOUT_SESSION_ID}', checkoutId);
      return {
        successUrl,
        events: [
          event('checkout.session.completed', { checkoutId, userId, customerId, subscriptionId }),
          event(current ? 'customer.subscription.updated' : 'customer.subscription.created', {
            subscriptionId,
            customerId,
          }),
          event('invoice.paid', { subscriptionId, customerId }),
        ],
      };
    },

    async getSubscription(id: string) {
      const row = await get<SubscriptionData>(id, 'subscription');
      return row ? toSubscription(row.data) : null;
    },

    async currentSubscription(customerId: string) {
      const [row] = await list<SubscriptionData>(customerId, 'subscription');
      return row ? toSubscription(row.data) : null;
    },

    async getBillingInfo(customerId: string): Promise<BillingInfo> {
      const subscriptions = (await list<SubscriptionData>(customerId, 'subscription')).filter(
        (s) => s.data.status !== 'canceled',
      );
      return {
        subscriptions: subscriptions.map((s) => ({
          plan_name: checkoutPlan(s.data.planId).plan.name,
          current_period_end: Math.floor(new Date(s.data.currentPeriodEnd).getTime() / 1000),
          cancel_at_period_end: s.data.cancelAtPeriodEnd,
        })),
        payment_methods: (await list<CardData>(customerId, 'payment_method')).map((pm) => ({
          id: pm.id,
          card: pm.data,
        })),
        invoices: (await list<InvoiceData>(customerId, 'invoice')).slice(0, 10).map((inv) => ({
          id: inv.id,
          ...inv.data,
          invoice_pdf: `${publicUrl}/demo-pay/invoices/${inv.id}?signature=${sign(inv.id)}`,
        })),
      };
    },

    async getInvoice(id: string) {
      const row = await get<InvoiceData>(id, 'invoice');
      return row ? { id, customerId: row.customerId!, ...row.data } : null;
    },

    async createPortalUrl(customerId: string, returnUrl: string) {
      const query = new URLSearchParams({
        return_url: returnUrl,
        signature: sign(`${customerId}|${returnUrl}`),
      });
      return `${publicUrl}/demo-pay/portal/${customerId}?${query}`;
    },

    /** Portal actions: switch plan, cancel at period end (or resume), update the card. */
    async updateSubscription(
      customerId: string,
      change: { planId?: CheckoutPlanId; cancelAtPeriodEnd?: boolean; card?: CardInput },
    ) {
      const current = await provider.currentSubscription(customerId);
      if (!current) throw new CardDeclinedError('There is no subscription to change.');
      if (change.card) {
        const number = change.card.number.replaceAll(/\s/g, '');
        if (number !== DEMO_CARDS.success)
          throw new CardDeclinedError(
            number === DEMO_CARDS.declined
              ? 'Your card was declined.'
              : 'Use the test card 4242 4242 4242 4242.',
          );
        for (const old of await list(customerId, 'payment_method'))
          await db.delete(demoProviderObjects).where(eq(demoProviderObjects.id, old.id));
        await put(newId('pm'), 'payment_method', customerId, {
          brand: 'visa',
          last4: number.slice(-4),
          exp_month: change.card.expMonth,
          exp_year: change.card.expYear,
        });
      }
      const next: SubscriptionData = {
        ...current,
        planId: change.planId ?? current.planId,
        cancelAtPeriodEnd: change.cancelAtPeriodEnd ?? current.cancelAtPeriodEnd,
        currentPeriodEnd: current.currentPeriodEnd.toISOString(),
      };
      await put(current.id, 'subscription', customerId, next);
      if (change.planId && change.planId !== current.planId) await invoice(customerId, change.planId);
      return [event('customer.subscription.updated', { subscriptionId: current.id, customerId })];
    },

    async cancelNow(subscriptionId: string) {
      const row = await get<SubscriptionData>(subscriptionId, 'subscription');
      if (row) await put(subscriptionId, 'subscription', row.customerId, { ...row.data, status: 'canceled' });
    },

    /** Test hook: a renewal that failed or the period that ended. */
    async setStatus(subscriptionId: string, status: ProviderSubscription['status']) {
      const row = await get<SubscriptionData>(subscriptionId, 'subscription');
      if (row) await put(subscriptionId, 'subscription', row.customerId, { ...row.data, status });
    },
  };
  return provider satisfies PaymentProvider;
}

export type DemoProvider = ReturnType<typeof createDemoProvider>;
