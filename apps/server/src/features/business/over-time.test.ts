import type { BusinessPeriod } from '@core28/core/business';
import { defaultPeriodRange, type PeriodUnit, periodsBetween, utcDay } from '@core28/core/business-periods';
import { changesBetween, type LedgerState, mrrOf, NO_PLAN } from '@core28/core/plan-ledger';
import { CHECKOUT_PLAN_IDS } from '@core28/core/plans';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db/index.ts';
import { createTestApp, json, signInAdmin, type TestApp } from '../../testing/harness.ts';
import { recordTestPayment, recordTestPlanChange } from '../../testing/plan-ledger.ts';
import { DAYS_FOLD, foldBusinessDays } from './fold.ts';
import { getBusinessNow, getBusinessOverTime } from './service.ts';

// The figures over time against a reference computed here from the histories themselves: random
// members' plan changes (trials, conversions, upgrades, failed payments and their grace, scheduled
// cancellations, returns, money), written as the ledger's writers write them, then folded.

const DAY = 86_400_000;
const NOW = new Date('2026-12-10T12:00:00Z');
const START = Date.parse('2025-12-01T00:00:00Z');
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  cookie = await signInAdmin(t);
});
afterAll(() => t.close());

/** A reproducible random walk (mulberry32). */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Event = { at: Date; after: LedgerState; endedByGrace: boolean } | { at: Date; amountCents: number };
const paying = (planId: (typeof CHECKOUT_PLAN_IDS)[number], at: Date): LedgerState => ({
  status: 'paying',
  planId,
  mrrCents: mrrOf(planId),
  periodEnd: new Date(at.getTime() + 30 * DAY),
  cancelling: false,
  failing: false,
});

/** One member's history: each step a plausible next state from the last. */
function historyOf(next: () => number): Event[] {
  const events: Event[] = [];
  let state = NO_PLAN;
  let at = START + Math.floor(next() * 300) * DAY + Math.floor(next() * DAY);
  const plan = () => CHECKOUT_PLAN_IDS[Math.floor(next() * CHECKOUT_PLAN_IDS.length)]!;
  while (at < NOW.getTime() - DAY) {
    const when = new Date(at);
    const roll = next();
    let after: LedgerState = state;
    let endedByGrace = false;
    if (state.status === 'none')
      after =
        roll < 0.5
          ? { ...NO_PLAN, status: 'trial', periodEnd: new Date(at + 7 * DAY) }
          : paying(plan(), when);
    else if (state.status === 'trial') after = roll < 0.6 ? paying(plan(), when) : NO_PLAN;
    else if (roll < 0.2) after = { ...paying(plan(), when), periodEnd: state.periodEnd };
    else if (roll < 0.35) after = { ...state, failing: !state.failing };
    else if (roll < 0.5) after = { ...state, cancelling: !state.cancelling };
    else if (roll < 0.65) after = { ...state, periodEnd: new Date(at + 30 * DAY) };
    else if (roll < 0.8) {
      events.push({ at: when, amountCents: roll < 0.75 ? state.mrrCents : -Math.round(state.mrrCents / 2) });
    } else {
      endedByGrace = state.failing;
      after = NO_PLAN;
    }
    if (after !== state) events.push({ at: when, after, endedByGrace });
    state = after;
    at += Math.floor(next() * 40 * DAY) + 3_600_000;
  }
  return events;
}

type Entry = ReturnType<typeof changesBetween>[number] & {
  at: Date;
  trialStartedAt: Date | null;
  amountCents: number;
};

/** The figures of [start, end) from the entries, as the definitions say them. */
function reference(entries: Entry[], start: string, end: string): BusinessPeriod {
  const s = Date.parse(`${start}T00:00:00Z`);
  const e = Date.parse(`${end}T00:00:00Z`);
  const balance = (at: number) => {
    const before = entries.filter((x) => x.at.getTime() < at);
    const sum = (f: (x: Entry) => number) => before.reduce((total, x) => total + f(x), 0);
    return {
      mrr: sum((x) => x.after.mrrCents - x.before.mrrCents),
      paying: sum((x) => Number(x.after.status === 'paying') - Number(x.before.status === 'paying')),
    };
  };
  const inside = entries.filter((x) => x.at.getTime() >= s && x.at.getTime() < e);
  const moved = (movement: string) =>
    inside
      .filter((x) => x.movement === movement)
      .reduce((total, x) => total + Math.abs(x.after.mrrCents - x.before.mrrCents), 0);
  const count = (f: (x: Entry) => boolean) => inside.filter(f).length;
  const [atStart, atEnd] = [balance(s), balance(e)];
  const trialStarts = count((x) => x.kind === 'trial_started');
  const trialConversions = entries.filter(
    (x) =>
      x.kind === 'trial_converted' &&
      x.trialStartedAt &&
      x.trialStartedAt.getTime() >= s &&
      x.trialStartedAt.getTime() < e,
  ).length;
  const churned = count((x) => x.movement === 'churn');
  return {
    start,
    end,
    mrrStartCents: atStart.mrr,
    mrrEndCents: atEnd.mrr,
    newMrrCents: moved('new'),
    expansionMrrCents: moved('expansion'),
    contractionMrrCents: moved('contraction'),
    churnMrrCents: moved('churn'),
    reactivationMrrCents: moved('reactivation'),
    payingStart: atStart.paying,
    payingEnd: atEnd.paying,
    newMembers: count((x) => x.movement === 'new'),
    churnedMembers: churned,
    reactivatedMembers: count((x) => x.movement === 'reactivation'),
    logoChurnRate: atStart.paying > 0 ? churned / atStart.paying : null,
    revenueChurnRate: atStart.mrr > 0 ? (moved('churn') + moved('contraction')) / atStart.mrr : null,
    trialStarts,
    trialConversions,
    trialConversionRate: trialStarts > 0 ? trialConversions / trialStarts : null,
    paymentsFailed: count((x) => x.kind === 'payment_failed'),
    paymentsRecovered: count((x) => x.kind === 'payment_recovered'),
    paymentsLost: count((x) => x.kind === 'grace_ended'),
    collectedCents: inside.reduce((total, x) => total + Math.max(0, x.amountCents), 0),
    refundedCents: inside.reduce((total, x) => total + Math.max(0, -x.amountCents), 0),
  };
}

const entries: Entry[] = [];

/** Writes a member's events through the ledger helper, and keeps the entries they make for the reference. */
async function record(userId: string, events: Event[]) {
  let state = NO_PLAN;
  let hasPaid = false;
  let trialStartedAt: Date | null = null;
  for (const event of events) {
    if ('amountCents' in event) {
      await recordTestPayment(t.db, { userId, amountCents: event.amountCents, occurredAt: event.at });
      const kind = event.amountCents >= 0 ? 'invoice_paid' : 'refunded';
      entries.push({
        kind,
        before: state,
        after: state,
        movement: null,
        at: event.at,
        trialStartedAt: null,
        amountCents: event.amountCents,
      });
      continue;
    }
    await recordTestPlanChange(t.db, {
      userId,
      after: event.after,
      occurredAt: event.at,
      endedByGrace: event.endedByGrace,
    });
    for (const change of changesBetween(state, event.after, {
      hasPaidBefore: hasPaid,
      endedByGrace: event.endedByGrace,
    })) {
      if (change.kind === 'trial_started') trialStartedAt = event.at;
      const endsTrial = change.kind === 'trial_converted' || change.kind === 'trial_expired';
      entries.push({
        ...change,
        at: event.at,
        trialStartedAt: endsTrial ? trialStartedAt : null,
        amountCents: 0,
      });
      if (change.after.mrrCents > 0) hasPaid = true;
    }
    state = event.after;
  }
}

const expectPeriodsMatch = async (by: PeriodUnit, range: { from?: string; to?: string } = {}) => {
  const figures = await getBusinessOverTime(t.deps, { by, ...range });
  const { from, to } = defaultPeriodRange({ by, ...range }, utcDay(NOW));
  const expected = periodsBetween(from, to, by).map((p) => reference(entries, p.start, p.end));
  for (const [i, period] of figures.periods.entries()) {
    const want = expected[i]!;
    for (const key of Object.keys(want) as (keyof BusinessPeriod)[])
      if (typeof want[key] === 'number' && key.endsWith('Rate'))
        expect(period[key], `${period.start} ${key}`).toBeCloseTo(want[key] as number, 10);
      else expect(period[key], `${period.start} ${key}`).toEqual(want[key]);
    // The balance identity (Lago, ChartMogul): each period's end from its start and its movements.
    expect(period.mrrEndCents).toBe(
      period.mrrStartCents +
        period.newMrrCents +
        period.reactivationMrrCents +
        period.expansionMrrCents -
        period.contractionMrrCents -
        period.churnMrrCents,
    );
  }
  expect(figures.periods).toHaveLength(expected.length);
  return figures;
};

const daysTable = () =>
  rowsOf<Record<string, unknown>>(t.db, sql`select * from business_days order by day, plan_key`);

describe('the figures over time', () => {
  beforeAll(async () => {
    const next = random(51);
    for (let i = 0; i < 40; i += 1) await record(`ledger-member-${i}`, historyOf(next));
    await foldBusinessDays(t.deps);
  });

  it('by month and by week, each period equals the reference, and the balances add up', async () => {
    expect(entries.length).toBeGreaterThan(150);
    const months = await expectPeriodsMatch('month');
    expect(months.periods).toHaveLength(12);
    expect(
      months.periods.some((p) => p.expansionMrrCents > 0 && p.churnMrrCents > 0 && p.trialConversions > 0),
    ).toBe(true);
    await expectPeriodsMatch('week');
    await expectPeriodsMatch('month', { from: '2025-12-15', to: '2026-07-04' });
    // Everything has happened by now: the last balance is business_now's MRR.
    const now = await getBusinessNow(t.deps);
    expect(months.periods.at(-1)!.mrrEndCents).toBe(now.mrrCents);
    expect(months.periods.at(-1)!.payingEnd).toBe(now.paying);
  });

  it('a Sunday is the week before, a Monday the week it starts', async () => {
    const sunday = new Date('2026-11-29T23:59:59Z');
    const monday = new Date('2026-11-30T00:00:00Z');
    await record('week-sunday', [
      { at: sunday, after: paying('daily-core-monthly', sunday), endedByGrace: false },
    ]);
    await record('week-monday', [{ at: monday, after: paying('burn-yearly', monday), endedByGrace: false }]);
    await foldBusinessDays(t.deps);
    const weeks = await expectPeriodsMatch('week');
    const newIn = (start: string) => weeks.periods.find((p) => p.start === start)!.newMrrCents;
    expect(newIn('2026-11-23')).toBeGreaterThanOrEqual(mrrOf('daily-core-monthly'));
    expect(newIn('2026-11-30')).toBeGreaterThanOrEqual(mrrOf('burn-yearly'));
  });

  it('an entry written today but dated months back is folded on its own day', async () => {
    const before = await getBusinessOverTime(t.deps, { by: 'month' });
    const may = new Date('2026-05-20T10:00:00Z');
    await record('backdated', [
      { at: may, after: paying('burn-monthly', may), endedByGrace: false },
      { at: new Date('2026-06-20T10:00:00Z'), after: NO_PLAN, endedByGrace: false },
    ]);
    await foldBusinessDays(t.deps);
    const after = await expectPeriodsMatch('month');
    const mayOf = (figures: typeof before) => figures.periods.find((p) => p.start === '2026-05-01')!;
    expect(mayOf(after).newMrrCents - mayOf(before).newMrrCents).toBe(mrrOf('burn-monthly'));
    expect(mayOf(after).payingEnd - mayOf(before).payingEnd).toBe(1);
  });

  it('folding again, or everything from the start, changes nothing', async () => {
    const folded = await daysTable();
    await foldBusinessDays(t.deps);
    expect(await daysTable()).toEqual(folded);
    await t.db.execute(sql`update business_folds set folded_at = '-infinity' where name = ${DAYS_FOLD}`);
    expect((await foldBusinessDays(t.deps)).days).toBeGreaterThan(200);
    expect(await daysTable()).toEqual(folded);
  });

  it('a read folds what the last run has not seen once it is a minute old, and not before', async () => {
    const today = new Date(NOW.getTime() - 3_600_000);
    await record('read-folds', [
      { at: today, after: paying('daily-core-yearly', today), endedByGrace: false },
    ]);
    const december = async () =>
      (await getBusinessOverTime(t.deps, { by: 'month' })).periods.find((p) => p.start === '2026-12-01')!;
    const fresh = await december();
    await t.db.execute(
      sql`update business_folds set folded_at = now() - interval '2 minutes' where name = ${DAYS_FOLD}`,
    );
    const folded = await december();
    expect(folded.newMrrCents - fresh.newMrrCents).toBe(mrrOf('daily-core-yearly'));
    await expectPeriodsMatch('month');
  });

  it('the owner reads them over HTTP, as JSON or CSV; a bad range is refused with its reason', async () => {
    const res = await t.request('/api/admin/business/over-time?by=week&from=2026-11-01&to=2026-11-30', {
      cookie,
    });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({ currency: 'USD', by: 'week', from: '2026-11-01', to: '2026-11-30' });
    expect(body.periods.map((p: BusinessPeriod) => p.start)).toEqual([
      '2026-11-01',
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
      '2026-11-23',
      '2026-11-30',
    ]);
    const csv = await t.request(
      '/api/admin/business/over-time?by=week&from=2026-11-01&to=2026-11-30&format=csv',
      {
        cookie,
      },
    );
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(
      'attachment; filename="business-weeks-2026-11-01-2026-11-30.csv"',
    );
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines).toHaveLength(7);
    expect(lines[1]).toMatch(/^2026-11-01,2026-11-02,/);
    const bad = await t.request('/api/admin/business/over-time?from=2026-12-01&to=2026-11-01', { cookie });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.message).toBe('The start must not be after the end.');
  });
});
