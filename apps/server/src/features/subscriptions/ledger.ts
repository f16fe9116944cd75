import {
  changesBetween,
  type LedgerChange,
  type LedgerState,
  ledgerStateOf,
  NO_PLAN,
} from '@core28/core/plan-ledger';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index.ts';
import { businessNow, planLedger, planLedgerStates, type subscribers } from '../../platform/db/schema.ts';

// The writer of the plan ledger (docs/decisions/0028 §Writing the ledger). Every change of a
// member's plan state is written by `recordPlanState` in the transaction that changes the row,
// from the state the ledger last knew (plan_ledger_states) to what the row says now, with the
// live counters (business_now) moved by the same difference. A change found again (a replayed
// event, a second re-read) finds the state already there and writes nothing.

type Row = typeof subscribers.$inferSelect;
type StoredState = typeof planLedgerStates.$inferSelect;

/** The provider's ids an entry carries (none for a trial or a time-based end). */
export type LedgerSource = {
  provider?: string | null;
  providerSubscriptionId?: string | null;
  providerEventId?: string | null;
};

const DAY_MS = 86_400_000;

/** The member's ledger state, locked until the transaction ends; a first one is made as "no plan". */
export async function lockState(tx: DbOrTx, userId: string): Promise<StoredState> {
  const read = () =>
    tx.select().from(planLedgerStates).where(eq(planLedgerStates.userId, userId)).for('update');
  const [found] = await read();
  if (found) return found;
  await tx
    .insert(planLedgerStates)
    .values({ userId, ...NO_PLAN, hasPaid: false, lastSeq: 0 })
    .onConflictDoNothing();
  const [made] = await read();
  if (!made) throw new Error(`no plan ledger state for ${userId}`);
  return made;
}

export const stateOf = (s: StoredState): LedgerState => ({
  status: s.status,
  planId: s.planId,
  mrrCents: s.mrrCents,
  periodEnd: s.periodEnd,
  cancelling: s.cancelling,
  failing: s.failing,
});

const earliest = (...dates: (Date | null | undefined)[]) =>
  new Date(Math.min(...dates.filter((d): d is Date => d instanceof Date).map((d) => d.getTime())));

/**
 * When the stored plan ended by itself before `at` (a trial's end, a grace's end, a paid period
 * with no renewal): the time it ended, so the end is written then and whatever the write brings
 * (a new checkout) follows from no plan, whenever the sweep last ran. A renewal of the same
 * subscription arriving after its period end continues the plan.
 */
function endedBefore(
  before: LedgerState,
  {
    previous,
    row,
    after,
    at,
    graceDays,
  }: { previous: Row | null; row: Row | null; after: LedgerState; at: Date; graceDays: number },
): Date | null {
  if (before.status === 'trial') return before.periodEnd && before.periodEnd <= at ? before.periodEnd : null;
  if (before.status !== 'paying') return null;
  const failedAt = previous?.paymentFailedAt ?? null;
  if (before.failing && failedAt) {
    const graceEnd = new Date(failedAt.getTime() + graceDays * DAY_MS);
    return graceEnd <= at ? graceEnd : null;
  }
  const isContinued =
    after.status === 'paying' &&
    (previous?.providerSubscriptionId ?? null) === (row?.providerSubscriptionId ?? null);
  return !before.failing && !isContinued && before.periodEnd && before.periodEnd <= at
    ? before.periodEnd
    : null;
}

/** What one member's state adds to the live counters (business_now's columns, by plan). */
function contributionOf(state: LedgerState) {
  const paying = state.status === 'paying' ? 1 : 0;
  return {
    planKey: state.status === 'paying' ? (state.planId ?? '') : '',
    paying,
    mrrCents: paying * state.mrrCents,
    trials: state.status === 'trial' ? 1 : 0,
    cancelling: paying && state.cancelling ? 1 : 0,
    cancellingMrrCents: paying && state.cancelling ? state.mrrCents : 0,
    failing: paying && state.failing ? 1 : 0,
    failingMrrCents: paying && state.failing ? state.mrrCents : 0,
  };
}
type Contribution = ReturnType<typeof contributionOf>;
const COUNTERS = [
  'paying',
  'mrrCents',
  'trials',
  'cancelling',
  'cancellingMrrCents',
  'failing',
  'failingMrrCents',
] as const;

/**
 * Moves business_now from `before` to `after`: the deltas land on this connection's shard
 * (`pg_backend_pid() % 32`), so members changing at once do not wait on one row; readers sum a
 * plan's shards.
 */
async function moveCounters(tx: DbOrTx, before: LedgerState, after: LedgerState) {
  const deltas = new Map<string, Contribution>();
  for (const [state, sign] of [
    [before, -1],
    [after, 1],
  ] as const) {
    const c = contributionOf(state);
    const sum = deltas.get(c.planKey) ?? { ...contributionOf(NO_PLAN), planKey: c.planKey };
    for (const k of COUNTERS) sum[k] += sign * c[k];
    deltas.set(c.planKey, sum);
  }
  for (const delta of deltas.values()) {
    if (COUNTERS.every((k) => delta[k] === 0)) continue;
    const add = Object.fromEntries(
      COUNTERS.map((k) => [k, sql`${businessNow[k]} + excluded.${sql.identifier(businessNow[k].name)}`]),
    );
    await tx
      .insert(businessNow)
      .values({ ...delta, shard: sql`(pg_backend_pid() % 32)::smallint` })
      .onConflictDoUpdate({ target: [businessNow.planKey, businessNow.shard], set: add });
  }
}

type Timed = LedgerChange & { occurredAt: Date };

/**
 * Writes the ledger entries that take a member from the state the ledger last knew to what
 * `row` (their subscribers row after the write; null: gone) says at `at`, moves the live
 * counters, and keeps the new state. Call it in the transaction that wrote the row, after the
 * write. `previous`: the row before the write (the sweep: the same row), which tells a plan that
 * ended by itself earlier from one continued by this write. `occurredAt`: when the change took
 * effect (the provider event's time; `at` when not given, never later than `at`); an end found
 * late is dated when it happened (a trial's or grace's end, the period's end).
 * Returns the number of entries written.
 */
export async function recordPlanState(
  tx: DbOrTx,
  {
    userId,
    previous,
    row,
    at,
    occurredAt = at,
    graceDays,
    source = {},
  }: {
    userId: string;
    previous?: Row | null;
    row: Row | null;
    at: Date;
    occurredAt?: Date;
    graceDays: number;
    source?: LedgerSource;
  },
): Promise<number> {
  const stored = await lockState(tx, userId);
  const before = stateOf(stored);
  const after = ledgerStateOf(row, { at, graceDays });
  const when = earliest(occurredAt, at);
  const prior = previous === undefined ? row : previous;
  const failedAt = prior?.paymentFailedAt ?? null;
  const naturalEnd = (state: LedgerState) =>
    state.status === 'trial'
      ? state.periodEnd
      : state.failing && failedAt
        ? new Date(failedAt.getTime() + graceDays * DAY_MS)
        : state.periodEnd;
  const endedAt = endedBefore(before, { previous: prior, row, after, at, graceDays });

  const changes: Timed[] = [];
  let hasPaid = stored.hasPaid;
  const add = (list: LedgerChange[], at: (change: LedgerChange) => Date) => {
    for (const change of list) {
      changes.push({ ...change, occurredAt: at(change) });
      if (change.after.mrrCents > 0) hasPaid = true;
    }
  };
  const endedByGrace = before.failing;
  // A renewal that failed and whose grace is over by the time it is heard of (the sweep ran
  // after both): the failure, then the grace's end, each when it happened.
  const lapsedFailing =
    !endedAt &&
    before.status === 'paying' &&
    !before.failing &&
    after.status === 'none' &&
    row?.paymentFailedAt
      ? ledgerStateOf(row, { at: row.paymentFailedAt, graceDays })
      : null;
  if (endedAt) {
    add(changesBetween(before, NO_PLAN, { hasPaidBefore: hasPaid, endedByGrace }), () => endedAt);
    add(changesBetween(NO_PLAN, after, { hasPaidBefore: hasPaid }), () => when);
  } else if (lapsedFailing?.status === 'paying' && lapsedFailing.failing && row?.paymentFailedAt) {
    const failedAt = earliest(row.paymentFailedAt, when);
    add(changesBetween(before, lapsedFailing, { hasPaidBefore: hasPaid }), () => failedAt);
    const graceEnd = earliest(new Date(row.paymentFailedAt.getTime() + graceDays * DAY_MS), when);
    add(
      changesBetween(lapsedFailing, NO_PLAN, { hasPaidBefore: hasPaid, endedByGrace: true }),
      () => graceEnd,
    );
  } else
    add(changesBetween(before, after, { hasPaidBefore: hasPaid, endedByGrace }), (change) => {
      const isEnd = change.after.status === 'none' && change.before.status !== 'none';
      const end = isEnd ? naturalEnd(change.before) : null;
      return end && end < when ? end : when;
    });

  const trialStartedAt = changes.find((c) => c.kind === 'trial_started')?.occurredAt ?? stored.trialStartedAt;
  let lastSeq = stored.lastSeq;
  if (changes.length > 0) {
    const written = await tx
      .insert(planLedger)
      .values(
        changes.map((c) => ({
          userId,
          kind: c.kind,
          occurredAt: c.occurredAt,
          statusBefore: c.before.status,
          statusAfter: c.after.status,
          planBefore: c.before.planId,
          planAfter: c.after.planId,
          mrrBeforeCents: c.before.mrrCents,
          mrrAfterCents: c.after.mrrCents,
          cancellingAfter: c.after.cancelling,
          failingAfter: c.after.failing,
          periodEndAfter: c.after.periodEnd,
          movement: c.movement,
          trialStartedAt:
            c.kind === 'trial_converted' || c.kind === 'trial_expired' ? stored.trialStartedAt : null,
          provider: source.provider ?? null,
          providerSubscriptionId: source.providerSubscriptionId ?? null,
          providerEventId: source.providerEventId ?? null,
        })),
      )
      .returning({ seq: planLedger.seq });
    lastSeq = Math.max(...written.map((w) => w.seq));
    await moveCounters(tx, before, after);
  }
  const isPeriodMoved = before.periodEnd?.getTime() !== after.periodEnd?.getTime();
  if (changes.length > 0 || isPeriodMoved)
    await tx
      .update(planLedgerStates)
      .set({ ...after, hasPaid, trialStartedAt, lastSeq })
      .where(eq(planLedgerStates.userId, userId));
  return changes.length;
}
