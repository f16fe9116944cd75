import { changesBetween, type LedgerState } from '@core28/core/plan-ledger';
import { sql } from 'drizzle-orm';
import { lockState, stateOf, writeLedgerChanges } from '../features/subscriptions/ledger.ts';
import type { DbOrTx } from '../platform/db/index.ts';
import { rowsOf } from '../platform/db/index.ts';

// Ledger entries built state by state for the figures' tests, written as the writers write them.

/**
 * Takes a member's ledger to `after`, effective `occurredAt` (a backdated change: an earlier
 * time), writing each entry core's rule names through the writers' own `writeLedgerChanges`.
 * Returns the kinds written.
 */
export async function recordTestPlanChange(
  db: DbOrTx,
  {
    userId,
    after,
    occurredAt,
    endedByGrace = false,
  }: { userId: string; after: LedgerState; occurredAt: Date; endedByGrace?: boolean },
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const stored = await lockState(tx, userId);
    const list = changesBetween(stateOf(stored), after, { hasPaidBefore: stored.hasPaid, endedByGrace });
    const changes = list.map((change) => ({ ...change, occurredAt }));
    const hasPaid = stored.hasPaid || list.some((change) => change.after.mrrCents > 0);
    await writeLedgerChanges(tx, { userId, stored, after, changes, hasPaid });
    return list.map((change) => change.kind);
  });
}

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

type StateRow = { status: LedgerState['status']; planId: LedgerState['planId']; mrrCents: number };

/** Money without a change of plan: an invoice paid (positive) or a refund (negative). */
export async function recordTestPayment(
  db: DbOrTx,
  { userId, amountCents, occurredAt }: { userId: string; amountCents: number; occurredAt: Date },
) {
  const [row] = await rowsOf<StateRow>(
    db,
    sql`select status, plan_id as "planId", mrr_cents as "mrrCents" from plan_ledger_states where user_id = ${userId}`,
  );
  const state = row ?? { status: 'none', planId: null, mrrCents: 0 };
  await db.execute(sql`
    insert into plan_ledger (user_id, kind, occurred_at, status_before, status_after, plan_before, plan_after,
      mrr_before_cents, mrr_after_cents, amount_cents)
    values (${userId}, ${amountCents >= 0 ? 'invoice_paid' : 'refunded'}, ${at(occurredAt)}, ${state.status}, ${state.status},
      ${state.planId}, ${state.planId}, ${state.mrrCents}, ${state.mrrCents}, ${amountCents})`);
}
