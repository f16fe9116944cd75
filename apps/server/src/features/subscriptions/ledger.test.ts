import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoProviderObjects, paymentEvents, subscribers } from '../../platform/db/schema.ts';
import { createMember, json, STRONG_PASSWORD } from '../../testing/harness.ts';
import { figuresFromStates, kindsOf, ledgerOf, liveFigures } from '../../testing/ledger.ts';
import { handlePaymentEvent, syncSubscription } from './events.ts';
import { recordTimeBasedEnds } from './ledger-sweep.ts';
import {
  at,
  card,
  checkoutPath,
  clock,
  demo,
  paidMember,
  post,
  rowOf,
  setupPlanChangeApp,
  t,
} from './plan-change-setup.ts';

// The plan ledger as the demo provider's pages, the app's routes and the clock write it: each
// change once, dated when it happened, and business_now always the sum of the members' states.

setupPlanChangeApp();

const sweep = () => recordTimeBasedEnds(t.deps);
const kinds = (userId: string) => kindsOf(t.db, userId);
const portalOf = async (cookie: string) => {
  const { url } = await json(await t.request('/api/subscription/portal', { method: 'POST', cookie }));
  const portal = new URL(url);
  return portal.pathname + portal.search;
};
const change = (cookie: string, plan: string) =>
  t.request('/api/subscription/change', { cookie, json: { plan } });
const invoicesOf = async (customerId: string) =>
  (
    await t.db.select().from(demoProviderObjects).where(eq(demoProviderObjects.customerId, customerId))
  ).filter((row) => row.kind === 'invoice');

describe('the plan ledger', () => {
  it('a trial converted by a demo checkout, each event written once however often it comes', async () => {
    at('2026-04-01T00:00:00Z');
    const member = await paidMember('daily-core-monthly'); // createMember starts the trial first
    expect(await kinds(member.userId)).toEqual(['trial_started', 'trial_converted:new', 'invoice_paid:999']);
    const [, converted] = await ledgerOf(t.db, member.userId);
    expect(converted).toMatchObject({
      mrrBeforeCents: 0,
      mrrAfterCents: 999,
      planAfter: 'daily-core-monthly',
    });
    expect(converted?.trialStartedAt?.toISOString()).toBe('2026-04-01T00:00:00.000Z');

    // Replays: every event handled again, and fresh re-reads of the subscription, write nothing.
    const row = await rowOf(member.userId);
    const events = await t.db.select().from(paymentEvents);
    for (const event of events)
      await handlePaymentEvent(t.deps, {
        id: event.id,
        type: event.type,
        created: event.occurredAt,
        subscriptionId: row.providerSubscriptionId,
      });
    const [invoice] = await invoicesOf(row.providerCustomerId!);
    await handlePaymentEvent(t.deps, {
      id: 'evt_same_invoice_again',
      type: 'invoice.paid',
      created: clock,
      subscriptionId: row.providerSubscriptionId,
      invoiceId: invoice?.id,
    });
    await syncSubscription(t.deps, {
      subscriptionId: row.providerSubscriptionId!,
      userId: member.userId,
      occurredAt: clock,
    });
    // An older update arriving late is stale: nothing.
    await handlePaymentEvent(t.deps, {
      id: 'evt_older',
      type: 'customer.subscription.updated',
      created: new Date('2026-03-01T00:00:00Z'),
      subscriptionId: row.providerSubscriptionId,
    });
    expect(await kinds(member.userId)).toHaveLength(3);
    expect(await liveFigures(t.db)).toEqual(await figuresFromStates(t.db));
  });

  it('a trial that runs out is written by the sweep, dated at its end', async () => {
    at('2026-04-01T00:00:00Z');
    const member = await createMember(t);
    const trialsBefore = (await liveFigures(t.db)).trials;
    at('2026-04-09T05:00:00Z');
    await sweep();
    await sweep();
    expect(await kinds(member.userId)).toEqual(['trial_started', 'trial_expired']);
    const [, expired] = await ledgerOf(t.db, member.userId);
    expect(expired?.occurredAt.toISOString()).toBe('2026-04-08T00:00:00.000Z');
    expect((await liveFigures(t.db)).trials).toBe(trialsBefore - 1);
    // A checkout after the trial's end is a new subscription, not a conversion.
    expect((await post(await checkoutPath(member.cookie, 'burn-yearly'), card)).status).toBe(303);
    expect((await kinds(member.userId)).slice(2)).toEqual(['subscribed:new', 'invoice_paid:29999']);
  });

  it('upgrades now, downgrades at the renewal, cancels, resumes, and ends at the period end', async () => {
    at('2026-04-01T00:00:00Z');
    const member = await paidMember('daily-core-monthly');
    at('2026-04-16T00:00:00Z');
    expect((await change(member.cookie, 'burn-monthly')).status).toBe(200);
    const upgrade = (await kinds(member.userId)).slice(3);
    expect(upgrade[0]).toBe('plan_changed:expansion');
    expect(upgrade[1]).toMatch(/^invoice_paid:\d+$/);
    expect((await change(member.cookie, 'daily-core-monthly')).status).toBe(200); // at the period end
    expect(await kinds(member.userId)).toHaveLength(5);
    at('2026-05-01T01:00:00Z');
    await sweep();
    expect((await kinds(member.userId)).slice(5)).toEqual(['plan_changed:contraction', 'invoice_paid:999']);

    const portal = await portalOf(member.cookie);
    expect((await post(portal, { action: 'cancel' })).status).toBe(200);
    expect(
      (await t.request('/api/subscription/resume', { method: 'POST', cookie: member.cookie })).status,
    ).toBe(200);
    expect((await post(portal, { action: 'cancel' })).status).toBe(200);
    at('2026-06-03T00:00:00Z');
    await sweep();
    expect((await kinds(member.userId)).slice(7)).toEqual([
      'cancellation_scheduled',
      'cancellation_withdrawn',
      'cancellation_scheduled',
      'plan_ended:churn',
    ]);
    const ended = (await ledgerOf(t.db, member.userId)).at(-1);
    expect(ended?.occurredAt.toISOString()).toBe('2026-06-01T00:00:00.000Z');
    expect(await liveFigures(t.db)).toEqual(await figuresFromStates(t.db));
  });

  it('a failed renewal, its grace ending, and the card that brings the plan back', async () => {
    at('2026-04-01T00:00:00Z');
    const member = await paidMember('daily-core-monthly');
    const row = await rowOf(member.userId);
    await demo.removeCards(row.providerCustomerId!);
    at('2026-05-01T02:00:00Z');
    await sweep();
    expect((await kinds(member.userId)).slice(3)).toEqual(['payment_failed']);
    expect((await liveFigures(t.db)).failing).toBeGreaterThan(0);
    at('2026-05-09T00:00:00Z');
    await sweep();
    expect((await kinds(member.userId)).slice(4)).toEqual(['grace_ended:churn']);
    expect((await ledgerOf(t.db, member.userId)).at(-1)?.occurredAt.toISOString()).toBe(
      '2026-05-08T00:00:00.000Z',
    );
    expect((await post(await portalOf(member.cookie), { action: 'card', ...card })).status).toBe(200);
    expect((await kinds(member.userId)).slice(5)).toEqual(['subscribed:reactivation', 'invoice_paid:999']);
    expect(await liveFigures(t.db)).toEqual(await figuresFromStates(t.db));
  });

  it('a failed renewal paid by a new card within its grace is recovered', async () => {
    at('2026-04-01T00:00:00Z');
    const member = await paidMember('daily-core-yearly');
    await demo.removeCards((await rowOf(member.userId)).providerCustomerId!);
    at('2027-04-02T00:00:00Z');
    await sweep();
    expect((await post(await portalOf(member.cookie), { action: 'card', ...card })).status).toBe(200);
    expect((await kinds(member.userId)).slice(3)).toEqual([
      'payment_failed',
      'payment_recovered',
      'invoice_paid:9999',
    ]);
  });

  it('refunds count by the charge’s running total; erasing a paying member ends their plan', async () => {
    at('2026-04-01T00:00:00Z');
    const member = await paidMember('daily-core-monthly');
    const [invoice] = await invoicesOf((await rowOf(member.userId)).providerCustomerId!);
    await demo.refund(invoice!.id, 300);
    await sweep(); // delivers the provider's events
    await demo.refund(invoice!.id);
    await sweep();
    await handlePaymentEvent(t.deps, {
      id: 'evt_refund_told_again',
      type: 'charge.refunded',
      created: clock,
      chargeId: invoice!.id,
    });
    expect((await kinds(member.userId)).slice(3)).toEqual(['refunded:-300', 'refunded:-699']);

    const payingBefore = (await liveFigures(t.db)).paying;
    const res = await t.request('/api/profile/delete', {
      cookie: member.cookie,
      json: { password: STRONG_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(await t.db.select().from(subscribers).where(eq(subscribers.userId, member.userId))).toEqual([]);
    expect((await kinds(member.userId)).at(-1)).toBe('plan_ended:churn');
    expect((await liveFigures(t.db)).paying).toBe(payingBefore - 1);
    expect(await liveFigures(t.db)).toEqual(await figuresFromStates(t.db));
  });
});
