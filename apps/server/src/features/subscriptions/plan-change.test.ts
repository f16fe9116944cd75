import { randomUUID } from 'node:crypto';
import { type CheckoutPlanId, prorateChange } from '@core28/core/plans';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProviderObjects, subscribers } from '../../platform/db/schema.ts';
import type { DemoProvider } from '../../platform/payments/demo.ts';
import { createMember, createTestApp, json, type TestApp } from '../../testing/harness.ts';
import { handlePaymentEvent } from './events.ts';

// One subscription per member. Plan changes switch it (prorated upgrades now,
// downgrades at the period end), a second checkout is refused, a cancelled plan ends at its
// period end whatever events arrive, and an event about an older subscription changes nothing.
// The clock is the test's: periods are crossed by moving it.

let t: TestApp;
let demo: DemoProvider;
let clock = new Date('2026-04-01T00:00:00Z');
const DAY = 86_400_000;
const at = (iso: string) => {
  clock = new Date(iso);
};

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  demo = t.deps.payments as DemoProvider;
});
afterAll(() => t.close());

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const post = (path: string, fields: Record<string, string>) =>
  t.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form(fields),
  });
const card = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };

async function checkoutPath(cookie: string, plan: CheckoutPlanId) {
  const res = await t.client(cookie).subscription.checkout.$post({ json: { plan } });
  expect(res.status).toBe(200);
  return new URL((await res.json()).url).pathname;
}

async function paidMember(plan: CheckoutPlanId = 'daily-core-monthly') {
  const member = await createMember(t);
  expect((await post(await checkoutPath(member.cookie, plan), card)).status).toBe(303);
  return member;
}

const state = async (cookie: string) => (await t.client(cookie).subscription.$get()).json();
const plan = async (cookie: string) => (await t.client(cookie).subscription.plan.$get()).json();
// Untyped: read for its error as well as for its invoices.
const billing = async (cookie: string) => json(await t.request('/api/subscription/billing', { cookie }));
const rowOf = async (userId: string) =>
  (await t.db.select().from(subscribers).where(eq(subscribers.userId, userId)))[0]!;
const coaching = async (cookie: string) => (await t.client(cookie).coaching.topics.$get()).status;

describe('one subscription per member', () => {
  it('refuses a checkout to a member who already pays (409), whatever the UI sends', async () => {
    at('2026-04-01T00:00:00Z');
    const member = await paidMember();
    const checkouts = () =>
      t.db.select().from(demoProviderObjects).where(eq(demoProviderObjects.kind, 'checkout_session'));
    const before = (await checkouts()).length;
    for (const id of ['burn-monthly', 'daily-core-yearly', 'daily-core-monthly']) {
      const res = await t.request('/api/subscription/checkout', {
        cookie: member.cookie,
        json: { plan: id },
      });
      expect(res.status).toBe(409);
      expect((await json(res)).error).toEqual({
        code: 'CONFLICT',
        message:
          'You already have an active The Daily Core subscription. Switch plans on the Plans page instead of buying a second one.',
      });
    }
    expect((await checkouts()).length).toBe(before);
  });

  it('Daily Core → 1-on-1 Burn switches the one subscription, charging the previewed proration today', async () => {
    at('2026-04-01T00:00:00Z');
    const member = await paidMember('daily-core-monthly');
    const { providerSubscriptionId } = await rowOf(member.userId);
    expect(await plan(member.cookie)).toEqual({
      plan: 'daily-core-monthly',
      current_period_end: '2026-05-01T00:00:00.000Z',
      cancel_at_period_end: false,
      scheduled_plan: null,
    });

    at('2026-04-16T00:00:00Z'); // halfway through the 30-day period
    const preview = await json(
      await t.request('/api/subscription/change/preview', {
        cookie: member.cookie,
        json: { plan: 'burn-monthly' },
      }),
    );
    const expected = prorateChange({
      from: 'daily-core-monthly',
      to: 'burn-monthly',
      periodStart: new Date('2026-04-01T00:00:00Z'),
      periodEnd: new Date('2026-05-01T00:00:00Z'),
      at: clock,
    }).amountDueCents;
    expect(expected).toBe(1000);
    expect(preview).toEqual({
      plan: 'burn-monthly',
      change: 'upgrade',
      amount_due: expected,
      proration_date: clock.getTime() / 1000,
      effective_at: clock.toISOString(),
      price: 2999,
      interval: 'month',
    });

    at('2026-04-16T00:05:00Z'); // the member read the price, then confirmed
    const res = await t.request('/api/subscription/change', {
      cookie: member.cookie,
      json: { plan: 'burn-monthly', proration_date: preview.proration_date },
    });
    expect(res.status).toBe(200);
    expect((await json(res)).subscription).toMatchObject({
      subscribed: true,
      subscription_tier: '1-on-1 Burn',
    });
    expect((await rowOf(member.userId)).providerSubscriptionId).toBe(providerSubscriptionId);
    const bill = await billing(member.cookie);
    expect(bill.subscriptions).toHaveLength(1);
    expect(bill.invoices.map((invoice: { amount_paid: number }) => invoice.amount_paid)).toEqual([1000, 999]);
    expect(await coaching(member.cookie)).toBe(200);
    expect((await plan(member.cookie)).plan).toBe('burn-monthly');

    const again = await t.request('/api/subscription/change', {
      cookie: member.cookie,
      json: { plan: 'burn-monthly' },
    });
    expect(again.status).toBe(409);
    expect((await json(again)).error.message).toBe('You are already on this plan.');
  });

  it('a change sent again with its Idempotency-Key (its answer lost) answers the change it made, once', async () => {
    at('2026-04-01T00:00:00Z');
    const member = await paidMember('daily-core-monthly');
    at('2026-04-10T00:00:00Z');
    const key = randomUUID();
    const change = (plan: CheckoutPlanId, idempotencyKey = key) =>
      t.request('/api/subscription/change', {
        cookie: member.cookie,
        json: { plan, proration_date: clock.getTime() / 1000 },
        headers: { 'idempotency-key': idempotencyKey },
      });
    const first = await change('burn-monthly');
    expect(first.status).toBe(200);
    const answer = await json(first);
    expect(answer.plan.plan).toBe('burn-monthly');
    const invoices = async () => (await billing(member.cookie)).invoices.length;
    expect(await invoices()).toBe(2);

    // The phone never saw that answer and sends the same change again.
    const again = await change('burn-monthly');
    expect(again.status).toBe(200);
    expect(await json(again)).toEqual(answer);
    expect(await invoices()).toBe(2);
    expect((await plan(member.cookie)).plan).toBe('burn-monthly');

    // The key is that change's: another plan under it is refused, and changes nothing.
    const other = await change('daily-core-yearly');
    expect(other.status).toBe(409);
    expect((await json(other)).error.message).toBe(
      'This Idempotency-Key was already used for another request',
    );
    expect((await plan(member.cookie)).plan).toBe('burn-monthly');
    // A new key is a new change, judged afresh.
    const repeated = await change('burn-monthly', randomUUID());
    expect(repeated.status).toBe(409);
    expect((await json(repeated)).error.message).toBe('You are already on this plan.');
  });

  it('a refused change keeps nothing under its key: sent again, it is judged afresh', async () => {
    at('2026-04-01T00:00:00Z');
    const member = await paidMember('daily-core-monthly');
    const key = randomUUID();
    const change = (proration: number) =>
      t.request('/api/subscription/change', {
        cookie: member.cookie,
        json: { plan: 'burn-monthly', proration_date: proration },
        headers: { 'idempotency-key': key },
      });
    const stale = await change(clock.getTime() / 1000 - 3600);
    expect(stale.status).toBe(400);
    const fresh = await change(clock.getTime() / 1000);
    expect(fresh.status).toBe(200);
    expect((await plan(member.cookie)).plan).toBe('burn-monthly');
  });

  it('a downgrade takes effect at the period end: the member keeps what they paid for until then', async () => {
    at('2026-04-01T00:00:00Z');
    const member = await paidMember('burn-monthly');
    at('2026-04-10T00:00:00Z');
    const preview = await json(
      await t.request('/api/subscription/change/preview', {
        cookie: member.cookie,
        json: { plan: 'daily-core-monthly' },
      }),
    );
    expect(preview).toMatchObject({
      change: 'downgrade',
      amount_due: 0,
      effective_at: '2026-05-01T00:00:00.000Z',
    });
    await t.request('/api/subscription/change', {
      cookie: member.cookie,
      json: { plan: 'daily-core-monthly' },
    });
    expect(await plan(member.cookie)).toMatchObject({
      plan: 'burn-monthly',
      scheduled_plan: 'daily-core-monthly',
    });
    expect((await state(member.cookie)).subscription_tier).toBe('1-on-1 Burn');
    expect(await coaching(member.cookie)).toBe(200);
    expect((await billing(member.cookie)).invoices).toHaveLength(1);

    at('2026-05-01T00:00:01Z'); // the renewal starts the new plan, no webhook needed
    expect(await state(member.cookie)).toMatchObject({
      subscribed: true,
      subscription_tier: 'The Daily Core',
      subscription_end: '2026-06-01T00:00:00.000Z',
    });
    expect(await plan(member.cookie)).toMatchObject({ plan: 'daily-core-monthly', scheduled_plan: null });
    expect((await billing(member.cookie)).invoices[0].amount_paid).toBe(999);
    expect(await coaching(member.cookie)).toBe(403);
  });

  it('an event about the member’s old subscription does not end the one they pay for now', async () => {
    at('2026-04-01T00:00:00Z');
    const member = await paidMember('daily-core-monthly');
    const old = (await rowOf(member.userId)).providerSubscriptionId!;
    await demo.cancelNow(old);
    await handlePaymentEvent(t.deps, {
      id: `evt_old_cancel_${member.userId}`,
      type: 'customer.subscription.deleted',
      created: clock,
      subscriptionId: old,
    });
    expect((await state(member.cookie)).subscribed).toBe(false);

    at('2026-04-02T00:00:00Z');
    expect((await post(await checkoutPath(member.cookie, 'burn-monthly'), card)).status).toBe(303);
    const current = (await rowOf(member.userId)).providerSubscriptionId!;
    expect(current).not.toBe(old);

    // The old subscription's deletion arrives again, later than everything else.
    at('2026-04-03T00:00:00Z');
    const outcome = await handlePaymentEvent(t.deps, {
      id: `evt_old_late_${member.userId}`,
      type: 'customer.subscription.deleted',
      created: clock,
      subscriptionId: old,
    });
    expect(outcome).toBe('stale');
    expect(await state(member.cookie)).toMatchObject({ subscribed: true, subscription_tier: '1-on-1 Burn' });
    expect((await rowOf(member.userId)).providerSubscriptionId).toBe(current);
    expect(await coaching(member.cookie)).toBe(200);
  });
});

describe('cancel at period end', () => {
  it('picking the free plan opens the billing portal on cancelling; access ends at the period end whatever arrives', async () => {
    at('2026-04-01T00:00:00Z');
    const member = await paidMember('burn-monthly');
    const { url } = await json(
      await t.request('/api/subscription/portal/cancel', { method: 'POST', cookie: member.cookie }),
    );
    const portal = new URL(url);
    expect(portal.searchParams.get('flow')).toBe('cancel');
    const page = await (await t.request(portal.pathname + portal.search)).text();
    expect(page).toContain('Cancel your subscription');
    expect(page).toContain('you keep your plan until <strong>2026-05-01</strong>');
    expect((await post(portal.pathname + portal.search, { action: 'cancel' })).status).toBe(200);
    expect(await plan(member.cookie)).toMatchObject({ plan: 'burn-monthly', cancel_at_period_end: true });

    for (const day of [10, 40]) {
      at(new Date(Date.parse('2026-05-01T00:00:00Z') + day * DAY).toISOString());
      const subscriptionId = (await rowOf(member.userId)).providerSubscriptionId!;
      // A late renewal-looking event changes nothing: the provider is re-read and says it ended.
      await handlePaymentEvent(t.deps, {
        id: `evt_late_${day}_${member.userId}`,
        type: 'invoice.paid',
        created: clock,
        subscriptionId,
      });
      expect(await state(member.cookie)).toMatchObject({
        subscribed: false,
        subscription_tier: '1-on-1 Burn',
      });
      expect(await coaching(member.cookie)).toBe(403);
      expect((await demo.getSubscription(subscriptionId))?.status).toBe('canceled');
    }
    expect((await billing(member.cookie)).error).toBeDefined();
  });

  it('ends paid access at the period end even when no event and no re-read says so', async () => {
    at('2026-04-01T00:00:00Z');
    const member = await paidMember('burn-monthly');
    // As if the provider could not be reached: the stored period end decides.
    await t.db
      .update(subscribers)
      .set({ providerSubscriptionId: null, subscriptionEnd: new Date('2026-04-20T00:00:00Z') })
      .where(eq(subscribers.userId, member.userId));
    at('2026-04-21T00:00:00Z');
    expect((await state(member.cookie)).subscribed).toBe(false);
    expect(await coaching(member.cookie)).toBe(403);
  });

  it('a coaching message in a period renewed unheard of goes through: the long way asks the provider', async () => {
    at('2026-04-01T00:00:00Z');
    const member = await paidMember('burn-monthly');
    const topic = await t.request('/api/coaching/topics', {
      method: 'POST',
      cookie: member.cookie,
      json: { title: 'Week five' },
    });
    expect(topic.status).toBe(201);
    // April's period has ended and the renewal's event never came: the message's own statement
    // cannot decide, so the request goes the long way, which re-reads the subscription.
    at('2026-05-02T00:00:00Z');
    const sent = await t.request(`/api/coaching/topics/${(await json(topic)).topic.id}/messages`, {
      method: 'POST',
      cookie: member.cookie,
      json: { message: 'Still training' },
    });
    expect(sent.status).toBe(201);
    expect((await rowOf(member.userId)).subscriptionEnd).toEqual(new Date('2026-06-01T00:00:00Z'));
  });

  it('a member who cancelled can resume, and then renews as before', async () => {
    at('2026-04-01T00:00:00Z');
    const member = await paidMember('daily-core-monthly');
    const { url } = await json(
      await t.request('/api/subscription/portal/cancel', { method: 'POST', cookie: member.cookie }),
    );
    const portal = new URL(url);
    await post(portal.pathname + portal.search, { action: 'cancel' });
    expect((await plan(member.cookie)).cancel_at_period_end).toBe(true);
    const key = randomUUID();
    const resume = (headers: Record<string, string> = { 'idempotency-key': key }) =>
      t.request('/api/subscription/resume', { method: 'POST', cookie: member.cookie, headers });
    const resumed = await resume();
    expect(resumed.status).toBe(200);
    const answer = await json(resumed);
    expect(answer.cancel_at_period_end).toBe(false);
    // Sent again with its key after a lost answer: the same answer, not "not set to cancel".
    const again = await resume();
    expect(again.status).toBe(200);
    expect(await json(again)).toEqual(answer);
    const fresh = await resume({});
    expect(fresh.status).toBe(409);
    expect((await json(fresh)).error.message).toBe('Your subscription is not set to cancel.');
    at('2026-05-02T00:00:00Z');
    expect(await state(member.cookie)).toMatchObject({
      subscribed: true,
      subscription_end: '2026-06-01T00:00:00.000Z',
    });
  });

  it('plan changes are for paying members: 403 without a paid subscription, 400 for a bad plan', async () => {
    const member = await createMember(t);
    for (const [path, body] of [
      ['/api/subscription/change/preview', { plan: 'burn-monthly' }],
      ['/api/subscription/change', { plan: 'burn-monthly' }],
      ['/api/subscription/resume', undefined],
      ['/api/subscription/portal/cancel', undefined],
    ] as const) {
      const res = await t.request(path, { method: 'POST', cookie: member.cookie, json: body });
      expect(res.status).toBe(403);
    }
    const paid = await paidMember();
    const bad = await t.request('/api/subscription/change', { cookie: paid.cookie, json: { plan: 'gold' } });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error).toEqual({
      code: 'BAD_REQUEST',
      message: 'Please choose one of the plans',
    });
    const stale = await t.request('/api/subscription/change', {
      cookie: paid.cookie,
      json: { plan: 'burn-monthly', proration_date: Math.floor(clock.getTime() / 1000) - 3600 },
    });
    expect(stale.status).toBe(400);
    expect((await json(stale)).error.message).toBe(
      'This price preview has expired. Review the price again and confirm.',
    );
    expect(
      await t.db
        .select()
        .from(demoProviderObjects)
        .where(
          and(
            eq(demoProviderObjects.kind, 'invoice'),
            eq(demoProviderObjects.customerId, (await rowOf(paid.userId)).providerCustomerId!),
          ),
        ),
    ).toHaveLength(1);
  });
});
