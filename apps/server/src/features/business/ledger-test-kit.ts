import {
  changesBetween,
  type LedgerRow,
  type LedgerState,
  ledgerStateOf,
  NO_PLAN,
} from '@core28/core/plan-ledger';
import type { CheckoutPlanId } from '@core28/core/plans';
import { asc, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../platform/db/index.ts';
import { businessNow, planLedger, subscribers } from '../../platform/db/schema.ts';
import { migrations, migrationWith } from '../../testing/migration-db.ts';
import { type LedgerDifference, verifyLedger } from './ledger-verify.ts';

// What the backfill's tests share: the migration run again on a database whose ledger is empty
// (as today's code leaves it), and the checks of what it wrote against core's rules.

const backfill = migrations[migrationWith('CREATE TEMP TABLE ledger_backfill_members')];
if (!backfill) throw new Error('The backfill migration is missing');
export const BACKFILL = backfill;

/** Empties the ledger (TRUNCATE, which its append-only trigger does not see) and runs the backfill in one transaction, as the migrator does. */
export async function runBackfill(db: Database, { emptyFirst = true } = {}) {
  if (emptyFirst) await db.execute(sql`truncate plan_ledger, plan_ledger_states, business_now`);
  await db.transaction(async (tx) => {
    for (const statement of BACKFILL.sql) if (statement.trim()) await tx.execute(sql.raw(statement));
  });
}

/** The time the backfill read the plans at: its transaction's now(), the entries' recorded_at. */
export async function backfillTime(db: Database) {
  const [first] = await db.select({ at: planLedger.recordedAt }).from(planLedger).limit(1);
  // No entries: no row had a plan at any time, so any time will do.
  return first?.at ?? new Date();
}

const stateOf = (e: {
  statusAfter: LedgerState['status'];
  planAfter: string | null;
  mrrAfterCents: number;
  periodEndAfter: Date | null;
  cancellingAfter: boolean;
  failingAfter: boolean;
}): LedgerState => ({
  status: e.statusAfter,
  planId: e.planAfter as CheckoutPlanId | null,
  mrrCents: e.mrrAfterCents,
  periodEnd: e.periodEndAfter,
  cancelling: e.cancellingAfter,
  failing: e.failingAfter,
});

/**
 * Every member's entries are changes core would write: each plan entry is exactly what
 * changesBetween makes of its state before and after (kind and movement), the before is what the
 * previous entry left, times never go back, and a money entry keeps the state of its time.
 */
export async function expectCoreChanges(db: Database) {
  const entries = await db.select().from(planLedger).orderBy(asc(planLedger.userId), asc(planLedger.seq));
  let user = '';
  let current: LedgerState = NO_PLAN;
  let hasPaid = false;
  let lastTime = 0;
  for (const e of entries) {
    if (e.userId !== user) [user, current, hasPaid, lastTime] = [e.userId, NO_PLAN, false, 0];
    const where = `${e.userId} #${e.seq} ${e.kind}`;
    expect({ where, status: e.statusBefore, plan: e.planBefore, mrr: e.mrrBeforeCents }).toEqual({
      where,
      status: current.status,
      plan: current.planId,
      mrr: current.mrrCents,
    });
    if (e.kind === 'invoice_paid') {
      expect({ where, after: stateOf(e).status, amount: e.amountCents > 0 }).toEqual({
        where,
        after: current.status,
        amount: true,
      });
      continue;
    }
    expect(e.occurredAt.getTime(), where).toBeGreaterThanOrEqual(lastTime);
    lastTime = e.occurredAt.getTime();
    const after = stateOf(e);
    const made = changesBetween(current, after, { hasPaidBefore: hasPaid, endedByGrace: true });
    expect({ where, made: made.map((c) => [c.kind, c.movement]) }).toEqual({
      where,
      made: [[e.kind, e.movement]],
    });
    if (e.kind === 'trial_converted' || e.kind === 'trial_expired')
      expect(e.trialStartedAt, where).not.toBeNull();
    if (after.mrrCents > 0) hasPaid = true;
    current = after;
  }
}

/** business_now as the owner's page would sum it, and the same figures computed here from each member's row by core. */
export async function businessNowAndReference(db: Database, at: Date) {
  const kept = await db.select().from(businessNow);
  const rows = await db.select().from(subscribers);
  type Sums = Record<
    'paying' | 'mrrCents' | 'trials' | 'cancelling' | 'cancellingMrrCents' | 'failing' | 'failingMrrCents',
    number
  >;
  const reference = new Map<string, Sums>();
  for (const row of rows) {
    const state = ledgerStateOf({ ...row, planId: row.planId as CheckoutPlanId | null } as LedgerRow, { at });
    if (state.status === 'none') continue;
    const key = state.planId ?? '';
    const sums: Sums = reference.get(key) ?? {
      paying: 0,
      mrrCents: 0,
      trials: 0,
      cancelling: 0,
      cancellingMrrCents: 0,
      failing: 0,
      failingMrrCents: 0,
    };
    const isPaying = state.status === 'paying';
    sums.paying += isPaying ? 1 : 0;
    sums.mrrCents += state.mrrCents;
    sums.trials += state.status === 'trial' ? 1 : 0;
    sums.cancelling += state.cancelling ? 1 : 0;
    sums.cancellingMrrCents += state.cancelling ? state.mrrCents : 0;
    sums.failing += state.failing ? 1 : 0;
    sums.failingMrrCents += state.failing ? state.mrrCents : 0;
    reference.set(key, sums);
  }
  const byKey = (entries: [string, Record<string, number>][]) =>
    Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)));
  return {
    kept: byKey(kept.map(({ planKey, shard: _shard, ...sums }) => [planKey, sums])),
    reference: byKey([...reference]),
  };
}

/** ledger:verify's findings, collected. */
export async function verifyAll(db: Database, options: { at?: Date; pendingWindowMs?: number } = {}) {
  const found: LedgerDifference[] = [];
  const summary = await verifyLedger(db, { ...options, pageSize: 7, report: (d) => found.push(d) });
  return { summary, found };
}
