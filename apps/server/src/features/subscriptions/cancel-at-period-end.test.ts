import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoProviderObjects, subscribers } from '../../platform/db/schema.ts';
import { createMember, json } from '../../testing/harness.ts';
import { handlePaymentEvent } from './events.ts';
import {
  at,
  billing,
  clock,
  coaching,
  DAY,
  demo,
  paidMember,
  plan,
  post,
  rowOf,
  setupPlanChangeApp,
  state,
  t,
} from './plan-change-setup.ts';

// One subscription per member. Plan changes switch it (prorated upgrades now,
// downgrades at the period end), a second checkout is refused, a cancelled plan ends at its
// period end whatever events arrive, and an event about an older subscription changes nothing.
// The clock is the test's: periods are crossed by moving it.

setupPlanChangeApp();

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
