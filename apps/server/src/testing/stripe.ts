import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addInterval } from '@core28/core/plans';
import Stripe from 'stripe';
import type { TestApp } from './harness.ts';

// A local HTTP server answers Stripe's API: the only thing faked is Stripe itself. It keeps
// subscriptions and schedules as Stripe would for the calls the app makes, and records them.
// Shared by the Stripe test files (stripe-webhooks, stripe-one-subscription, subscription-mail).
export const WEBHOOK_SECRET = 'whsec_core28_test_secret';
export const PERIOD_END = Math.floor(Date.now() / 1000) + 30 * 86_400;
export const PERIOD_START = PERIOD_END - 30 * 86_400;

type FakeSubscription = {
  id: string;
  status: string;
  created: number;
  price: string;
  periodStart: number;
  periodEnd: number;
  cancelAtPeriodEnd: boolean;
  schedule: string | null;
  /** Its customer and member (the double's first ones, cus_1 and the last checkout's, unless set). */
  customer?: string;
  owner?: string;
};
/** An invoice paid, and the charge that paid it (refunds are told as the charge's running total). */
type FakeInvoice = {
  id: string;
  customer: string;
  subscription: string;
  amountPaid: number;
  created: number;
};
type FakeCharge = { id: string; customer: string; invoice: string | null; amountRefunded: number };
type FakeSchedule = {
  id: string;
  subscription: string;
  phases: { start: number; end?: number; price: string }[];
};

/** The member's one invoice (in_1, paid, of sub_1): the billing history's row and a receipt's source. */
export const INVOICE = {
  id: 'in_1',
  object: 'invoice',
  status: 'paid',
  customer: 'cus_1',
  number: 'ABC-0001',
  created: 1_790_000_000,
  status_transitions: { paid_at: 1_790_000_020 },
  amount_paid: 999,
  description: 'The Daily Core',
  invoice_pdf: 'https://pay.stripe.test/in_1.pdf',
  hosted_invoice_url: 'https://invoice.stripe.test/in_1',
  parent: { subscription_details: { subscription: 'sub_1' } },
};

const list = (data: unknown[]) => ({ object: 'list', data, has_more: false, url: '/v1/x' });
const scheduleObject = (schedule: FakeSchedule) => ({
  id: schedule.id,
  object: 'subscription_schedule',
  subscription: schedule.subscription,
  current_phase: { start_date: schedule.phases[0]!.start, end_date: schedule.phases[0]!.end },
  phases: schedule.phases.map((phase) => ({
    start_date: phase.start,
    end_date: phase.end ?? null,
    items: [{ price: phase.price, quantity: 1 }],
  })),
});
const stripeError = (status: number, type: string, message: string, code?: string) => ({
  status,
  body: { error: { type, message, ...(code ? { code } : {}) } },
});

/** The fake Stripe on a free port, holding sub_1 on cus_1 for the member who checks out (`owner`). */
export async function startStripeDouble() {
  const requests: { method: string; path: string; body: string; headers: IncomingMessage['headers'] }[] = [];
  const state = {
    /** The member of the last Checkout Session: sub_1's owner. */
    owner: '',
    subscriptions: new Map<string, FakeSubscription>(),
    schedules: new Map<string, FakeSchedule>(),
    customers: new Map<string, string>(),
    /** The amount Stripe's preview answers: the app shows it, it does not compute it. */
    previewAmountDue: 1017,
    declineUpdates: false,
    invoices: new Map<string, FakeInvoice>(),
    charges: new Map<string, FakeCharge>(),
    /** Stripe's clock (a test on its own clock sets it), in seconds. */
    now: () => Math.floor(Date.now() / 1000),
  };
  const addSubscription = (sub: Partial<FakeSubscription> & { id: string }) =>
    state.subscriptions.set(sub.id, {
      status: 'active',
      created: PERIOD_START,
      price: 'price_dc_m',
      periodStart: PERIOD_START,
      periodEnd: PERIOD_END,
      cancelAtPeriodEnd: false,
      schedule: null,
      ...sub,
    });
  addSubscription({ id: 'sub_1' });

  const subscriptionObject = (sub: FakeSubscription, expandSchedule = false) => {
    const schedule = sub.schedule ? state.schedules.get(sub.schedule) : undefined;
    return {
      id: sub.id,
      object: 'subscription',
      customer: sub.customer ?? 'cus_1',
      status: sub.status,
      created: sub.created,
      cancel_at_period_end: sub.cancelAtPeriodEnd,
      schedule: schedule ? (expandSchedule ? scheduleObject(schedule) : schedule.id) : null,
      metadata: { userId: sub.owner ?? state.owner },
      items: list([
        {
          id: `si_${sub.id.slice(4)}`,
          object: 'subscription_item',
          current_period_start: sub.periodStart,
          current_period_end: sub.periodEnd,
          price: { id: sub.price, object: 'price' },
        },
      ]),
    };
  };
  const subscription = () => subscriptionObject(state.subscriptions.get('sub_1')!);

  function answer(req: IncomingMessage, body: string): unknown {
    const path = req.url ?? '';
    const { pathname, searchParams } = new URL(path, 'http://stripe.test');
    const form = new URLSearchParams(body);
    if (req.method === 'POST' && path === '/v1/customers') {
      const key = String(req.headers['idempotency-key']);
      if (!state.customers.has(key)) state.customers.set(key, `cus_${state.customers.size + 1}`);
      return { id: state.customers.get(key), object: 'customer' };
    }
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      state.owner = new URLSearchParams(body).get('client_reference_id') ?? '';
      return { id: 'cs_test_1', object: 'checkout.session', url: 'https://checkout.stripe.test/c/cs_test_1' };
    }
    if (path.startsWith('/v1/checkout/sessions/cs_test_1'))
      return {
        id: 'cs_test_1',
        object: 'checkout.session',
        status: 'complete',
        client_reference_id: state.owner,
        customer: 'cus_1',
        subscription: 'sub_1',
        metadata: {},
      };
    const subscriptionPath = pathname.match(/^\/v1\/subscriptions\/(sub_\w+)$/);
    const sub = subscriptionPath ? state.subscriptions.get(subscriptionPath[1]!) : undefined;
    if (subscriptionPath && !sub) return null;
    if (sub && req.method === 'GET')
      return subscriptionObject(sub, searchParams.get('expand[0]') === 'schedule');
    if (sub && req.method === 'DELETE') {
      sub.status = 'canceled';
      return subscriptionObject(sub);
    }
    if (sub && req.method === 'POST') {
      const price = form.get('items[0][price]');
      if (price && state.declineUpdates)
        return stripeError(402, 'card_error', 'Your card was declined.', 'card_declined');
      // A new billing interval starts a new period now, as Stripe's always_invoice proration does.
      const isYearly = (p: string) => p.endsWith('_y');
      if (price && isYearly(price) !== isYearly(sub.price)) {
        sub.periodStart = state.now();
        sub.periodEnd = Math.floor(
          addInterval(new Date(sub.periodStart * 1000), isYearly(price) ? 'year' : 'month').getTime() / 1000,
        );
      }
      if (price) sub.price = price;
      if (form.has('cancel_at_period_end'))
        sub.cancelAtPeriodEnd = form.get('cancel_at_period_end') === 'true';
      return subscriptionObject(sub);
    }
    if (path.startsWith('/v1/subscriptions?')) return list([subscription()]);
    if (req.method === 'POST' && pathname === '/v1/invoices/create_preview')
      return { id: 'upcoming_in', object: 'invoice', amount_due: state.previewAmountDue };
    if (req.method === 'POST' && pathname === '/v1/subscription_schedules') {
      const from = state.subscriptions.get(form.get('from_subscription') ?? '')!;
      const schedule: FakeSchedule = {
        id: `sub_sched_${state.schedules.size + 1}`,
        subscription: from.id,
        phases: [{ start: from.periodStart, end: from.periodEnd, price: from.price }],
      };
      state.schedules.set(schedule.id, schedule);
      from.schedule = schedule.id;
      return scheduleObject(schedule);
    }
    const schedulePath = pathname.match(/^\/v1\/subscription_schedules\/(sub_sched_\w+?)(\/release)?$/);
    const schedule = schedulePath ? state.schedules.get(schedulePath[1]!) : undefined;
    if (schedule && schedulePath?.[2]) {
      state.subscriptions.get(schedule.subscription)!.schedule = null;
      return scheduleObject(schedule);
    }
    if (schedule && req.method === 'POST') {
      const phases: FakeSchedule['phases'] = [];
      for (let i = 0; form.has(`phases[${i}][items][0][price]`); i++) {
        const start = Number(form.get(`phases[${i}][start_date]`) ?? phases[i - 1]?.end);
        const end = form.get(`phases[${i}][end_date]`);
        phases.push({
          start,
          end: end ? Number(end) : undefined,
          price: form.get(`phases[${i}][items][0][price]`)!,
        });
      }
      schedule.phases = phases;
      return scheduleObject(schedule);
    }
    if (schedule) return scheduleObject(schedule);
    if (path.startsWith('/v1/payment_methods'))
      return list([
        {
          id: 'pm_1',
          object: 'payment_method',
          card: { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2031 },
        },
      ]);
    if (req.method === 'GET' && pathname === `/v1/invoices/${INVOICE.id}`) return INVOICE;
    const invoice = state.invoices.get(pathname.replace('/v1/invoices/', ''));
    if (req.method === 'GET' && invoice)
      return {
        ...INVOICE,
        id: invoice.id,
        customer: invoice.customer,
        number: invoice.id.toUpperCase(),
        created: invoice.created,
        status_transitions: { paid_at: invoice.created },
        amount_paid: invoice.amountPaid,
        parent: { subscription_details: { subscription: invoice.subscription } },
      };
    const charge = state.charges.get(pathname.replace('/v1/charges/', ''));
    if (req.method === 'GET' && charge)
      return {
        id: charge.id,
        object: 'charge',
        customer: charge.customer,
        invoice: charge.invoice,
        amount_refunded: charge.amountRefunded,
      };
    if (req.method === 'GET' && pathname === '/v1/invoices') return list([INVOICE]);
    if (path === '/v1/billing_portal/sessions')
      return { id: 'bps_1', object: 'billing_portal.session', url: 'https://billing.stripe.test/p/1' };
    return null;
  }

  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      requests.push({ method: req.method ?? '', path: req.url ?? '', body, headers: req.headers });
      const result = answer(req, body) as { status?: number; body?: unknown } | null;
      const isError = result !== null && typeof result.status === 'number' && 'body' in result;
      res.writeHead(isError ? result.status! : result ? 200 : 404, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          isError
            ? result.body
            : (result ?? { error: { type: 'invalid_request_error', message: 'No such object' } }),
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    state,
    addSubscription,
    callsTo: (method: string, pathPrefix: string) =>
      requests.filter((r) => r.method === method && r.path.startsWith(pathPrefix)),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

export type StripeDouble = Awaited<ReturnType<typeof startStripeDouble>>;

/** The app's Stripe settings, pointed at the double. */
export const stripeEnv = (stripe: StripeDouble) => ({
  STRIPE_SECRET_KEY: 'sk_test_core28',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_PRICE_DAILY_CORE_MONTHLY: 'price_dc_m',
  STRIPE_PRICE_DAILY_CORE_YEARLY: 'price_dc_y',
  STRIPE_PRICE_BURN_MONTHLY: 'price_b_m',
  STRIPE_PRICE_BURN_YEARLY: 'price_b_y',
  STRIPE_API_BASE: stripe.url,
});

const signer = new Stripe('sk_test_core28');
/** `event` posted to the app's webhook, signed as Stripe signs it (with `secret`). */
export const sendWebhook = (t: TestApp, event: object, secret = WEBHOOK_SECRET) => {
  const payload = JSON.stringify(event);
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
  return t.app.request('/api/webhooks/stripe', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
};

/** Stripe's event for the double's completed Checkout Session (sub_1 on cus_1, for `owner`). */
export const completedEvent = (id: string, owner: string) => ({
  id,
  object: 'event',
  type: 'checkout.session.completed',
  created: Math.floor(Date.now() / 1000),
  data: {
    object: {
      id: 'cs_test_1',
      object: 'checkout.session',
      client_reference_id: owner,
      subscription: 'sub_1',
      customer: 'cus_1',
    },
  },
});

/** A recorded request's form body. */
export const bodyOf = (request: { body: string } | undefined) => new URLSearchParams(request?.body ?? '');
