import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoProviderObjects, subscribers } from '../../platform/db/schema.ts';
import { createMember, json, TEST_ORIGIN } from '../../testing/harness.ts';
import { checkout, demo, paidMember, pay, setupPaymentsApp, t } from './payments-setup.ts';

setupPaymentsApp();

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
