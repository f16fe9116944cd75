import { randomUUID } from 'node:crypto';
import { type CheckoutPlanId, prorateChange } from '@core28/core/plans';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoProviderObjects } from '../../platform/db/schema.ts';
import { json } from '../../testing/harness.ts';
import { handlePaymentEvent } from './events.ts';
import {
  at,
  billing,
  card,
  checkoutPath,
  clock,
  coaching,
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
