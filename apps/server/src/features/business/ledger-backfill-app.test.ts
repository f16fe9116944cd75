import type { CheckoutPlanId } from '@core28/core/plans';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planLedger, planLedgerStates, subscribers } from '../../platform/db/schema.ts';
import type { DemoProvider } from '../../platform/payments/demo.ts';
import { createMember, createTestApp, json, type TestApp } from '../../testing/harness.ts';
import {
  backfillTime,
  businessNowAndReference,
  expectCoreChanges,
  runBackfill,
  verifyAll,
} from './ledger-test-kit.ts';
import { describeDifference, runLedgerVerify } from './ledger-verify.ts';

// The backfill on a database made by today's code: members in every plan situation, made through
// the app's own routes and the demo provider on a clock that ends an hour before now. Then the
// ledger is emptied (as today's code leaves it), the migration runs, and every member's replayed
// ledger is their plan, business_now the sums computed here; ledger:verify finds what is planted.

const NOW = Math.floor(Date.now() / 60_000) * 60_000;
const DAY = 86_400_000;
let clock = new Date(NOW);
let t: TestApp;
let demo: DemoProvider;
const day = (offset: number) => {
  clock = new Date(NOW + offset * DAY);
};
const rowOf = async (userId: string) =>
  (await t.db.select().from(subscribers).where(eq(subscribers.userId, userId)))[0]!;
const post = (path: string, fields: Record<string, string>) =>
  t.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
const card = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
const readState = async (cookie: string) => json(await t.request('/api/subscription', { cookie }));
async function pay(cookie: string, plan: CheckoutPlanId) {
  const res = await t.client(cookie).subscription.checkout.$post({ json: { plan } });
  expect(res.status).toBe(200);
  expect((await post(new URL((await res.json()).url).pathname, card)).status).toBe(303);
}
async function portal(cookie: string, fields: Record<string, string>) {
  const { url } = await json(await t.request('/api/subscription/portal', { cookie, json: {} }));
  const target = new URL(url);
  expect((await post(target.pathname + target.search, fields)).status).toBeLessThan(400);
}
async function change(cookie: string, plan: CheckoutPlanId) {
  const preview = await json(await t.request('/api/subscription/change/preview', { cookie, json: { plan } }));
  const res = await t.request('/api/subscription/change', {
    cookie,
    json: { plan, proration_date: preview.proration_date },
  });
  expect(res.status).toBe(200);
}
/** A paid member's row follows the provider only when read after a period ends (as the app does). */
async function readEachDay(cookie: string, from: number, to: number) {
  for (let d = from; d <= to; d += 1) {
    day(d);
    await readState(cookie);
  }
}

const members: Record<string, { userId: string; cookie: string }> = {};
type Expected = {
  status: string;
  planId: string | null;
  cancelling?: boolean;
  failing?: boolean;
  kinds: string[];
};
const EXPECTED: Record<string, Expected> = {
  never: { status: 'none', planId: null, kinds: [] },
  trialRunning: { status: 'trial', planId: null, kinds: ['trial_started'] },
  trialExpired: { status: 'none', planId: null, kinds: ['trial_started', 'trial_expired'] },
  converted: {
    status: 'paying',
    planId: 'daily-core-monthly',
    kinds: ['trial_started', 'trial_converted', 'invoice_paid'],
  },
  paidAfterTrial: {
    status: 'paying',
    planId: 'burn-yearly',
    kinds: ['trial_started', 'trial_expired', 'subscribed', 'invoice_paid'],
  },
  renewed: {
    status: 'paying',
    planId: 'daily-core-monthly',
    kinds: ['subscribed', 'invoice_paid', 'invoice_paid', 'invoice_paid', 'invoice_paid'],
  },
  cancelling: {
    status: 'paying',
    planId: 'burn-monthly',
    cancelling: true,
    // Cancelled the minute it was paid for: the invoice comes after the entries of its instant.
    kinds: ['subscribed', 'cancellation_scheduled', 'invoice_paid'],
  },
  cancelledEnded: {
    status: 'none',
    planId: null,
    kinds: ['subscribed', 'invoice_paid', 'cancellation_scheduled', 'plan_ended'],
  },
  failingInGrace: {
    status: 'paying',
    planId: 'daily-core-monthly',
    failing: true,
    kinds: ['subscribed', 'invoice_paid', 'payment_failed'],
  },
  graceEnded: {
    status: 'none',
    planId: null,
    kinds: ['subscribed', 'invoice_paid', 'payment_failed', 'grace_ended'],
  },
  upgraded: {
    status: 'paying',
    planId: 'burn-monthly',
    kinds: ['subscribed', 'invoice_paid', 'invoice_paid'],
  },
  downgradeScheduled: { status: 'paying', planId: 'burn-yearly', kinds: ['subscribed', 'invoice_paid'] },
  legacy: { status: 'paying', planId: 'daily-core-monthly', kinds: ['subscribed', 'invoice_paid'] },
  paidThenTrial: {
    status: 'trial',
    planId: null,
    kinds: ['subscribed', 'invoice_paid', 'cancellation_scheduled', 'plan_ended', 'trial_started'],
  },
};

/** The day a monthly plan must start on to renew `offset` days from now. */
const monthBefore = (offset: number) => {
  const renewal = new Date(NOW + offset * DAY);
  renewal.setUTCMonth(renewal.getUTCMonth() - 1);
  return (renewal.getTime() - NOW) / DAY;
};

async function member(name: string, offset: number, plan: 'trial' | 'none') {
  day(offset);
  members[name] = await createMember(t, undefined, { plan });
  return members[name]!;
}

afterAll(() => t.close());
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  demo = t.deps.payments as DemoProvider;
  await member('never', -100, 'none');
  await member('trialExpired', -30, 'trial');
  const converted = await member('converted', -20, 'trial');
  day(-18);
  await pay(converted.cookie, 'daily-core-monthly');
  const afterTrial = await member('paidAfterTrial', -60, 'trial');
  day(-40);
  await pay(afterTrial.cookie, 'burn-yearly');
  const renewed = await member('renewed', -100, 'none');
  await pay(renewed.cookie, 'daily-core-monthly');
  await readEachDay(renewed.cookie, -99, -2);
  const cancelling = await member('cancelling', -10, 'none');
  await pay(cancelling.cookie, 'burn-monthly');
  await portal(cancelling.cookie, { action: 'cancel' });
  const ended = await member('cancelledEnded', -80, 'none');
  await pay(ended.cookie, 'daily-core-monthly');
  day(-70);
  await portal(ended.cookie, { action: 'cancel' });
  await readEachDay(ended.cookie, -55, -45);
  for (const [name, renewal] of [
    ['failingInGrace', -2],
    ['graceEnded', -20],
  ] as const) {
    const failing = await member(name, monthBefore(renewal), 'none');
    await pay(failing.cookie, 'daily-core-monthly');
    await demo.removeCards((await rowOf(failing.userId)).providerCustomerId!);
    await readEachDay(failing.cookie, renewal, renewal + 1);
  }
  const upgraded = await member('upgraded', -15, 'none');
  await pay(upgraded.cookie, 'daily-core-monthly');
  day(-10);
  await change(upgraded.cookie, 'burn-monthly');
  const downgrade = await member('downgradeScheduled', -30, 'none');
  await pay(downgrade.cookie, 'burn-yearly');
  await change(downgrade.cookie, 'daily-core-monthly');
  const legacy = await member('legacy', -20, 'none');
  await pay(legacy.cookie, 'daily-core-monthly');
  // As migration 0007 left the rows of members who had paid before it. Their start is then the
  // row's creation, which the database stamps on its own clock (not this test's): set as it would be.
  await t.db
    .update(subscribers)
    .set({ planId: null, providerSubscriptionCreatedAt: null, createdAt: clock })
    .where(eq(subscribers.userId, legacy.userId));
  const paidThenTrial = await member('paidThenTrial', -90, 'none');
  await pay(paidThenTrial.cookie, 'daily-core-monthly');
  await portal(paidThenTrial.cookie, { action: 'cancel' });
  await readEachDay(paidThenTrial.cookie, -61, -58);
  day(-3);
  expect(
    (await t.request('/api/subscription/trial', { method: 'POST', cookie: paidThenTrial.cookie })).status,
  ).toBe(200);
  await member('trialRunning', -2, 'trial');
  day(-1 / 24);
  expect(clock.getTime()).toBeLessThan(Date.now());
  await runBackfill(t.db);
}, 120_000);

describe('the backfill of a database made by today’s code', () => {
  it('ends each member at their plan, with the entries their history made', async () => {
    const backfilledAt = await backfillTime(t.db);
    expect(await verifyAll(t.db, { at: backfilledAt })).toMatchObject({ found: [] });
    await expectCoreChanges(t.db);
    for (const [name, expected] of Object.entries(EXPECTED)) {
      const { userId } = members[name]!;
      const entries = await t.db
        .select()
        .from(planLedger)
        .where(eq(planLedger.userId, userId))
        .orderBy(asc(planLedger.seq));
      const [state] = await t.db.select().from(planLedgerStates).where(eq(planLedgerStates.userId, userId));
      expect({ name, kinds: entries.map((e) => e.kind) }).toEqual({ name, kinds: expected.kinds });
      expect({ name, ...(state ? { status: state.status, planId: state.planId } : {}) }).toEqual({
        name,
        ...(expected.kinds.length > 0 ? { status: expected.status, planId: expected.planId } : {}),
      });
      if (state)
        expect({ name, c: state.cancelling, f: state.failing }).toEqual({
          name,
          c: expected.cancelling ?? false,
          f: expected.failing ?? false,
        });
    }
    const { kept, reference } = await businessNowAndReference(t.db, backfilledAt);
    expect(kept).toEqual(reference);
    // The trials, the paying members (a yearly plan counts a twelfth) and the MRR at risk.
    expect(kept).toMatchObject({
      '': { trials: 2 },
      'burn-monthly': { paying: 2, mrrCents: 2 * 2999, cancelling: 1, cancellingMrrCents: 2999 },
      'burn-yearly': { paying: 2, mrrCents: 2 * 2500 },
      'daily-core-monthly': { paying: 4, mrrCents: 4 * 999, failing: 1, failingMrrCents: 999 },
    });
  });
});

describe('ledger:verify', () => {
  it('prints one OK line on the backfilled ledger, now', async () => {
    const printed: string[] = [];
    expect(await runLedgerVerify(t.db, { print: (line) => printed.push(line), pageSize: 5 })).toBe(0);
    expect(printed).toEqual([
      expect.stringMatching(
        /^Ledger OK: 13 members, \d+ entries replayed at \S+; business_now matches plan_ledger_states \(\d+\.\d s\)$/,
      ),
    ]);
  });

  it('tells a trial or a grace that ended within the sweep’s window as pending, one left longer as a difference', async () => {
    // The running trial and the failing payment's grace both end five days from now.
    const { trialEnd } = await rowOf(members.trialRunning!.userId);
    const lines = (userId: string, pending: string) => ({
      trial: `member ${members.trialRunning!.userId}: status: ledger trial ≠ plan none${pending}`,
      grace: [
        'status: ledger paying ≠ plan none',
        'planId: ledger daily-core-monthly ≠ plan null',
        'mrrCents: ledger 999 ≠ plan 0',
        'failing: ledger true ≠ plan false',
      ].map((line) => `member ${userId}: ${line}${pending}`),
    });
    // The trial the member started after their paid plan ended a day before: the sweep is late.
    const late = `member ${members.paidThenTrial!.userId}: status: ledger trial ≠ plan none`;
    const failing = members.failingInGrace!.userId;
    const soon = await verifyAll(t.db, { at: new Date(trialEnd!.getTime() + 30 * 60_000) });
    const pending = lines(failing, ' (pending the sweep)');
    expect(soon.found.map(describeDifference).sort()).toEqual([late, pending.trial, ...pending.grace].sort());
    expect(soon.summary).toMatchObject({ differences: 1, pending: 5 });
    const hours = await verifyAll(t.db, { at: new Date(trialEnd!.getTime() + 3 * 3_600_000) });
    const missed = lines(failing, '');
    expect(hours.found.map(describeDifference).sort()).toEqual([late, missed.trial, ...missed.grace].sort());
    expect(hours.summary).toMatchObject({ differences: 6, pending: 0 });
  });

  it('prints each planted difference: an entry the plan never had, a state and a counter out of step', async () => {
    const { userId } = members.cancelling!;
    const [last] = await t.db
      .select()
      .from(planLedger)
      .where(eq(planLedger.userId, userId))
      .orderBy(sql`${planLedger.seq} desc`)
      .limit(1);
    const { seq: _seq, recordedAt: _recordedAt, ...entry } = last!;
    await t.db
      .insert(planLedger)
      .values({ ...entry, kind: 'cancellation_withdrawn', cancellingAfter: false });
    await t.db.execute(sql`update business_now set mrr_cents = mrr_cents + 1 where plan_key = 'burn-yearly'`);
    const printed: string[] = [];
    expect(await runLedgerVerify(t.db, { print: (line) => printed.push(line) })).toBe(1);
    expect(printed.at(-1)).toMatch(/^Ledger differs: 3 differences in 13 members, \d+ entries replayed at /);
    const { found, summary } = await verifyAll(t.db, { at: await backfillTime(t.db) });
    expect(found.map(describeDifference)).toEqual([
      `member ${userId}: cancelling: ledger false ≠ plan true`,
      `member ${userId}: plan_ledger_states.cancelling: true ≠ ledger false`,
      `business_now 'burn-yearly': mrr_cents: 5001 ≠ 5000 summed from plan_ledger_states`,
    ]);
    // Every member but the one who never had a plan (no row, no entries).
    expect(summary).toMatchObject({ differences: 3, pending: 0, members: Object.keys(members).length - 1 });
  });
});
