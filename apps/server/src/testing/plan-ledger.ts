import { changesBetween, type LedgerState, NO_PLAN } from '@core28/core/plan-ledger';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/index.ts';
import { rowsOf } from '../platform/db/index.ts';

// Ledger entries as the writers make them (core changesBetween from the member's last state, then
// plan_ledger_states and business_now's deltas in the same transaction), for the figures' tests.

type StateRow = {
  status: LedgerState['status'];
  planId: LedgerState['planId'];
  mrrCents: number;
  periodEnd: number | null;
  cancelling: boolean;
  failing: boolean;
  hasPaid: boolean;
  trialStartedAt: number | null;
};

const at = (date: Date | null) => (date ? sql`${date.toISOString()}::timestamptz` : sql`null`);

/** business_now's counters of a state, to subtract (before) or add (after). */
function counters(state: LedgerState, sign: 1 | -1) {
  const isPaying = state.status === 'paying' ? sign : 0;
  return {
    key: state.planId ?? '',
    paying: isPaying,
    mrr: state.status === 'paying' ? sign * state.mrrCents : 0,
    trials: state.status === 'trial' ? sign : 0,
    cancelling: state.cancelling ? isPaying : 0,
    cancellingMrr: state.cancelling ? isPaying * state.mrrCents : 0,
    failing: state.failing ? isPaying : 0,
    failingMrr: state.failing ? isPaying * state.mrrCents : 0,
  };
}

async function applyNow(tx: DbOrTx, c: ReturnType<typeof counters>) {
  await tx.execute(sql`
    insert into business_now (plan_key, shard, paying, mrr_cents, trials, cancelling, cancelling_mrr_cents, failing, failing_mrr_cents)
    values (${c.key}, 0, ${c.paying}, ${c.mrr}, ${c.trials}, ${c.cancelling}, ${c.cancellingMrr}, ${c.failing}, ${c.failingMrr})
    on conflict (plan_key, shard) do update set paying = business_now.paying + excluded.paying,
      mrr_cents = business_now.mrr_cents + excluded.mrr_cents, trials = business_now.trials + excluded.trials,
      cancelling = business_now.cancelling + excluded.cancelling,
      cancelling_mrr_cents = business_now.cancelling_mrr_cents + excluded.cancelling_mrr_cents,
      failing = business_now.failing + excluded.failing,
      failing_mrr_cents = business_now.failing_mrr_cents + excluded.failing_mrr_cents`);
}

/**
 * Takes a member's ledger to `after`, effective `occurredAt` (a backdated change: an earlier
 * time), writing each entry core's rule names. Returns the kinds written.
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
    const [row] = await rowsOf<StateRow>(
      tx,
      sql`select status, plan_id as "planId", mrr_cents as "mrrCents", (extract(epoch from period_end) * 1000)::float8 as "periodEnd",
            cancelling, failing, has_paid as "hasPaid", (extract(epoch from trial_started_at) * 1000)::float8 as "trialStartedAt"
          from plan_ledger_states where user_id = ${userId} for update`,
    );
    const before: LedgerState = row
      ? { ...row, periodEnd: row.periodEnd === null ? null : new Date(row.periodEnd) }
      : NO_PLAN;
    let hasPaid = row?.hasPaid ?? false;
    let trialStartedAt = row?.trialStartedAt ? new Date(row.trialStartedAt) : null;
    const changes = changesBetween(before, after, { hasPaidBefore: hasPaid, endedByGrace });
    let lastSeq = 0;
    for (const change of changes) {
      if (change.kind === 'trial_started') trialStartedAt = occurredAt;
      const endsTrial = change.kind === 'trial_converted' || change.kind === 'trial_expired';
      const [entry] = await rowsOf<{ seq: number }>(
        tx,
        sql`insert into plan_ledger (user_id, kind, occurred_at, status_before, status_after, plan_before, plan_after,
              mrr_before_cents, mrr_after_cents, cancelling_after, failing_after, period_end_after, movement, trial_started_at)
            values (${userId}, ${change.kind}, ${at(occurredAt)}, ${change.before.status}, ${change.after.status},
              ${change.before.planId}, ${change.after.planId}, ${change.before.mrrCents}, ${change.after.mrrCents},
              ${change.after.cancelling}, ${change.after.failing}, ${at(change.after.periodEnd)}, ${change.movement},
              ${at(endsTrial ? trialStartedAt : null)})
            returning seq::float8 as seq`,
      );
      lastSeq = entry!.seq;
      await applyNow(tx, counters(change.before, -1));
      await applyNow(tx, counters(change.after, 1));
      if (change.after.mrrCents > 0) hasPaid = true;
    }
    if (changes.length > 0)
      await tx.execute(sql`
        insert into plan_ledger_states (user_id, status, plan_id, mrr_cents, period_end, cancelling, failing, has_paid, trial_started_at, last_seq)
        values (${userId}, ${after.status}, ${after.planId}, ${after.mrrCents}, ${at(after.periodEnd)}, ${after.cancelling},
          ${after.failing}, ${hasPaid}, ${at(trialStartedAt)}, ${lastSeq})
        on conflict (user_id) do update set status = excluded.status, plan_id = excluded.plan_id,
          mrr_cents = excluded.mrr_cents, period_end = excluded.period_end, cancelling = excluded.cancelling,
          failing = excluded.failing, has_paid = excluded.has_paid, trial_started_at = excluded.trial_started_at,
          last_seq = excluded.last_seq`);
    return changes.map((change) => change.kind);
  });
}

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
