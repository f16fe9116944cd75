import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentEvents, subscribers } from '../../platform/db/schema.ts';
import { json } from '../../testing/harness.ts';
import { handlePaymentEvent } from './events.ts';
import { demo, paidMember, setupPaymentsApp, t } from './payments-setup.ts';

setupPaymentsApp();

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
