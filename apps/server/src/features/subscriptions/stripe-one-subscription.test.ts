import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribers } from '../../platform/db/schema.ts';
import { createMember, createTestApp, json, type TestApp } from '../../testing/harness.ts';
import {
  bodyOf,
  completedEvent,
  PERIOD_END,
  PERIOD_START,
  type StripeDouble,
  sendWebhook,
  startStripeDouble,
  stripeEnv,
} from '../../testing/stripe.ts';

// One subscription per member (decision 0005) against the Stripe double (testing/stripe.ts): checkout, the webhook's events and
// billing are in stripe-webhooks.test.ts.
let stripe: StripeDouble;
let t: TestApp;
const webhook = (event: object, secret?: string) => sendWebhook(t, event, secret);

beforeAll(async () => {
  stripe = await startStripeDouble();
  t = await createTestApp({ env: stripeEnv(stripe) });
  // The paying member of these tests (`owner`): checked out on The Daily Core, then subscribed
  // by Stripe's signed checkout.session.completed (sub_1 on cus_1).
  const member = await createMember(t);
  await t.request('/api/subscription/checkout', {
    cookie: member.cookie,
    json: { plan: 'daily-core-monthly' },
  });
  const subscribed = await json(await webhook(completedEvent('evt_1', stripe.state.owner)));
  if (subscribed.outcome !== 'handled') throw new Error(`checkout webhook: ${subscribed.outcome}`);
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

/** The paying member (`owner`, sub_1 on cus_1) signed in. */
async function ownerCookie() {
  const [row] = await t.db.select().from(subscribers).where(eq(subscribers.userId, stripe.state.owner));
  const signIn = await t.request('/api/auth/sign-in/email', {
    json: { email: row!.email, password: 'Core#2026strong' },
  });
  return signIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

describe('Stripe: one subscription per member', () => {
  it('checkout passes the member’s one customer, never only an e-mail, and makes it once', async () => {
    const paying = stripe.state.owner;
    try {
      const member = await createMember(t);
      const customersBefore = stripe.callsTo('POST', '/v1/customers').length;
      for (const plan of ['daily-core-monthly', 'burn-monthly']) {
        const res = await t.request('/api/subscription/checkout', { cookie: member.cookie, json: { plan } });
        expect(res.status).toBe(200);
      }
      const created = stripe.callsTo('POST', '/v1/customers').slice(customersBefore);
      expect(created).toHaveLength(1);
      expect(created[0]!.headers['idempotency-key']).toBe(`core28-customer-${member.userId}`);
      expect(bodyOf(created[0]).get('metadata[userId]')).toBe(member.userId);
      const [first, second] = stripe.callsTo('POST', '/v1/checkout/sessions').slice(-2).map(bodyOf);
      for (const call of [first!, second!]) {
        expect(call.get('customer')).toMatch(/^cus_\d+$/);
        expect(call.has('customer_email')).toBe(false);
      }
      expect(first!.get('customer')).toBe(second!.get('customer'));
    } finally {
      stripe.state.owner = paying; // the fake's sub_1 stays the paying member's
    }
  });

  it('a paying member switches plans on the one subscription: Stripe’s preview, then a prorated update', async () => {
    const cookie = await ownerCookie();
    const checkoutsBefore = stripe.callsTo('POST', '/v1/checkout/sessions').length;
    const refused = await t.request('/api/subscription/checkout', { cookie, json: { plan: 'burn-monthly' } });
    expect(refused.status).toBe(409);

    const preview = await json(
      await t.request('/api/subscription/change/preview', { cookie, json: { plan: 'burn-monthly' } }),
    );
    expect(preview).toMatchObject({ change: 'upgrade', amount_due: stripe.state.previewAmountDue });
    const previewCall = bodyOf(stripe.callsTo('POST', '/v1/invoices/create_preview').at(-1));
    expect(previewCall.get('subscription')).toBe('sub_1');
    expect(previewCall.get('subscription_details[items][0][id]')).toBe('si_1');
    expect(previewCall.get('subscription_details[items][0][price]')).toBe('price_b_m');
    expect(previewCall.get('subscription_details[proration_behavior]')).toBe('always_invoice');
    expect(previewCall.get('subscription_details[proration_date]')).toBe(String(preview.proration_date));

    stripe.state.declineUpdates = true;
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

    stripe.state.declineUpdates = false;
    const changed = await t.request('/api/subscription/change', {
      cookie,
      json: { plan: 'burn-monthly', proration_date: preview.proration_date },
    });
    expect(changed.status).toBe(200);
    const update = bodyOf(stripe.callsTo('POST', '/v1/subscriptions/sub_1').at(-1));
    expect(update.get('items[0][id]')).toBe('si_1');
    expect(update.get('items[0][price]')).toBe('price_b_m');
    expect(update.get('proration_behavior')).toBe('always_invoice');
    expect(update.get('proration_date')).toBe(String(preview.proration_date));
    expect(update.get('payment_behavior')).toBe('error_if_incomplete');
    expect((await json(changed)).subscription).toMatchObject({
      subscribed: true,
      subscription_tier: '1-on-1 Burn',
    });
    expect(stripe.callsTo('POST', '/v1/checkout/sessions')).toHaveLength(checkoutsBefore);
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
    const created = stripe.requests.filter(
      (r) => r.method === 'POST' && r.path === '/v1/subscription_schedules',
    );
    expect(created.map((r) => bodyOf(r).get('from_subscription'))).toEqual(['sub_1']);
    const phases = bodyOf(stripe.callsTo('POST', '/v1/subscription_schedules/sub_sched_').at(-1));
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
    expect(stripe.callsTo('POST', '/v1/subscription_schedules/sub_sched_1/release')).toHaveLength(1);
    const session = bodyOf(stripe.callsTo('POST', '/v1/billing_portal/sessions').at(-1));
    expect(session.get('flow_data[type]')).toBe('subscription_cancel');
    expect(session.get('flow_data[subscription_cancel][subscription]')).toBe('sub_1');
    expect(session.get('flow_data[after_completion][redirect][return_url]')).toMatch(
      /\/subscription\/manage$/,
    );

    // The member cancels in Stripe's portal; Stripe says so by webhook; the member resumes here.
    stripe.state.subscriptions.get('sub_1')!.cancelAtPeriodEnd = true;
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
    expect(bodyOf(stripe.callsTo('POST', '/v1/subscriptions/sub_1').at(-1)).get('cancel_at_period_end')).toBe(
      'false',
    );
  });

  it('a deleted event for the member’s older subscription changes nothing', async () => {
    stripe.addSubscription({ id: 'sub_old', status: 'canceled', created: PERIOD_START - 90 * 86_400 });
    const res = await webhook({
      id: 'evt_old_deleted',
      object: 'event',
      type: 'customer.subscription.deleted',
      created: Math.floor(Date.now() / 1000) + 20,
      data: {
        object: {
          id: 'sub_old',
          object: 'subscription',
          customer: 'cus_1',
          metadata: { userId: stripe.state.owner },
        },
      },
    });
    expect((await json(res)).outcome).toBe('stale');
    const [row] = await t.db.select().from(subscribers).where(eq(subscribers.userId, stripe.state.owner));
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
      t.db
        .update(subscribers)
        .set({ subscriptionEnd: ended })
        .where(eq(subscribers.userId, stripe.state.owner));
    await endPeriod(); // the renewal's webhook was lost; Stripe renewed it
    expect((await json(await t.request('/api/subscription', { cookie }))).subscribed).toBe(true);
    const [renewed] = await t.db.select().from(subscribers).where(eq(subscribers.userId, stripe.state.owner));
    expect(renewed?.subscriptionEnd?.getTime()).toBe(PERIOD_END * 1000);

    stripe.state.subscriptions.get('sub_1')!.status = 'canceled'; // the deletion's webhook was lost
    await endPeriod();
    expect((await json(await t.request('/api/subscription', { cookie }))).subscribed).toBe(false);
    expect((await t.request('/api/coaching/topics', { cookie })).status).toBe(403);
  });
});
