import type { CheckoutPlanId } from '@core28/core/plans';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { subscribers } from '../../platform/db/schema.ts';
import type { DemoProvider } from '../../platform/payments/demo.ts';
import { createMember, createTestApp, type TestApp } from '../../testing/harness.ts';
import { handlePaymentEvent } from './events.ts';

// Rows paid before migration 0007 know neither their subscription's creation time nor
// their plan. Both are learnt from the provider: before an event about another subscription is
// compared with the stored one, and when the plan chooser asks for the plan.

let t: TestApp;
let demo: DemoProvider;
let clock = new Date('2026-04-01T00:00:00Z');
const at = (iso: string) => {
  clock = new Date(iso);
};

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  demo = t.deps.payments as DemoProvider;
});
afterAll(() => t.close());

const card = new URLSearchParams({ number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' }).toString();
async function pay(cookie: string, plan: CheckoutPlanId) {
  const res = await t.client(cookie).subscription.checkout.$post({ json: { plan } });
  const path = new URL((await res.json()).url).pathname;
  const paid = await t.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: card,
  });
  expect(paid.status).toBe(303);
}

const rowOf = async (userId: string) =>
  (await t.db.select().from(subscribers).where(eq(subscribers.userId, userId)))[0]!;
/** The row as migration 0007 left it for members who had paid before it. */
const forgetCreationAndPlan = (userId: string) =>
  t.db
    .update(subscribers)
    .set({ providerSubscriptionCreatedAt: null, planId: null })
    .where(eq(subscribers.userId, userId));
const state = async (cookie: string) => (await t.client(cookie).subscription.$get()).json();
const deleted = (id: string, subscriptionId: string) =>
  handlePaymentEvent(t.deps, { id, type: 'customer.subscription.deleted', created: clock, subscriptionId });

/** A member who paid twice: the first subscription replaced by the second, the row following the second. */
async function memberWhoPaidTwice() {
  at('2026-04-01T00:00:00Z');
  const member = await createMember(t);
  await pay(member.cookie, 'daily-core-monthly');
  const old = (await rowOf(member.userId)).providerSubscriptionId!;
  await demo.cancelNow(old);
  await deleted(`evt_first_end_${member.userId}`, old);
  at('2026-04-02T00:00:00Z');
  await pay(member.cookie, 'burn-monthly');
  const current = (await rowOf(member.userId)).providerSubscriptionId!;
  expect(current).not.toBe(old);
  await forgetCreationAndPlan(member.userId);
  at('2026-04-03T00:00:00Z');
  return { ...member, old, current };
}

describe('rows from before the subscription’s creation time was recorded', () => {
  it('the old subscription’s late deletion does not end the current plan; the row learns its creation time and plan', async () => {
    const member = await memberWhoPaidTwice();
    expect(await deleted(`evt_old_late_${member.userId}`, member.old)).toBe('stale');
    const row = await rowOf(member.userId);
    expect(row).toMatchObject({
      subscribed: true,
      subscriptionTier: '1-on-1 Burn',
      providerSubscriptionId: member.current,
      planId: 'burn-monthly',
      providerSubscriptionCreatedAt: new Date('2026-04-02T00:00:00Z'),
    });
    expect(await state(member.cookie)).toMatchObject({ subscribed: true, subscription_tier: '1-on-1 Burn' });
  });

  it('when the provider cannot say when the stored subscription began, the event fails (to be retried) and changes nothing', async () => {
    const member = await memberWhoPaidTwice();
    const read = demo.getSubscription.bind(demo);
    const spy = vi.spyOn(demo, 'getSubscription').mockImplementation(async (id) => {
      if (id === member.current) throw new Error('provider unreachable');
      return read(id);
    });
    try {
      await expect(deleted(`evt_old_unknown_${member.userId}`, member.old)).rejects.toThrow(
        'provider unreachable',
      );
    } finally {
      spy.mockRestore();
    }
    expect(await rowOf(member.userId)).toMatchObject({
      subscribed: true,
      providerSubscriptionId: member.current,
    });
    // Retried once the provider answers: stale, as above.
    expect(await deleted(`evt_old_unknown_${member.userId}`, member.old)).toBe('stale');
  });

  it('the plan chooser learns the plan of a row that has none from the provider', async () => {
    at('2026-04-01T00:00:00Z');
    const member = await createMember(t);
    await pay(member.cookie, 'daily-core-yearly');
    await forgetCreationAndPlan(member.userId);
    at('2026-04-05T00:00:00Z');
    expect(await (await t.client(member.cookie).subscription.plan.$get()).json()).toEqual({
      plan: 'daily-core-yearly',
      current_period_end: '2027-04-01T00:00:00.000Z',
      cancel_at_period_end: false,
      scheduled_plan: null,
    });
    expect(await rowOf(member.userId)).toMatchObject({
      planId: 'daily-core-yearly',
      providerSubscriptionCreatedAt: new Date('2026-04-01T00:00:00Z'),
    });
  });
});
