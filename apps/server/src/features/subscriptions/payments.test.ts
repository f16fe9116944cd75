import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProviderObjects, paymentEvents, subscribers } from '../../platform/db/schema.ts';
import type { DemoProvider } from '../../platform/payments/demo.ts';
import { createMember, createTestApp, json, TEST_ORIGIN, type TestApp } from '../../testing/harness.ts';
import { handlePaymentEvent } from './events.ts';

let t: TestApp;
let demo: DemoProvider;
beforeAll(async () => {
  t = await createTestApp();
  demo = t.deps.payments as DemoProvider;
});
afterAll(() => t.close());

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const payForm = (number: string) => form({ number, expiry: '12/40', cvc: '123' });

async function checkout(cookie: string, plan = 'daily-core-monthly') {
  const res = await t.request('/api/subscription/checkout', { cookie, json: { plan } });
  expect(res.status).toBe(200);
  const { url } = await json(res);
  return new URL(url).pathname;
}

const pay = (path: string, number: string) =>
  t.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: payForm(number),
  });

async function paidMember(plan = 'daily-core-monthly') {
  const member = await createMember(t, undefined, { plan: 'none' });
  const res = await pay(await checkout(member.cookie, plan), '4242 4242 4242 4242');
  expect(res.status).toBe(303);
  return { ...member, successUrl: res.headers.get('location')! };
}

describe('checkout with the demo provider', () => {
  it('needs a session (spec §8) and a known plan', async () => {
    const anonymous = await t.request('/api/subscription/checkout', { json: { plan: 'daily-core-monthly' } });
    expect(anonymous.status).toBe(401);
    expect((await json(anonymous)).error.message).toBe(
      'Authentication Required: Please sign in to continue with payment.',
    );
    const member = await createMember(t, undefined, { plan: 'none' });
    const bad = await t.request('/api/subscription/checkout', {
      cookie: member.cookie,
      json: { plan: 'gold-lifetime' },
    });
    expect(bad.status).toBe(400);
  });

  it('a declined card shows its error and subscribes nothing', async () => {
    const member = await createMember(t, undefined, { plan: 'none' });
    const path = await checkout(member.cookie);
    const page = await t.request(path);
    expect(await page.text()).toContain('TEST MODE');
    const declined = await pay(path, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    expect(await t.db.select().from(subscribers).where(eq(subscribers.userId, member.userId))).toEqual([]);
    expect((await json(await t.request('/api/subscription', { cookie: member.cookie }))).subscribed).toBe(
      false,
    );
  });

  it('paying with 4242 subscribes the member through the provider events', async () => {
    const member = await paidMember();
    expect(member.successUrl).toMatch(/\/subscription\/success\?session_id=cs_demo_/);
    const state = await json(await t.request('/api/subscription', { cookie: member.cookie }));
    expect(state).toMatchObject({ subscribed: true, subscription_tier: 'The Daily Core', is_trial: false });
    const days = (new Date(state.subscription_end).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);

    // The success page's confirmation is idempotent and only for the session's owner.
    const sessionId = new URL(member.successUrl).searchParams.get('session_id');
    const confirm = await t.request('/api/subscription/confirm', {
      cookie: member.cookie,
      json: { session_id: sessionId },
    });
    expect((await json(confirm)).subscription_tier).toBe('The Daily Core');
    const other = await createMember(t, undefined, { plan: 'none' });
    expect(
      (
        await t.request('/api/subscription/confirm', {
          cookie: other.cookie,
          json: { session_id: sessionId },
        })
      ).status,
    ).toBe(404);
  });
});

describe('billing info and portal', () => {
  it('a paid member sees the plan, the card and the $9.99 invoice', async () => {
    const member = await paidMember();
    const billing = await json(await t.request('/api/subscription/billing', { cookie: member.cookie }));
    expect(billing.subscriptions).toEqual([
      expect.objectContaining({ plan_name: 'The Daily Core', cancel_at_period_end: false }),
    ]);
    expect(billing.payment_methods[0].card).toEqual({
      brand: 'visa',
      last4: '4242',
      exp_month: 12,
      exp_year: 2040,
    });
    expect(billing.invoices).toHaveLength(1);
    expect(billing.invoices[0]).toMatchObject({ amount_paid: 999 });
    const receipt = await t.request(
      new URL(billing.invoices[0].invoice_pdf).pathname + new URL(billing.invoices[0].invoice_pdf).search,
    );
    expect(await receipt.text()).toContain('$9.99');
  });

  it('is refused to trial, free and unsubscribed members; no member reaches another’s invoices', async () => {
    const member = await createMember(t, undefined, { plan: 'none' });
    expect((await t.request('/api/subscription/billing', { cookie: member.cookie })).status).toBe(403);
    await t.request('/api/subscription/trial', { method: 'POST', cookie: member.cookie });
    expect((await t.request('/api/subscription/billing', { cookie: member.cookie })).status).toBe(403);
    expect(
      (await t.request('/api/subscription/portal', { method: 'POST', cookie: member.cookie })).status,
    ).toBe(403);
    const paid = await paidMember();
    const billing = await json(await t.request('/api/subscription/billing', { cookie: paid.cookie }));
    const receipt = new URL(billing.invoices[0].invoice_pdf);
    expect((await t.request(`${receipt.pathname}?signature=forged`)).status).toBe(403);
  });

  it('the portal switches plan and cancels at period end, through the same events', async () => {
    const member = await paidMember();
    const { url } = await json(
      await t.request('/api/subscription/portal', { method: 'POST', cookie: member.cookie }),
    );
    const portal = new URL(url);
    expect((await t.request(portal.pathname + portal.search)).status).toBe(200);
    const post = (fields: Record<string, string>) =>
      t.app.request(portal.pathname + portal.search, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form(fields),
      });
    expect((await post({ action: 'switch', plan: 'burn-monthly' })).status).toBe(200);
    expect(
      (await json(await t.request('/api/subscription', { cookie: member.cookie }))).subscription_tier,
    ).toBe('1-on-1 Burn');
    await post({ action: 'cancel' });
    const billing = await json(await t.request('/api/subscription/billing', { cookie: member.cookie }));
    expect(billing.subscriptions[0].cancel_at_period_end).toBe(true);
    expect(billing.invoices).toHaveLength(2);
    const forged = new URL(url);
    forged.searchParams.set('return_url', 'https://evil.example');
    expect((await t.request(forged.pathname + forged.search)).status).toBe(403);
  });
});

describe('account deletion', () => {
  it('cancels the paid subscription at the provider before the account goes', async () => {
    const member = await paidMember();
    const [row] = await t.db.select().from(subscribers).where(eq(subscribers.userId, member.userId));
    const res = await t.request('/api/profile/delete', {
      cookie: member.cookie,
      json: { password: member.password },
    });
    expect(res.status).toBe(200);
    expect((await demo.getSubscription(row!.providerSubscriptionId!))?.status).toBe('canceled');
    expect(await t.db.select().from(subscribers).where(eq(subscribers.userId, member.userId))).toEqual([]);
  });
});

describe('payment event handling', () => {
  it('the same event twice has one effect', async () => {
    const member = await paidMember();
    const [row] = await t.db.select().from(subscribers).where(eq(subscribers.userId, member.userId));
    const event = {
      id: 'evt_test_dup',
      type: 'invoice.paid',
      created: new Date(),
      subscriptionId: row!.providerSubscriptionId,
    };
    expect(await handlePaymentEvent(t.deps, event)).toBe('handled');
    expect(await handlePaymentEvent(t.deps, event)).toBe('duplicate');
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.id, 'evt_test_dup'))).toHaveLength(
      1,
    );
  });

  it('an older update after a newer one changes nothing', async () => {
    const member = await paidMember();
    const [row] = await t.db.select().from(subscribers).where(eq(subscribers.userId, member.userId));
    const subscriptionId = row!.providerSubscriptionId!;
    await demo.setStatus(subscriptionId, 'canceled');
    const newer = {
      id: 'evt_newer',
      type: 'customer.subscription.deleted',
      created: new Date(Date.now() + 60_000),
      subscriptionId,
    };
    expect(await handlePaymentEvent(t.deps, newer)).toBe('handled');
    await demo.setStatus(subscriptionId, 'active'); // what a stale re-read would wrongly bring back
    const older = {
      id: 'evt_older',
      type: 'customer.subscription.updated',
      created: new Date(Date.now() - 60_000),
      subscriptionId,
    };
    expect(await handlePaymentEvent(t.deps, older)).toBe('stale');
    expect((await json(await t.request('/api/subscription', { cookie: member.cookie }))).subscribed).toBe(
      false,
    );
  });

  it('trial_will_end sends the trial-ending e-mail', async () => {
    const member = await paidMember();
    const [row] = await t.db.select().from(subscribers).where(eq(subscribers.userId, member.userId));
    const event = {
      id: 'evt_trial_end',
      type: 'customer.subscription.trial_will_end',
      created: new Date(),
      subscriptionId: row!.providerSubscriptionId,
    };
    expect(await handlePaymentEvent(t.deps, event)).toBe('handled');
    expect((await t.lastMail(member.email))?.subject).toBe('Your Core28 trial ends soon');
  });

  it('an unknown event type is acknowledged and ignored', async () => {
    expect(
      await handlePaymentEvent(t.deps, {
        id: 'evt_unknown',
        type: 'customer.tax_id.created',
        created: new Date(),
      }),
    ).toBe('ignored');
  });
});

describe('paying a demo checkout', () => {
  const objects = async (customerId: string, kind: 'invoice' | 'payment_method' | 'subscription') =>
    t.db
      .select()
      .from(demoProviderObjects)
      .where(and(eq(demoProviderObjects.customerId, customerId), eq(demoProviderObjects.kind, kind)));

  it('8 submits at once (a double click, a retry) charge once and all land on the success page', async () => {
    const member = await createMember(t, undefined, { plan: 'none' });
    const path = await checkout(member.cookie);
    const responses = await Promise.all(Array.from({ length: 8 }, () => pay(path, '4242 4242 4242 4242')));
    const sessionId = path.split('/').at(-1);
    for (const res of responses) {
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(`${TEST_ORIGIN}/subscription/success?session_id=${sessionId}`);
    }
    const [row] = await t.db.select().from(subscribers).where(eq(subscribers.userId, member.userId));
    const customerId = row!.providerCustomerId!;
    expect(await objects(customerId, 'invoice')).toHaveLength(1);
    expect(await objects(customerId, 'payment_method')).toHaveLength(1);
    expect(await objects(customerId, 'subscription')).toHaveLength(1);
  });

  it('a paid checkout submitted or opened again goes to the success page with its real session id', async () => {
    const member = await paidMember();
    const sessionId = new URL(member.successUrl).searchParams.get('session_id')!;
    expect(sessionId).toMatch(/^cs_demo_/);
    const path = `/demo-pay/checkout/${sessionId}`;
    const again = await pay(path, '4242 4242 4242 4242');
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(member.successUrl);
    const reopened = await t.request(path);
    expect(reopened.status).toBe(303);
    expect(reopened.headers.get('location')).toBe(member.successUrl);
  });

  it('of two checkouts opened before either is paid, the second is refused once the first is paid (decision 0005)', async () => {
    const member = await createMember(t, undefined, { plan: 'none' });
    const first = await checkout(member.cookie, 'daily-core-monthly');
    const second = await checkout(member.cookie, 'burn-monthly');
    expect((await pay(first, '4242 4242 4242 4242')).status).toBe(303);
    const refused = await pay(second, '4242 4242 4242 4242');
    expect(refused.status).toBe(402);
    expect(await refused.text()).toContain(
      'You already have an active Core28 subscription. Change your plan from your subscription page instead.',
    );
    const [row] = await t.db.select().from(subscribers).where(eq(subscribers.userId, member.userId));
    expect(row).toMatchObject({
      subscribed: true,
      subscriptionTier: 'The Daily Core',
      planId: 'daily-core-monthly',
    });
    expect(await objects(row!.providerCustomerId!, 'subscription')).toHaveLength(1);
    expect(await objects(row!.providerCustomerId!, 'invoice')).toHaveLength(1);
    expect((await demo.getCheckoutDetails(second.split('/').at(-1)!))?.subscriptionId).toBeNull();
  });

  it('a failure inside the payment leaves nothing: no card, no subscription, no invoice, an open checkout', async () => {
    const member = await createMember(t, undefined, { plan: 'none' });
    const path = await checkout(member.cookie);
    const checkoutId = path.split('/').at(-1)!;
    const crash = new Error('the process died here');
    await expect(
      demo.pay(
        checkoutId,
        { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
        async () => {
          throw crash;
        },
      ),
    ).rejects.toBe(crash);
    const session = await demo.getCheckoutDetails(checkoutId);
    expect(session?.subscriptionId).toBeNull();
    for (const kind of ['invoice', 'payment_method', 'subscription'] as const)
      expect(await objects(session!.customerId, kind)).toEqual([]);
    expect(await t.db.select().from(subscribers).where(eq(subscribers.userId, member.userId))).toEqual([]);
    // The checkout is still open and pays normally afterwards.
    expect((await pay(path, '4242 4242 4242 4242')).status).toBe(303);
    expect(await objects(session!.customerId, 'invoice')).toHaveLength(1);
  });
});
