import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentEvents, subscribers } from '../../platform/db/schema.ts';
import { createMember, createTestApp, json, type TestApp } from '../../testing/harness.ts';

// A local HTTP server answers Stripe's API: the only thing faked is Stripe itself. It keeps
// subscriptions and schedules as Stripe would for the calls the app makes, and records them.
const WEBHOOK_SECRET = 'whsec_core28_test_secret';
const PERIOD_END = Math.floor(Date.now() / 1000) + 30 * 86_400;
const PERIOD_START = PERIOD_END - 30 * 86_400;
const requests: { method: string; path: string; body: string; headers: IncomingMessage['headers'] }[] = [];
let owner = '';
let fake: Server;
let t: TestApp;

type FakeSubscription = {
  id: string;
  status: string;
  created: number;
  price: string;
  periodStart: number;
  periodEnd: number;
  cancelAtPeriodEnd: boolean;
  schedule: string | null;
};
type FakeSchedule = {
  id: string;
  subscription: string;
  phases: { start: number; end?: number; price: string }[];
};
const stripeState = {
  subscriptions: new Map<string, FakeSubscription>(),
  schedules: new Map<string, FakeSchedule>(),
  customers: new Map<string, string>(),
  /** The amount Stripe's preview answers: the app shows it, it does not compute it. */
  previewAmountDue: 1017,
  declineUpdates: false,
};
const addSubscription = (sub: Partial<FakeSubscription> & { id: string }) =>
  stripeState.subscriptions.set(sub.id, {
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
const subscriptionObject = (sub: FakeSubscription, expandSchedule = false) => {
  const schedule = sub.schedule ? stripeState.schedules.get(sub.schedule) : undefined;
  return {
    id: sub.id,
    object: 'subscription',
    customer: 'cus_1',
    status: sub.status,
    created: sub.created,
    cancel_at_period_end: sub.cancelAtPeriodEnd,
    schedule: schedule ? (expandSchedule ? scheduleObject(schedule) : schedule.id) : null,
    metadata: { userId: owner },
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
const subscription = () => subscriptionObject(stripeState.subscriptions.get('sub_1')!);
const stripeError = (status: number, type: string, message: string, code?: string) => ({
  status,
  body: { error: { type, message, ...(code ? { code } : {}) } },
});

function answer(req: IncomingMessage, body: string): unknown {
  const path = req.url ?? '';
  const { pathname, searchParams } = new URL(path, 'http://stripe.test');
  const form = new URLSearchParams(body);
  if (req.method === 'POST' && path === '/v1/customers') {
    const key = String(req.headers['idempotency-key']);
    if (!stripeState.customers.has(key))
      stripeState.customers.set(key, `cus_${stripeState.customers.size + 1}`);
    return { id: stripeState.customers.get(key), object: 'customer' };
  }
  if (req.method === 'POST' && path === '/v1/checkout/sessions') {
    owner = new URLSearchParams(body).get('client_reference_id') ?? '';
    return { id: 'cs_test_1', object: 'checkout.session', url: 'https://checkout.stripe.test/c/cs_test_1' };
  }
  if (path.startsWith('/v1/checkout/sessions/cs_test_1'))
    return {
      id: 'cs_test_1',
      object: 'checkout.session',
      status: 'complete',
      client_reference_id: owner,
      customer: 'cus_1',
      subscription: 'sub_1',
      metadata: {},
    };
  const subscriptionPath = pathname.match(/^\/v1\/subscriptions\/(sub_\w+)$/);
  const sub = subscriptionPath ? stripeState.subscriptions.get(subscriptionPath[1]!) : undefined;
  if (subscriptionPath && !sub) return null;
  if (sub && req.method === 'GET')
    return subscriptionObject(sub, searchParams.get('expand[0]') === 'schedule');
  if (sub && req.method === 'POST') {
    const price = form.get('items[0][price]');
    if (price && stripeState.declineUpdates)
      return stripeError(402, 'card_error', 'Your card was declined.', 'card_declined');
    if (price) sub.price = price;
    if (form.has('cancel_at_period_end')) sub.cancelAtPeriodEnd = form.get('cancel_at_period_end') === 'true';
    return subscriptionObject(sub);
  }
  if (path.startsWith('/v1/subscriptions?')) return list([subscription()]);
  if (req.method === 'POST' && pathname === '/v1/invoices/create_preview')
    return { id: 'upcoming_in', object: 'invoice', amount_due: stripeState.previewAmountDue };
  if (req.method === 'POST' && pathname === '/v1/subscription_schedules') {
    const from = stripeState.subscriptions.get(form.get('from_subscription') ?? '')!;
    const schedule: FakeSchedule = {
      id: `sub_sched_${stripeState.schedules.size + 1}`,
      subscription: from.id,
      phases: [{ start: from.periodStart, end: from.periodEnd, price: from.price }],
    };
    stripeState.schedules.set(schedule.id, schedule);
    from.schedule = schedule.id;
    return scheduleObject(schedule);
  }
  const schedulePath = pathname.match(/^\/v1\/subscription_schedules\/(sub_sched_\w+?)(\/release)?$/);
  const schedule = schedulePath ? stripeState.schedules.get(schedulePath[1]!) : undefined;
  if (schedule && schedulePath?.[2]) {
    stripeState.subscriptions.get(schedule.subscription)!.schedule = null;
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
  if (path.startsWith('/v1/invoices'))
    return list([
      {
        id: 'in_1',
        object: 'invoice',
        number: 'ABC-0001',
        created: 1_790_000_000,
        amount_paid: 999,
        description: 'The Daily Core',
        invoice_pdf: 'https://pay.stripe.test/in_1.pdf',
      },
    ]);
  if (path === '/v1/billing_portal/sessions')
    return { id: 'bps_1', object: 'billing_portal.session', url: 'https://billing.stripe.test/p/1' };
  return null;
}

beforeAll(async () => {
  fake = createServer((req, res) => {
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
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_core28',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_DAILY_CORE_MONTHLY: 'price_dc_m',
      STRIPE_PRICE_DAILY_CORE_YEARLY: 'price_dc_y',
      STRIPE_PRICE_BURN_MONTHLY: 'price_b_m',
      STRIPE_PRICE_BURN_YEARLY: 'price_b_y',
      STRIPE_API_BASE: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`,
    },
  });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => fake.close(resolve));
});

const signer = new Stripe('sk_test_core28');
const webhook = (event: object, secret = WEBHOOK_SECRET) => {
  const payload = JSON.stringify(event);
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
  return t.app.request('/api/webhooks/stripe', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
};
const completedEvent = (id: string) => ({
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

describe('Stripe', () => {
  it('creates a subscription-mode Checkout Session carrying the member id and the plan price', async () => {
    const member = await createMember(t);
    const res = await t.request('/api/subscription/checkout', {
      cookie: member.cookie,
      json: { plan: 'daily-core-monthly' },
    });
    expect(await json(res)).toEqual({ url: 'https://checkout.stripe.test/c/cs_test_1' });
    const call = new URLSearchParams(requests.find((r) => r.path === '/v1/checkout/sessions')!.body);
    expect(call.get('mode')).toBe('subscription');
    expect(call.get('client_reference_id')).toBe(member.userId);
    expect(call.get('line_items[0][price]')).toBe('price_dc_m');
    expect(call.get('success_url')).toContain('/subscription/success?session_id={CHECKOUT_SESSION_ID}');
  });

  it('refuses a webhook with a bad signature and writes nothing', async () => {
    const res = await webhook(completedEvent('evt_forged'), 'whsec_wrong');
    expect(res.status).toBe(400);
    expect((await json(res)).error.message).toBe('Invalid webhook signature');
    const unsigned = await t.app.request('/api/webhooks/stripe', {
      method: 'POST',
      body: JSON.stringify(completedEvent('evt_x')),
    });
    expect(unsigned.status).toBe(400);
    expect(await t.db.select().from(paymentEvents)).toEqual([]);
  });

  it('a signed checkout.session.completed subscribes the member once, however often it arrives', async () => {
    expect(await json(await webhook(completedEvent('evt_1')))).toEqual({
      received: true,
      outcome: 'handled',
    });
    expect(await json(await webhook(completedEvent('evt_1')))).toEqual({
      received: true,
      outcome: 'duplicate',
    });
    const [row] = await t.db.select().from(subscribers).where(eq(subscribers.userId, owner));
    expect(row).toMatchObject({
      subscribed: true,
      subscriptionTier: 'The Daily Core',
      providerCustomerId: 'cus_1',
      providerSubscriptionId: 'sub_1',
    });
    expect(row?.subscriptionEnd?.getTime()).toBe(PERIOD_END * 1000);
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.id, 'evt_1'))).toHaveLength(1);
  });

  it('follows an invoice to its subscription in the current API shape', async () => {
    const res = await webhook({
      id: 'evt_invoice',
      object: 'event',
      type: 'invoice.paid',
      created: Math.floor(Date.now() / 1000) + 5,
      data: {
        object: {
          id: 'in_1',
          object: 'invoice',
          customer: 'cus_1',
          parent: { subscription_details: { subscription: 'sub_1' } },
        },
      },
    });
    expect((await json(res)).outcome).toBe('handled');
  });

  it('acknowledges an unknown event type without acting on it', async () => {
    const res = await webhook({
      id: 'evt_2',
      object: 'event',
      type: 'product.created',
      created: 1,
      data: { object: { id: 'prod_1', object: 'product' } },
    });
    expect(res.status).toBe(200);
    expect((await json(res)).outcome).toBe('ignored');
  });

  it('reads billing info and the portal from Stripe', async () => {
    const signIn = await t.request('/api/auth/sign-in/email', {
      json: {
        email: (await t.db.select().from(subscribers).where(eq(subscribers.userId, owner)))[0]!.email,
        password: 'Core#2026strong',
      },
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const billing = await json(await t.request('/api/subscription/billing', { cookie }));
    expect(billing).toEqual({
      subscriptions: [
        { plan_name: 'The Daily Core', current_period_end: PERIOD_END, cancel_at_period_end: false },
      ],
      payment_methods: [{ id: 'pm_1', card: { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2031 } }],
      invoices: [
        {
          id: 'in_1',
          number: 'ABC-0001',
          created: 1_790_000_000,
          amount_paid: 999,
          description: 'The Daily Core',
          invoice_pdf: 'https://pay.stripe.test/in_1.pdf',
        },
      ],
    });
    const portal = await json(await t.request('/api/subscription/portal', { method: 'POST', cookie }));
    expect(portal.url).toBe('https://billing.stripe.test/p/1');
  });
});

/** The paying member (`owner`, sub_1 on cus_1) signed in. */
async function ownerCookie() {
  const [row] = await t.db.select().from(subscribers).where(eq(subscribers.userId, owner));
  const signIn = await t.request('/api/auth/sign-in/email', {
    json: { email: row!.email, password: 'Core#2026strong' },
  });
  return signIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}
const callsTo = (method: string, pathPrefix: string) =>
  requests.filter((r) => r.method === method && r.path.startsWith(pathPrefix));
const bodyOf = (request: { body: string } | undefined) => new URLSearchParams(request?.body ?? '');

describe('Stripe: one subscription per member (issue 14)', () => {
  it('checkout passes the member’s one customer, never only an e-mail, and makes it once', async () => {
    const paying = owner;
    try {
      const member = await createMember(t);
      const customersBefore = callsTo('POST', '/v1/customers').length;
      for (const plan of ['daily-core-monthly', 'burn-monthly']) {
        const res = await t.request('/api/subscription/checkout', { cookie: member.cookie, json: { plan } });
        expect(res.status).toBe(200);
      }
      const created = callsTo('POST', '/v1/customers').slice(customersBefore);
      expect(created).toHaveLength(1);
      expect(created[0]!.headers['idempotency-key']).toBe(`core28-customer-${member.userId}`);
      expect(bodyOf(created[0]).get('metadata[userId]')).toBe(member.userId);
      const [first, second] = callsTo('POST', '/v1/checkout/sessions').slice(-2).map(bodyOf);
      for (const call of [first!, second!]) {
        expect(call.get('customer')).toMatch(/^cus_\d+$/);
        expect(call.has('customer_email')).toBe(false);
      }
      expect(first!.get('customer')).toBe(second!.get('customer'));
    } finally {
      owner = paying; // the fake's sub_1 stays the paying member's
    }
  });

  it('a paying member switches plans on the one subscription: Stripe’s preview, then a prorated update', async () => {
    const cookie = await ownerCookie();
    const checkoutsBefore = callsTo('POST', '/v1/checkout/sessions').length;
    const refused = await t.request('/api/subscription/checkout', { cookie, json: { plan: 'burn-monthly' } });
    expect(refused.status).toBe(409);

    const preview = await json(
      await t.request('/api/subscription/change/preview', { cookie, json: { plan: 'burn-monthly' } }),
    );
    expect(preview).toMatchObject({ change: 'upgrade', amount_due: stripeState.previewAmountDue });
    const previewCall = bodyOf(callsTo('POST', '/v1/invoices/create_preview').at(-1));
    expect(previewCall.get('subscription')).toBe('sub_1');
    expect(previewCall.get('subscription_details[items][0][id]')).toBe('si_1');
    expect(previewCall.get('subscription_details[items][0][price]')).toBe('price_b_m');
    expect(previewCall.get('subscription_details[proration_behavior]')).toBe('always_invoice');
    expect(previewCall.get('subscription_details[proration_date]')).toBe(String(preview.proration_date));

    stripeState.declineUpdates = true;
    const declined = await t.request('/api/subscription/change', {
      cookie,
      json: { plan: 'burn-monthly', proration_date: preview.proration_date },
    });
    expect(declined.status).toBe(402);
    expect((await json(declined)).error).toEqual({
      code: 'PAYMENT_REQUIRED',
      message: 'Your card was declined.',
    });
    expect((await json(await t.request('/api/subscription', { cookie }))).subscription_tier).toBe(
      'The Daily Core',
    );

    stripeState.declineUpdates = false;
    const changed = await t.request('/api/subscription/change', {
      cookie,
      json: { plan: 'burn-monthly', proration_date: preview.proration_date },
    });
    expect(changed.status).toBe(200);
    const update = bodyOf(callsTo('POST', '/v1/subscriptions/sub_1').at(-1));
    expect(update.get('items[0][id]')).toBe('si_1');
    expect(update.get('items[0][price]')).toBe('price_b_m');
    expect(update.get('proration_behavior')).toBe('always_invoice');
    expect(update.get('proration_date')).toBe(String(preview.proration_date));
    expect(update.get('payment_behavior')).toBe('error_if_incomplete');
    expect((await json(changed)).subscription).toMatchObject({
      subscribed: true,
      subscription_tier: '1-on-1 Burn',
    });
    expect(callsTo('POST', '/v1/checkout/sessions')).toHaveLength(checkoutsBefore);
  });

  it('a downgrade becomes the schedule’s next phase at the period end; cancelling releases it', async () => {
    const cookie = await ownerCookie();
    const preview = await json(
      await t.request('/api/subscription/change/preview', { cookie, json: { plan: 'daily-core-monthly' } }),
    );
    expect(preview).toMatchObject({
      change: 'downgrade',
      amount_due: 0,
      effective_at: new Date(PERIOD_END * 1000).toISOString(),
    });
    expect(
      (await t.request('/api/subscription/change', { cookie, json: { plan: 'daily-core-monthly' } })).status,
    ).toBe(200);
    const created = requests.filter((r) => r.method === 'POST' && r.path === '/v1/subscription_schedules');
    expect(created.map((r) => bodyOf(r).get('from_subscription'))).toEqual(['sub_1']);
    const phases = bodyOf(callsTo('POST', '/v1/subscription_schedules/sub_sched_').at(-1));
    expect(phases.get('end_behavior')).toBe('release');
    expect(phases.get('phases[0][items][0][price]')).toBe('price_b_m');
    expect(phases.get('phases[0][end_date]')).toBe(String(PERIOD_END));
    expect(phases.get('phases[1][items][0][price]')).toBe('price_dc_m');
    expect(await json(await t.request('/api/subscription/plan', { cookie }))).toMatchObject({
      plan: 'burn-monthly',
      scheduled_plan: 'daily-core-monthly',
    });
    expect((await json(await t.request('/api/subscription', { cookie }))).subscription_tier).toBe(
      '1-on-1 Burn',
    );

    // Picking the free plan: the portal's cancellation flow, with the downgrade released first.
    const portal = await json(await t.request('/api/subscription/portal/cancel', { method: 'POST', cookie }));
    expect(portal.url).toBe('https://billing.stripe.test/p/1');
    expect(callsTo('POST', '/v1/subscription_schedules/sub_sched_1/release')).toHaveLength(1);
    const session = bodyOf(callsTo('POST', '/v1/billing_portal/sessions').at(-1));
    expect(session.get('flow_data[type]')).toBe('subscription_cancel');
    expect(session.get('flow_data[subscription_cancel][subscription]')).toBe('sub_1');
    expect(session.get('flow_data[after_completion][redirect][return_url]')).toMatch(
      /\/subscription\/manage$/,
    );

    // The member cancels in Stripe's portal; Stripe says so by webhook; the member resumes here.
    stripeState.subscriptions.get('sub_1')!.cancelAtPeriodEnd = true;
    await webhook({
      id: 'evt_cancel_at_end',
      object: 'event',
      type: 'customer.subscription.updated',
      created: Math.floor(Date.now() / 1000) + 10,
      data: { object: { id: 'sub_1', object: 'subscription', customer: 'cus_1' } },
    });
    expect(await json(await t.request('/api/subscription/plan', { cookie }))).toMatchObject({
      cancel_at_period_end: true,
      scheduled_plan: null,
    });
    const resumed = await t.request('/api/subscription/resume', { method: 'POST', cookie });
    expect((await json(resumed)).cancel_at_period_end).toBe(false);
    expect(bodyOf(callsTo('POST', '/v1/subscriptions/sub_1').at(-1)).get('cancel_at_period_end')).toBe(
      'false',
    );
  });

  it('a deleted event for the member’s older subscription changes nothing', async () => {
    addSubscription({ id: 'sub_old', status: 'canceled', created: PERIOD_START - 90 * 86_400 });
    const res = await webhook({
      id: 'evt_old_deleted',
      object: 'event',
      type: 'customer.subscription.deleted',
      created: Math.floor(Date.now() / 1000) + 20,
      data: {
        object: { id: 'sub_old', object: 'subscription', customer: 'cus_1', metadata: { userId: owner } },
      },
    });
    expect((await json(res)).outcome).toBe('stale');
    const [row] = await t.db.select().from(subscribers).where(eq(subscribers.userId, owner));
    expect(row).toMatchObject({
      subscribed: true,
      providerSubscriptionId: 'sub_1',
      subscriptionTier: '1-on-1 Burn',
    });
  });

  it('a period that ended without a word from Stripe is re-read: renewed stays, cancelled ends', async () => {
    const cookie = await ownerCookie();
    const ended = new Date(Date.now() - 60_000);
    const endPeriod = () =>
      t.db.update(subscribers).set({ subscriptionEnd: ended }).where(eq(subscribers.userId, owner));
    await endPeriod(); // the renewal's webhook was lost; Stripe renewed it
    expect((await json(await t.request('/api/subscription', { cookie }))).subscribed).toBe(true);
    const [renewed] = await t.db.select().from(subscribers).where(eq(subscribers.userId, owner));
    expect(renewed?.subscriptionEnd?.getTime()).toBe(PERIOD_END * 1000);

    stripeState.subscriptions.get('sub_1')!.status = 'canceled'; // the deletion's webhook was lost
    await endPeriod();
    expect((await json(await t.request('/api/subscription', { cookie }))).subscribed).toBe(false);
    expect((await t.request('/api/coaching/topics', { cookie })).status).toBe(403);
  });
});
