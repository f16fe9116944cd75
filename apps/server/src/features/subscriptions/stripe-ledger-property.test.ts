import { addInterval, CHECKOUT_PLAN_IDS, type CheckoutPlanId, checkoutPlan } from '@core28/core/plans';
import { inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planLedger } from '../../platform/db/schema.ts';
import { createMember, createTestApp, json, STRONG_PASSWORD, type TestApp } from '../../testing/harness.ts';
import { liveFigures } from '../../testing/ledger.ts';
import {
  advance,
  checkEntries,
  compare,
  DAY,
  EVERY_CASE,
  expectedOf,
  HOUR,
  isUpgrade,
  type Member,
  planArb,
  seen,
} from '../../testing/plan-model.ts';
import { type StripeDouble, sendWebhook, startStripeDouble, stripeEnv } from '../../testing/stripe.ts';
import { recordTimeBasedEnds } from './ledger-sweep.ts';

// The ledger's property through Stripe's code path: the test plays Stripe on the Stripe double
// (its subscriptions, schedules, invoices and charges, renewals at the period end, retries that
// fail, the portal's cancellation, refunds made in the Dashboard) and sends its webhooks
// shuffled, some twice, money events held back and delivered late; the members act through the
// app's routes. After each stretch of time, with every webhook delivered, the ledger and
// business_now equal the reference of testing/plan-model.ts; money equals Stripe's books.

let stripe: StripeDouble;
let t: TestApp;
let clock = new Date('2026-02-02T00:00:00Z');
const seconds = (at: Date) => Math.floor(at.getTime() / 1000);
const PRICES: Record<CheckoutPlanId, string> = {
  'daily-core-monthly': 'price_dc_m',
  'daily-core-yearly': 'price_dc_y',
  'burn-monthly': 'price_b_m',
  'burn-yearly': 'price_b_y',
};
const planOf = (price: string) => CHECKOUT_PLAN_IDS.find((id) => PRICES[id] === price)!;

beforeAll(async () => {
  stripe = await startStripeDouble();
  stripe.state.now = () => seconds(clock);
  t = await createTestApp({ env: { ...stripeEnv(stripe), OWNER_COACH_SEATS: '500' }, now: () => clock });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

type StripeEvent = { id: string; type: string; created: number; data: { object: object } };
const KINDS = [
  'checkout',
  'checkout',
  'trial',
  'change',
  'change',
  'cancel',
  'resume',
  'removeCard',
] as const;
const MORE = ['updateCard', 'refund', 'replay', 'time', 'time', 'time', 'time'] as const;
type Action = {
  who: number;
  kind: (typeof KINDS)[number] | (typeof MORE)[number];
  plan: CheckoutPlanId;
  hours: number;
  share: number;
};
const actionArb: fc.Arbitrary<Action> = fc.record({
  who: fc.nat(3),
  kind: fc.constantFrom(...KINDS, ...MORE),
  plan: planArb,
  hours: fc.oneof(
    { weight: 2, arbitrary: fc.integer({ min: 1, max: 72 }) },
    { weight: 4, arbitrary: fc.integer({ min: 72, max: 12 * 24 }) },
    { weight: 1, arbitrary: fc.integer({ min: 12 * 24, max: 40 * 24 }) },
  ),
  share: fc.integer({ min: 1, max: 100 }),
});

/** Stripe, as this test plays it: its events waiting to be sent, and those sent. */
const pending: StripeEvent[] = [];
const sent: StripeEvent[] = [];
let serial = 0;
function emit(m: Member, type: string, object: 'subscription' | 'invoice' | 'charge', id?: string) {
  const sub = m.subscriptionId!;
  const customer = m.customerId!;
  const body =
    object === 'subscription'
      ? { id: sub, object, customer, metadata: { userId: m.userId } }
      : object === 'invoice'
        ? { id, object, customer, parent: { subscription_details: { subscription: sub } } }
        : { id, object, customer };
  pending.push({ id: `evt_p${++serial}`, type, created: seconds(clock), data: { object: body } });
}
function invoice(m: Member, amount: number) {
  const id = `in_p${++serial}`;
  const customer = m.customerId!;
  stripe.state.invoices.set(id, {
    id,
    customer,
    subscription: m.subscriptionId!,
    amountPaid: amount,
    created: seconds(clock),
  });
  stripe.state.charges.set(`ch_${id}`, { id: `ch_${id}`, customer, invoice: id, amountRefunded: 0 });
  emit(m, 'invoice.paid', 'invoice', id);
}

/** Sends what is waiting, shuffled, some twice; `all` false holds money events back for later. */
async function deliver(all: boolean, random: () => number) {
  const now = pending.filter(
    (e) => all || !['invoice.paid', 'charge.refunded'].includes(e.type) || random() < 0.5,
  );
  for (const event of now) pending.splice(pending.indexOf(event), 1);
  const batch = [...now, ...now.filter(() => random() < 0.3)];
  for (let i = batch.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [batch[i], batch[j]] = [batch[j]!, batch[i]!];
  }
  for (const event of batch) {
    expect((await sendWebhook(t, { object: 'event', ...event })).status).toBe(200);
    sent.push(event);
  }
}

/** Stripe's own clock: each period that ended renews (paid or past due) or ends the subscription. */
function stripeAdvance(m: Member) {
  const sub = m.subscriptionId ? stripe.state.subscriptions.get(m.subscriptionId) : undefined;
  while (sub && sub.status !== 'canceled' && sub.periodEnd <= seconds(clock)) {
    if (sub.status === 'past_due' || sub.cancelAtPeriodEnd) {
      sub.status = 'canceled';
      emit(m, 'customer.subscription.deleted', 'subscription');
      break;
    }
    const schedule = sub.schedule ? stripe.state.schedules.get(sub.schedule) : undefined;
    sub.price = schedule?.phases[1]?.price ?? sub.price;
    sub.schedule = null;
    sub.periodStart = sub.periodEnd;
    sub.periodEnd = seconds(
      addInterval(new Date(sub.periodStart * 1000), checkoutPlan(planOf(sub.price)).interval),
    );
    if (m.cardOk) invoice(m, checkoutPlan(planOf(sub.price)).amountCents);
    else {
      sub.status = 'past_due';
      emit(m, 'invoice.payment_failed', 'invoice', `in_failed_${++serial}`);
    }
    emit(m, 'customer.subscription.updated', 'subscription');
  }
}

async function apply(m: Member, a: Action, members: Member[], random: () => number) {
  const graceDays = t.config.paymentGraceDays;
  const paying = expectedOf(m, clock, graceDays).status === 'paying';
  const sub = m.sub;
  const isActive = sub && !sub.canceled && !sub.pastDue;
  const fake = m.subscriptionId ? stripe.state.subscriptions.get(m.subscriptionId) : undefined;
  const route = (path: string, json?: object) =>
    t.request(`/api/subscription/${path}`, { method: 'POST', cookie: m.cookie, ...(json ? { json } : {}) });
  switch (a.kind) {
    case 'trial':
      if (m.trialEnd || sub) return;
      expect((await route('trial')).status).toBe(200);
      m.trialEnd = new Date(clock.getTime() + 7 * DAY);
      return;
    case 'checkout': {
      if (sub && !sub.canceled) return;
      m.customerId ??= `cus_p${++serial}`;
      m.subscriptionId = `sub_p${++serial}`;
      const end = addInterval(clock, checkoutPlan(a.plan).interval);
      stripe.addSubscription({
        id: m.subscriptionId,
        customer: m.customerId,
        owner: m.userId,
        price: PRICES[a.plan],
        created: seconds(clock),
        periodStart: seconds(clock),
        periodEnd: seconds(end),
      });
      emit(m, 'customer.subscription.created', 'subscription');
      invoice(m, checkoutPlan(a.plan).amountCents);
      await deliver(true, random); // the member is subscribed before they act again
      m.sub = {
        plan: a.plan,
        periodEnd: end,
        cancelAtEnd: false,
        scheduled: null,
        pastDue: false,
        failedAt: null,
        canceled: false,
      };
      m.cardOk = true;
      return;
    }
    case 'change': {
      if (!isActive || !paying || a.plan === sub.plan) return;
      const upgrade = isUpgrade(sub.plan, a.plan);
      stripe.state.declineUpdates = !m.cardOk;
      const res = await route('change', { plan: a.plan });
      stripe.state.declineUpdates = false;
      if (upgrade && !m.cardOk) return expect(res.status).toBe(402);
      expect(res.status, await res.clone().text()).toBe(200);
      sub.cancelAtEnd = false;
      if (!upgrade) {
        sub.scheduled = a.plan;
      } else {
        if (checkoutPlan(a.plan).interval !== checkoutPlan(sub.plan).interval)
          sub.periodEnd = addInterval(clock, checkoutPlan(a.plan).interval);
        sub.plan = a.plan;
        sub.scheduled = null;
        invoice(m, stripe.state.previewAmountDue);
      }
      emit(m, 'customer.subscription.updated', 'subscription');
      return;
    }
    case 'cancel': {
      if (!isActive || !paying || sub.cancelAtEnd || !fake) return;
      expect((await route('portal/cancel')).status).toBe(200); // releases a scheduled downgrade
      fake.cancelAtPeriodEnd = true; // the member confirms in Stripe's portal
      emit(m, 'customer.subscription.updated', 'subscription');
      await deliver(true, random);
      sub.cancelAtEnd = true;
      sub.scheduled = null;
      return;
    }
    case 'resume':
      if (!isActive || !paying || !sub.cancelAtEnd) return;
      expect((await route('resume')).status).toBe(200);
      emit(m, 'customer.subscription.updated', 'subscription');
      sub.cancelAtEnd = false;
      return;
    case 'removeCard':
      m.cardOk = false;
      return;
    case 'updateCard':
      m.cardOk = true;
      if (!sub || sub.canceled || !sub.pastDue || !fake) return;
      fake.status = 'active'; // Stripe retries the open invoice with the new card
      invoice(m, checkoutPlan(sub.plan).amountCents);
      emit(m, 'customer.subscription.updated', 'subscription');
      await deliver(true, random);
      sub.pastDue = false;
      sub.failedAt = null;
      return;
    case 'refund': {
      const charges = [...stripe.state.charges.values()].filter(
        (c) =>
          c.customer === m.customerId && c.amountRefunded < stripe.state.invoices.get(c.invoice!)!.amountPaid,
      );
      const charge = charges[a.share % Math.max(1, charges.length)];
      if (!charge) return;
      const left = stripe.state.invoices.get(charge.invoice!)!.amountPaid - charge.amountRefunded;
      charge.amountRefunded += Math.max(1, Math.round((left * a.share) / 100));
      emit(m, 'charge.refunded', 'charge', charge.id);
      return;
    }
    case 'replay': {
      const event = sent[a.share % Math.max(1, sent.length)];
      if (event)
        expect(await json(await sendWebhook(t, { object: 'event', ...event }))).toMatchObject({
          outcome: 'duplicate',
        });
      return;
    }
    case 'time':
      clock = new Date(clock.getTime() + a.hours * HOUR);
      for (const member of members) {
        stripeAdvance(member);
        advance(member, clock);
      }
      await deliver(true, random);
      await recordTimeBasedEnds(t.deps);
      return;
  }
}

describe('the plan ledger against a reference, through Stripe (property)', () => {
  it('random histories told by webhooks in any order leave the ledger and business_now as the reference says', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 4 }),
        fc.array(actionArb, { minLength: 20, maxLength: 45 }),
        fc.integer(),
        async (count, actions, seed) => {
          let state = seed;
          const random = () => {
            state = (Math.imul(state, 1_103_515_245) + 12_345) | 0;
            return ((state >>> 8) & 0xffff) / 0x10000;
          };
          const members: Member[] = [];
          for (let i = 0; i < count; i++) {
            const created = await createMember(t, undefined, { plan: 'none' });
            members.push({ ...created, customerId: null, trialEnd: null, sub: null, cardOk: true });
          }
          for (const [n, action] of actions.entries()) {
            const failing = members.find((m) => m.sub?.pastDue && !m.sub.canceled);
            const who =
              action.kind === 'updateCard' && failing && action.share % 2 === 0
                ? failing
                : members[action.who % count]!;
            await apply(who, action, members, random);
            if (action.kind !== 'time') await deliver(false, random);
            if (pending.length === 0)
              await compare(t.db, {
                members,
                now: clock,
                graceDays: t.config.paymentGraceDays,
                step: `step ${n} (${action.kind})`,
              });
          }
          await deliver(true, random);
          await recordTimeBasedEnds(t.deps);
          await compare(t.db, { members, now: clock, graceDays: t.config.paymentGraceDays, step: 'end' });
          const { entries, balance } = await checkEntries(t.db, members);
          expect(balance).toBe((await liveFigures(t.db)).mrrCents);
          const customers = new Set(members.map((m) => m.customerId));
          const books = [...stripe.state.invoices.values()].filter((i) => customers.has(i.customer));
          const refunds = [...stripe.state.charges.values()].filter((c) => customers.has(c.customer));
          const sum = (kind: string) =>
            entries.filter((e) => e.kind === kind).reduce((s, e) => s + e.amountCents, 0);
          expect(sum('invoice_paid')).toBe(books.reduce((s, i) => s + i.amountPaid, 0));
          expect(sum('refunded') + refunds.reduce((s, c) => s + c.amountRefunded, 0)).toBe(0);

          for (const m of members) {
            const res = await t.request('/api/profile/delete', {
              cookie: m.cookie,
              json: { password: STRONG_PASSWORD },
            });
            expect(res.status).toBe(200);
          }
          await deliver(true, random); // Stripe's word of the cancellations: no member left to write
          expect(await liveFigures(t.db)).toMatchObject({ paying: 0, mrrCents: 0, trials: 0, failing: 0 });
          const left = await t.db
            .select()
            .from(planLedger)
            .where(
              inArray(
                planLedger.userId,
                members.map((m) => m.userId),
              ),
            );
          expect(left.length).toBeGreaterThanOrEqual(entries.length);
          clock = new Date(clock.getTime() + DAY);
        },
      ),
      {
        numRuns: Number(process.env.LEDGER_PROPERTY_RUNS ?? 30),
        seed: Number(process.env.LEDGER_PROPERTY_SEED ?? 4),
        endOnFailure: true,
      },
    );
    if (!process.env.LEDGER_PROPERTY_SEED)
      expect([...seen].sort()).toEqual(expect.arrayContaining(EVERY_CASE));
  }, 120_000);
});
