import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestApp, json, type TestApp } from '../../testing/harness.ts';
import { figuresFromStates, kindsOf, ledgerOf, liveFigures } from '../../testing/ledger.ts';
import { type StripeDouble, sendWebhook, startStripeDouble, stripeEnv } from '../../testing/stripe.ts';
import { recordTimeBasedEnds } from './ledger-sweep.ts';

// The plan ledger as Stripe's webhooks write it, against the Stripe double: each member's
// history (a subscription, an upgrade made in the app, a renewal that fails and is recovered, a
// refund told twice, a cancellation that ends at the period end) is delivered in a random order
// with duplicates and late events, and the ledger holds each change once, whatever the order.

let stripe: StripeDouble;
let t: TestApp;
let clock = new Date('2026-03-02T00:00:00Z');
const DAY = 86_400_000;
const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

beforeAll(async () => {
  stripe = await startStripeDouble();
  t = await createTestApp({ env: { ...stripeEnv(stripe), OWNER_COACH_SEATS: '50' }, now: () => clock });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

/** A seeded PRNG (mulberry32): the orders are random but the same on every run. */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type StripeEvent = { id: string; type: string; created: number; data: { object: object } };

/** Sends the events shuffled, some twice, as Stripe's retries and parallel deliveries do. */
async function deliver(events: StripeEvent[], random: () => number) {
  const sent = [...events, ...events.filter(() => random() < 0.4)];
  for (let i = sent.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [sent[i], sent[j]] = [sent[j]!, sent[i]!];
  }
  for (const event of sent) {
    const res = await sendWebhook(t, { object: 'event', ...event });
    expect(res.status).toBe(200);
  }
}

describe('the plan ledger from Stripe', () => {
  it('writes each change once, whatever order and however often the webhooks come', async () => {
    for (let k = 1; k <= 4; k++) {
      const random = prng(51 * k);
      clock = new Date(Date.parse('2026-03-02T00:00:00Z') + k * 3 * DAY);
      const start = clock;
      const member = await createMember(t, undefined, { plan: 'none' });
      const [sub, customer] = [`sub_m${k}`, `cus_m${k}`];
      const subEvent = (name: string, type: string): StripeEvent => ({
        id: `evt_${k}_${name}`,
        type,
        created: seconds(clock),
        data: { object: { id: sub, object: 'subscription', customer, metadata: { userId: member.userId } } },
      });
      const paid = (name: string, invoice: string, amount: number): StripeEvent => {
        stripe.state.invoices.set(invoice, {
          id: invoice,
          customer,
          subscription: sub,
          amountPaid: amount,
          created: seconds(clock),
        });
        stripe.state.charges.set(`ch_${invoice}`, {
          id: `ch_${invoice}`,
          customer,
          invoice,
          amountRefunded: 0,
        });
        return {
          id: `evt_${k}_${name}`,
          type: 'invoice.paid',
          created: seconds(clock),
          data: {
            object: {
              id: invoice,
              object: 'invoice',
              customer,
              parent: { subscription_details: { subscription: sub } },
            },
          },
        };
      };
      const fake = () => stripe.state.subscriptions.get(sub)!;

      // Subscribed: the subscription's events and its first invoice's, in any order.
      stripe.addSubscription({
        id: sub,
        customer,
        owner: member.userId,
        created: seconds(start),
        periodStart: seconds(start),
        periodEnd: seconds(start) + 30 * 86_400,
      });
      await deliver(
        [
          subEvent('created', 'customer.subscription.created'),
          paid('paid1', `in_${k}_1`, 999),
          subEvent('updated1', 'customer.subscription.updated'),
        ],
        random,
      );

      // An upgrade made in the app, then Stripe's word of it and of its prorated invoice.
      clock = new Date(start.getTime() + 10 * DAY);
      const upgrade = await t.request('/api/subscription/change', {
        cookie: member.cookie,
        json: { plan: 'burn-monthly' },
      });
      expect(upgrade.status, await upgrade.clone().text()).toBe(200);
      expect((await json(upgrade)).plan.plan).toBe('burn-monthly');
      const late = subEvent('updated2', 'customer.subscription.updated'); // held back: delivered later
      await deliver([paid('paid2', `in_${k}_2`, 1017)], random);

      // The renewal fails, then a new card pays it.
      clock = new Date(start.getTime() + 30 * DAY + 3_600_000);
      Object.assign(fake(), {
        status: 'past_due',
        periodStart: seconds(start) + 30 * 86_400,
        periodEnd: seconds(start) + 60 * 86_400,
      });
      await deliver(
        [
          {
            ...subEvent('failed', 'invoice.payment_failed'),
            data: {
              object: {
                id: `in_${k}_3`,
                object: 'invoice',
                customer,
                parent: { subscription_details: { subscription: sub } },
              },
            },
          },
          subEvent('updated3', 'customer.subscription.updated'),
        ],
        random,
      );
      clock = new Date(start.getTime() + 32 * DAY);
      fake().status = 'active';
      await deliver(
        [paid('paid3', `in_${k}_3`, 2999), subEvent('updated4', 'customer.subscription.updated'), late],
        random,
      );

      // A refund in two parts: the charge's running total, told twice and in any order.
      const charge = stripe.state.charges.get(`ch_in_${k}_3`)!;
      const refund = (name: string): StripeEvent => ({
        id: `evt_${k}_${name}`,
        type: 'charge.refunded',
        created: seconds(clock),
        data: { object: { id: charge.id, object: 'charge', customer } },
      });
      charge.amountRefunded = 1000;
      const first = refund('refund1');
      charge.amountRefunded = 2999;
      await deliver([first, refund('refund2')], random);

      // Cancelled in Stripe's portal, ended by Stripe at the period end (a day late).
      fake().cancelAtPeriodEnd = true;
      await deliver([subEvent('cancel', 'customer.subscription.updated')], random);
      clock = new Date(start.getTime() + 61 * DAY);
      fake().status = 'canceled';
      await deliver([subEvent('deleted', 'customer.subscription.deleted'), late], random);
      await recordTimeBasedEnds(t.deps);

      const kinds = await kindsOf(t.db, member.userId);
      expect(kinds.filter((kind) => !kind.startsWith('refunded'))).toEqual([
        'subscribed:new',
        'invoice_paid:999',
        'plan_changed:expansion',
        'invoice_paid:1017',
        'payment_failed',
        'payment_recovered',
        'invoice_paid:2999',
        'cancellation_scheduled',
        'plan_ended:churn',
      ]);
      const entries = await ledgerOf(t.db, member.userId);
      const refunded = entries.filter((e) => e.kind === 'refunded');
      expect(refunded.reduce((sum, e) => sum + e.amountCents, 0)).toBe(-2999);
      expect(refunded.every((e) => e.provider === 'stripe' && e.providerChargeId === charge.id)).toBe(true);
      expect(entries.at(-1)?.occurredAt.toISOString()).toBe(
        new Date(start.getTime() + 60 * DAY).toISOString(),
      );
      expect(entries.find((e) => e.kind === 'subscribed')?.providerSubscriptionId).toBe(sub);
    }
    expect(await liveFigures(t.db)).toEqual(await figuresFromStates(t.db));
    expect((await liveFigures(t.db)).paying).toBe(0);
  });
});
