import { type LedgerState, mrrOf, NO_PLAN } from '@core28/core/plan-ledger';
import type { CheckoutPlanId } from '@core28/core/plans';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, signInAdmin, type TestApp } from '../../testing/harness.ts';
import { recordTestPlanChange } from '../../testing/plan-ledger.ts';
import { computeBusinessCohorts } from './cohorts.ts';
import { getBusinessCohorts, getBusinessNow } from './service.ts';

// The cohorts snapshot against figures worked out by hand from a few members' histories: who paid
// at each month's end, who trained in each month, the first round's funnel; staff left out; a
// month frozen once computed a day after it ended. And "now" after a checkout.

const DAY = 86_400_000;
let clock = new Date('2026-12-10T12:00:00Z');
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  cookie = await signInAdmin(t);
});
afterAll(() => t.close());

const paying = (planId: CheckoutPlanId, at: string, extra: Partial<LedgerState> = {}): LedgerState => ({
  status: 'paying',
  planId,
  mrrCents: mrrOf(planId),
  periodEnd: new Date(Date.parse(at) + 30 * DAY),
  cancelling: false,
  failing: false,
  ...extra,
});
const change = (userId: string, at: string, after: LedgerState) =>
  recordTestPlanChange(t.db, { userId, after, occurredAt: new Date(at) });

async function user(id: string, createdAt: string) {
  await t.db.execute(
    sql`insert into users (id, email, created_at) values (${id}, ${`${id}@example.com`}, ${createdAt}::timestamptz)`,
  );
}
async function complete(userId: string, day: number, at: string) {
  await t.db.execute(
    sql`insert into workout_completions (user_id, day_number, completed_at) values (${userId}, ${day}, ${at}::timestamptz)`,
  );
}

describe('cohorts', () => {
  it('are computed by their job the first time they are read', async () => {
    const res = await t.request('/api/admin/business/cohorts', { cookie });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ from: '2026-01-01', to: '2026-12-10', computedAt: null, cohorts: [] });
    expect(await t.drainJobs()).toBeGreaterThanOrEqual(1);
    const again = await json(await t.request('/api/admin/business/cohorts', { cookie }));
    expect(again.computedAt).toBe(clock.toISOString());
  });

  it('say who paid at each month end and who trained, frozen a day after a month ends', async () => {
    await user('co-a1', '2026-10-05T09:00:00Z');
    await user('co-a2', '2026-10-20T09:00:00Z');
    await user('co-b1', '2026-11-20T09:00:00Z');
    await user('co-staff', '2026-10-10T09:00:00Z');
    await t.db.execute(sql`insert into user_roles (user_id, role) values ('co-staff', 'coach')`);
    // a1 pays from October to the first instant of November: still paying at October's end.
    await change('co-a1', '2026-10-06T10:00:00Z', paying('daily-core-monthly', '2026-10-06T10:00:00Z'));
    await change('co-a1', '2026-11-01T00:00:00Z', NO_PLAN);
    await change('co-a2', '2026-10-20T10:00:00Z', {
      ...NO_PLAN,
      status: 'trial',
      periodEnd: new Date('2026-10-27T10:00:00Z'),
    });
    await change('co-a2', '2026-10-27T10:00:00Z', paying('burn-yearly', '2026-10-27T10:00:00Z'));
    await change('co-b1', '2026-11-25T10:00:00Z', paying('burn-monthly', '2026-11-25T10:00:00Z'));
    await change('co-staff', '2026-10-10T10:00:00Z', paying('burn-monthly', '2026-10-10T10:00:00Z'));
    await complete('co-a1', 1, '2026-10-06T18:00:00Z');
    await complete('co-a1', 7, '2026-10-12T18:00:00Z');
    await complete('co-a1', 2, '2026-11-03T18:00:00Z');
    await complete('co-a2', 1, '2026-12-01T01:00:00Z');
    await complete('co-staff', 1, '2026-10-11T18:00:00Z');
    // a2 moves on to a second round: their first round's day 1 is read from its completions.
    await t.db.execute(sql`insert into rounds (user_id, program_id, number, started_at)
      values ('co-a2', (select id from programs where slug = 'core28'), 2, '2026-12-04T00:00:00Z')`);
    await complete('co-a2', 1, '2026-12-05T18:00:00Z');

    const read = async () => {
      const { cohorts } = await getBusinessCohorts(t.deps, { from: '2026-10-01', to: '2026-11-30' });
      return Object.fromEntries(cohorts.map((c) => [c.cohort, c]));
    };
    clock = new Date('2026-12-01T02:30:00Z'); // the night after November ended
    await computeBusinessCohorts(t.deps);
    let cohorts = await read();
    expect(cohorts['2026-10']).toEqual({
      cohort: '2026-10',
      members: 2,
      paying: [1, 0.5, 0.5],
      training: [0.5, 0.5, 0.5],
      funnel: { day1: 2, day7: 1, day14: 0, day21: 0, day28: 0, round2: 1 },
    });
    expect(cohorts['2026-11']).toMatchObject({ members: 1, paying: [1, 1], training: [0, 0] });

    // Late entries dated back into November: November is not frozen yet for b1, and then is.
    await change('co-b1', '2026-11-28T10:00:00Z', NO_PLAN);
    clock = new Date('2026-12-10T12:00:00Z');
    await computeBusinessCohorts(t.deps);
    cohorts = await read();
    expect(cohorts['2026-11']).toMatchObject({ paying: [0, 0] });
    expect(cohorts['2026-10']).toMatchObject({ paying: [1, 0.5, 0.5], training: [0.5, 0.5, 0.5] });
    await change('co-a2', '2026-11-10T10:00:00Z', NO_PLAN);
    await computeBusinessCohorts(t.deps);
    cohorts = await read();
    expect(cohorts['2026-10']).toMatchObject({ paying: [1, 0.5, 0], training: [0.5, 0.5, 0.5] });

    const csv = await t.request('/api/admin/business/cohorts?from=2026-10-01&to=2026-11-30&format=csv', {
      cookie,
    });
    expect(csv.headers.get('content-disposition')).toBe(
      'attachment; filename="business-cohorts-2026-10-01-2026-11-30.csv"',
    );
    expect((await csv.text()).split('\r\n').slice(0, 3)).toEqual([
      'cohort,members,day1,day7,day14,day21,day28,round2,paying_m0,paying_m1,paying_m2,training_m0,training_m1,training_m2',
      '2026-10,2,2,1,0,0,0,1,1,0.5,0,0.5,0.5,0.5',
      '2026-11,1,0,0,0,0,0,0,0,0,,0,0,',
    ]);
  });
});

describe('now', () => {
  it('moves with a checkout, an upgrade, a scheduled cancellation and a failing payment', async () => {
    const before = await getBusinessNow(t.deps);
    await change('now-1', '2026-12-10T08:00:00Z', {
      ...NO_PLAN,
      status: 'trial',
      periodEnd: new Date('2026-12-17T08:00:00Z'),
    });
    await change('now-2', '2026-12-10T09:00:00Z', paying('daily-core-monthly', '2026-12-10T09:00:00Z'));
    const afterCheckout = await getBusinessNow(t.deps);
    expect(afterCheckout.mrrCents - before.mrrCents).toBe(mrrOf('daily-core-monthly'));
    expect(afterCheckout.paying - before.paying).toBe(1);
    expect(afterCheckout.trials - before.trials).toBe(1);
    await change(
      'now-2',
      '2026-12-10T10:00:00Z',
      paying('burn-monthly', '2026-12-10T09:00:00Z', { cancelling: true }),
    );
    await change('now-3', '2026-12-10T10:00:00Z', paying('burn-yearly', '2026-12-10T10:00:00Z'));
    await change(
      'now-3',
      '2026-12-10T11:00:00Z',
      paying('burn-yearly', '2026-12-10T10:00:00Z', { failing: true }),
    );
    const res = await t.request('/api/admin/business/now', { cookie });
    const now = await json(res);
    expect(now.mrrCents - before.mrrCents).toBe(mrrOf('burn-monthly') + mrrOf('burn-yearly'));
    expect(now.cancelling.members - before.cancelling.members).toBe(1);
    expect(now.cancelling.mrrCents - before.cancelling.mrrCents).toBe(mrrOf('burn-monthly'));
    expect(now.failing).toEqual({
      members: before.failing.members + 1,
      mrrCents: before.failing.mrrCents + mrrOf('burn-yearly'),
    });
    expect(now.arpuCents).toBe(Math.round(now.mrrCents / now.paying));
    const burn = now.byPlan.find((p: { planId: string }) => p.planId === 'burn-monthly');
    expect(burn.paying - (before.byPlan.find((p) => p.planId === 'burn-monthly')?.paying ?? 0)).toBe(1);
    const csv = await (await t.request('/api/admin/business/now?format=csv', { cookie })).text();
    expect(csv.split('\r\n')).toHaveLength(CHECKOUT_PLANS + 3);
  });
});

const CHECKOUT_PLANS = 4;
