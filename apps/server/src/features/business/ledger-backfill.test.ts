import { CHECKOUT_PLAN_IDS, checkoutPlan } from '@core28/core/plans';
import { TIERS } from '@core28/core/subscriptions';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, rawRows } from '../../platform/db/index.ts';
import { demoProviderObjects, planLedger, subscribers, users } from '../../platform/db/schema.ts';
import { openTestDatabase } from '../../testing/harness.ts';
import {
  BACKFILL,
  backfillTime,
  businessNowAndReference,
  expectCoreChanges,
  runBackfill,
  verifyAll,
} from './ledger-test-kit.ts';

// The backfill (migration 0028) on subscribers rows of every shape, consistent or not: whatever a
// row says, the member's replayed ledger ends at core's ledgerStateOf of it, every entry is a
// change core would write, and business_now holds the sums core computes from the rows.

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let db: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

it('prices plans as core does: the SQL’s price table is core’s catalogue', () => {
  const text = BACKFILL.sql.join('');
  const table = [...text.matchAll(/\('([a-z-]+)', '(month|year)', (\d+)\)/g)].map(
    ([, id, interval, cents]) => [id, interval, Number(cents)],
  );
  expect(table).toEqual(
    CHECKOUT_PLAN_IDS.map((id) => [id, checkoutPlan(id).interval, checkoutPlan(id).amountCents]),
  );
  // Grace and trial lengths are core's too.
  expect(text).toContain("payment_failed_at + interval '7 days'");
  expect(text).toContain("trial_end - interval '7 days'");
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let serial = 0;

/** A time around now (never within an hour of it, so the test's clock and the database's agree). */
const timeAround = (now: number) =>
  fc
    .tuple(fc.integer({ min: -400, max: 400 }), fc.integer({ min: 1, max: 23 }))
    .map(([days, hours]) => new Date(now + days * DAY + (days < 0 ? -hours : hours) * HOUR));
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });

const rowArb = (now: number) =>
  fc.record({
    subscribed: fc.boolean(),
    subscriptionTier: maybe(fc.constantFrom(...TIERS)),
    subscriptionEnd: maybe(timeAround(now)),
    isTrial: fc.boolean(),
    trialEnd: maybe(timeAround(now)),
    trialUsed: fc.boolean(),
    planId: maybe(fc.constantFrom(...CHECKOUT_PLAN_IDS)),
    cancelAtPeriodEnd: fc.boolean(),
    paymentFailedAt: maybe(timeAround(now)),
    provider: fc.constantFrom(null, 'sub_demo_', 'sub_'),
    providerSubscriptionCreatedAt: maybe(timeAround(now)),
    providerUpdatedAt: maybe(timeAround(now)),
    createdAt: timeAround(now - 401 * DAY),
    invoices: fc.array(fc.tuple(timeAround(now), fc.integer({ min: 0, max: 30_000 })), { maxLength: 3 }),
  });

type MemberRow = ReturnType<typeof rowArb> extends fc.Arbitrary<infer T> ? T : never;

async function insertMembers(rows: MemberRow[]) {
  for (const { provider, invoices, ...row } of rows) {
    const id = `m${String(++serial).padStart(5, '0')}`;
    await db.insert(users).values({ id, email: `${id}@example.com`, emailVerified: true, name: '' });
    await db.insert(subscribers).values({
      ...row,
      userId: id,
      email: `${id}@example.com`,
      providerSubscriptionId: provider && `${provider}${id}`,
      providerCustomerId: provider && `cus_demo_${id}`,
      updatedAt: row.providerUpdatedAt ?? row.createdAt,
    });
    if (invoices.length === 0) continue;
    const customerId = `cus_demo_${id}`;
    await db.insert(demoProviderObjects).values({
      id: customerId,
      kind: 'customer',
      customerId,
      data: { userId: id, email: `${id}@example.com` },
    });
    for (const [i, [paidAt, cents]] of invoices.entries())
      await db.insert(demoProviderObjects).values({
        id: `in_demo_${id}_${i}`,
        kind: 'invoice',
        customerId,
        data: {
          number: `N-${i}`,
          amount_paid: cents,
          description: '',
          created: Math.floor(paidAt.getTime() / 1000),
        },
      });
  }
}

describe('the backfill', () => {
  it('ends every member at core’s state of their row, with core’s changes and business_now’s sums', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(rowArb(Date.now()), { minLength: 1, maxLength: 25 }), async (rows) => {
        await db.execute(sql`truncate users, demo_provider_objects cascade`);
        await insertMembers(rows);
        await runBackfill(db);
        const at = await backfillTime(db);
        const { found } = await verifyAll(db, { at });
        expect(found).toEqual([]);
        await expectCoreChanges(db);
        const { kept, reference } = await businessNowAndReference(db, at);
        expect(kept).toEqual(reference);
        // Every paid invoice is an entry with its amount; zero invoices collected nothing.
        const paid = rows.flatMap((r) =>
          r.invoices.filter(([, cents]) => cents > 0).map(([, cents]) => cents),
        );
        const money = await db
          .select({ amount: planLedger.amountCents })
          .from(planLedger)
          .where(sql`${planLedger.kind} = 'invoice_paid'`);
        expect(money.map((m) => m.amount).sort()).toEqual(paid.sort());
      }),
      { numRuns: 25, seed: Number(process.env.FUZZ_SEED ?? 51) },
    );
  });

  it('writes nothing on a ledger that has entries: run twice, the second adds nothing', async () => {
    await db.execute(sql`truncate users, demo_provider_objects cascade`);
    await insertMembers(fc.sample(rowArb(Date.now()), { numRuns: 30, seed: 7 }));
    await runBackfill(db);
    const counted = () => rawRows(db, sql`select count(*)::int as n, max(seq)::text as top from plan_ledger`);
    const figures = () => rawRows(db, sql`select * from business_now order by plan_key`);
    const [before, now] = [await counted(), await figures()];
    expect(before).toEqual([{ n: expect.any(Number), top: expect.any(String) }]);
    await runBackfill(db, { emptyFirst: false });
    expect(await counted()).toEqual(before);
    expect(await figures()).toEqual(now);
  });
});
