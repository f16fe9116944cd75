import { createHmac, randomUUID } from 'node:crypto';
import {
  addInterval,
  type CheckoutPlanId,
  checkoutPlan,
  formatDollars,
  planChange,
  prorateChange,
} from '@core28/core/plans';
import { and, desc, eq } from 'drizzle-orm';
import type { Database, DbOrTx } from '../db/index.ts';
import { demoProviderObjects } from '../db/schema.ts';
import {
  type BillingInfo,
  type ChangePreview,
  isActiveStatus,
  type PaidInvoice,
  type PaymentEvent,
  type PaymentProvider,
  PaymentRefusedError,
  type ProviderCheckout,
  type ProviderSubscription,
} from './provider.ts';

// The embedded default: a provider that keeps Stripe's kind of records in our database and
// serves its own test checkout and billing portal pages (/demo-pay). No money moves. It behaves
// as Stripe does where members can tell: one subscription per customer (Stripe Checkout's
// "limit customers to one subscription"), renewals and cancellations at the period end, and
// plan changes prorated by unused time.

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
type CustomerData = { userId: string; email: string; creditCents?: number };
type SubscriptionData = {
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
type CardData = { brand: string; last4: string; exp_month: number; exp_year: number };
type InvoiceData = { number: string; amount_paid: number; description: string; created: number };

export type CardInput = { number: string; expMonth: number; expYear: number; cvc: string };
/** The demo checkout's and portal's refusals, shown on their pages. */
export { PaymentRefusedError as CardDeclinedError };

const newId = (prefix: string) => `${prefix}_demo_${randomUUID().replaceAll('-', '').slice(0, 20)}`;
const digitsOf = (number: string) => number.replaceAll(/\s/g, '');

function subtractInterval(from: Date, interval: 'month' | 'year') {
  const previous = new Date(from);
  if (interval === 'month') previous.setUTCMonth(previous.getUTCMonth() - 1);
  else previous.setUTCFullYear(previous.getUTCFullYear() - 1);
  return previous;
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
  /** The provider's records, read and written through `ex` (the database or a transaction). */
  const store = (ex: DbOrTx) => {
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
  type Store = ReturnType<typeof store>;
  const base = store(db);
  /** One transaction; rows are locked in one order: checkout, customer, subscription. */
  const inTransaction = <T>(work: (s: Store, tx: DbOrTx) => Promise<T>) =>
    db.transaction(async (tx) => work(store(tx), tx));

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

  const toSubscription = (data: SubscriptionData, rowCreatedAt: Date): ProviderSubscription => {
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
  const toData = (s: ProviderSubscription): SubscriptionData => ({
    ...s,
    createdAt: s.createdAt.toISOString(),
    currentPeriodStart: s.currentPeriodStart.toISOString(),
    currentPeriodEnd: s.currentPeriodEnd.toISOString(),
  });

  /** The test card is the only card that pays; the declined one and any other are refused. */
  function checkCard(card: CardInput) {
    const number = digitsOf(card.number);
    if (number === DEMO_CARDS.declined) throw new PaymentRefusedError('Your card was declined.');
    if (number !== DEMO_CARDS.success)
      throw new PaymentRefusedError('Use the test card 4242 4242 4242 4242.');
    const today = now();
    if (
      card.expYear < today.getUTCFullYear() ||
      (card.expYear === today.getUTCFullYear() && card.expMonth < today.getUTCMonth() + 1)
    )
      throw new PaymentRefusedError('Your card has expired.');
    return number;
  }

  async function replaceCard(s: Store, customerId: string, card: CardInput) {
    const number = checkCard(card);
    for (const old of await s.list(customerId, 'payment_method')) await s.remove(old.id);
    const data: CardData = {
      brand: 'visa',
      last4: number.slice(-4),
      exp_month: card.expMonth,
      exp_year: card.expYear,
    };
    await s.put(newId('pm'), 'payment_method', customerId, data);
  }

  /** Charges the card on file (pretend); a renewal without one leaves the subscription past due. */
  async function hasCardOnFile(s: Store, customerId: string) {
    return (await s.list<CardData>(customerId, 'payment_method')).some((pm) => pm.data.last4 === '4242');
  }

  /** An invoice for `totalCents`, paid first from the customer's credit (as Stripe's balance is). */
  async function invoice(s: Store, customerId: string, totalCents: number, description: string) {
    const customer = await s.get<CustomerData>(customerId, 'customer');
    const credit = customer?.data.creditCents ?? 0;
    const applied = Math.min(Math.max(totalCents, 0), credit);
    if (customer)
      await s.put(customerId, 'customer', customerId, {
        ...customer.data,
        creditCents: credit - applied + Math.max(0, -totalCents),
      });
    const count = (await s.list(customerId, 'invoice')).length;
    const data: InvoiceData = {
      number: `CORE28-${customerId.slice(-4).toUpperCase()}-${String(count + 1).padStart(4, '0')}`,
      amount_paid: Math.max(0, totalCents) - applied,
      description,
      created: Math.floor(now().getTime() / 1000),
    };
    const id = newId('in');
    await s.put(id, 'invoice', customerId, data);
    return id;
  }

  const periodInvoice = (s: Store, customerId: string, planId: CheckoutPlanId) => {
    const { plan, interval, amountCents } = checkoutPlan(planId);
    const label = `${plan.name} (${interval === 'year' ? 'yearly' : 'monthly'})`;
    return invoice(s, customerId, amountCents, `${label} — ${formatDollars(amountCents)}`);
  };

  /**
   * Brings a locked subscription up to now, as Stripe's clock would have: each period that ended
   * renews it (a scheduled downgrade starts, an invoice is paid), or ends it when it was set to
   * cancel at the period end.
   */
  async function advance(s: Store, subscription: ProviderSubscription) {
    const at = now();
    let current = subscription;
    let changed = false;
    while (isActiveStatus(current.status) && current.currentPeriodEnd.getTime() <= at.getTime()) {
      changed = true;
      if (current.cancelAtPeriodEnd) {
        current = { ...current, status: 'canceled' };
        break;
      }
      if (!(await hasCardOnFile(s, current.customerId))) {
        current = { ...current, status: 'past_due' };
        break;
      }
      const planId = current.scheduledPlanId ?? current.planId;
      current = {
        ...current,
        planId,
        scheduledPlanId: null,
        currentPeriodStart: current.currentPeriodEnd,
        currentPeriodEnd: addInterval(current.currentPeriodEnd, checkoutPlan(planId).interval),
      };
      await periodInvoice(s, current.customerId, planId);
    }
    if (changed) await s.put(current.id, 'subscription', current.customerId, toData(current));
    return current;
  }

  /** The subscription, locked and brought up to now, with its customer locked first. */
  async function lockSubscription(s: Store, id: string) {
    const unlocked = await s.get<SubscriptionData>(id, 'subscription');
    if (!unlocked) return null;
    await s.lock(unlocked.data.customerId, 'customer');
    const row = await s.lock<SubscriptionData>(id, 'subscription');
    return row ? advance(s, toSubscription(row.data, row.createdAt)) : null;
  }

  async function activeSubscription(s: Store, customerId: string) {
    for (const row of await s.list<SubscriptionData>(customerId, 'subscription')) {
      const subscription = await lockSubscription(s, row.id);
      if (subscription && isActiveStatus(subscription.status)) return subscription;
    }
    return null;
  }

  const provider = {
    kind: 'demo' as const,
    sign,

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

    getSubscription(id: string) {
      return inTransaction((s) => lockSubscription(s, id));
    },

    async currentSubscription(customerId: string) {
      const [latest] = await base.list<SubscriptionData>(customerId, 'subscription');
      return latest ? provider.getSubscription(latest.id) : null;
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
      const invoice = await provider.getInvoice(id);
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

    async previewChange(subscriptionId: string, planId: CheckoutPlanId, at: Date): Promise<ChangePreview> {
      const current = await provider.getSubscription(subscriptionId);
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
          await invoice(
            s,
            current.customerId,
            proration.totalCents,
            proration.lines
              .map((line) => `${line.description} ${formatDollars(line.amountCents)}`)
              .join('; '),
          );
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

    /** The portal's card form. */
    updateCard(customerId: string, card: CardInput) {
      return inTransaction(async (s) => {
        await s.lock(customerId, 'customer');
        await replaceCard(s, customerId, card);
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
  return provider satisfies PaymentProvider;
}

export type DemoProvider = ReturnType<typeof createDemoProvider>;
