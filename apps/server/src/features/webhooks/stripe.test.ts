import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentEvents, subscribers } from '../../platform/db/schema.ts';
import { createMember, createTestApp, json, type TestApp } from '../../testing/harness.ts';

// A local HTTP server answers Stripe's API: the only thing faked is Stripe itself.
const WEBHOOK_SECRET = 'whsec_core28_test_secret';
const PERIOD_END = Math.floor(Date.now() / 1000) + 30 * 86_400;
const requests: { method: string; path: string; body: string }[] = [];
let owner = '';
let fake: Server;
let t: TestApp;

const list = (data: unknown[]) => ({ object: 'list', data, has_more: false, url: '/v1/x' });
const subscription = (status = 'active') => ({
  id: 'sub_1',
  object: 'subscription',
  customer: 'cus_1',
  status,
  cancel_at_period_end: false,
  metadata: { userId: owner },
  items: list([
    {
      id: 'si_1',
      object: 'subscription_item',
      current_period_end: PERIOD_END,
      price: { id: 'price_dc_m', object: 'price' },
    },
  ]),
});

function answer(req: IncomingMessage, body: string): unknown {
  const path = req.url ?? '';
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
  if (path.startsWith('/v1/subscriptions/sub_1')) return subscription();
  if (path.startsWith('/v1/subscriptions?')) return list([subscription()]);
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
      requests.push({ method: req.method ?? '', path: req.url ?? '', body });
      const result = answer(req, body);
      res.writeHead(result ? 200 : 404, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(result ?? { error: { type: 'invalid_request_error', message: 'No such object' } }),
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
