import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentEvents, subscribers } from '../../platform/db/schema.ts';
import { createMember, createTestApp, json, type TestApp } from '../../testing/harness.ts';
import {
  completedEvent,
  PERIOD_END,
  type StripeDouble,
  sendWebhook,
  startStripeDouble,
  stripeEnv,
} from '../../testing/stripe.ts';

// Checkout, the webhook's signature and events, billing: against the Stripe double
// (testing/stripe.ts), the only thing faked. One subscription per member is in
// stripe-one-subscription.test.ts.
let stripe: StripeDouble;
let t: TestApp;
const webhook = (event: object, secret?: string) => sendWebhook(t, event, secret);

beforeAll(async () => {
  stripe = await startStripeDouble();
  t = await createTestApp({ env: stripeEnv(stripe) });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

describe('Stripe', () => {
  it('creates a subscription-mode Checkout Session carrying the member id and the plan price', async () => {
    const member = await createMember(t);
    const res = await t.request('/api/subscription/checkout', {
      cookie: member.cookie,
      json: { plan: 'daily-core-monthly' },
    });
    expect(await json(res)).toEqual({ url: 'https://checkout.stripe.test/c/cs_test_1' });
    const call = new URLSearchParams(stripe.requests.find((r) => r.path === '/v1/checkout/sessions')!.body);
    expect(call.get('mode')).toBe('subscription');
    expect(call.get('client_reference_id')).toBe(member.userId);
    expect(call.get('line_items[0][price]')).toBe('price_dc_m');
    expect(call.get('success_url')).toContain('/subscription/success?session_id={CHECKOUT_SESSION_ID}');
  });

  it('refuses a webhook with a bad signature and writes nothing', async () => {
    const res = await webhook(completedEvent('evt_forged', stripe.state.owner), 'whsec_wrong');
    expect(res.status).toBe(400);
    expect((await json(res)).error.message).toBe('Invalid webhook signature');
    const unsigned = await t.app.request('/api/webhooks/stripe', {
      method: 'POST',
      body: JSON.stringify(completedEvent('evt_x', stripe.state.owner)),
    });
    expect(unsigned.status).toBe(400);
    expect(await t.db.select().from(paymentEvents)).toEqual([]);
  });

  it('a signed checkout.session.completed subscribes the member once, however often it arrives', async () => {
    expect(await json(await webhook(completedEvent('evt_1', stripe.state.owner)))).toEqual({
      received: true,
      outcome: 'handled',
    });
    expect(await json(await webhook(completedEvent('evt_1', stripe.state.owner)))).toEqual({
      received: true,
      outcome: 'duplicate',
    });
    const [row] = await t.db.select().from(subscribers).where(eq(subscribers.userId, stripe.state.owner));
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
        email: (await t.db.select().from(subscribers).where(eq(subscribers.userId, stripe.state.owner)))[0]!
          .email,
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
