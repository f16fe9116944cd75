import {
  type LedgerRow,
  type LedgerState,
  ledgerStateOf,
  NO_PLAN,
  replayLedger,
} from '@core28/core/plan-ledger';
import type { CheckoutPlanId } from '@core28/core/plans';
import { and, asc, gt, lte, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rawRows } from '../../platform/db/index.ts';
import { planLedger, planLedgerStates, subscribers } from '../../platform/db/schema.ts';

// `npm run ledger:verify` (docs/operations.md, docs/decisions/0028): each member's ledger replayed
// and compared with their plan now and with plan_ledger_states, and business_now with the sums of
// plan_ledger_states. Members are read a page of user ids at a time (keyset), so a million
// members' entries are never in memory at once; one read-only snapshot holds the whole check.

/** A field that differs; `where` says which comparison found it. */
export type LedgerDifference = {
  where: 'plan' | 'pending' | 'states' | 'business_now';
  /** The member (or, for business_now, the plan key: '' for trials). */
  id: string;
  field: string;
  /** What the ledger says (for business_now: the kept counter). */
  ledger: string;
  /** What it should say: the member's plan now, or the sum of plan_ledger_states. */
  expected: string;
};

export type LedgerVerification = {
  at: Date;
  members: number;
  entries: number;
  differences: number;
  pending: number;
};

/** Two hourly sweeps: a trial or a period that ended less long ago than this may not be recorded yet. */
export const PENDING_WINDOW_MS = 2 * 3_600_000;
const FIELDS = ['status', 'planId', 'mrrCents', 'cancelling', 'failing'] as const;

const differencesOf = (ledger: LedgerState, expected: LedgerState) =>
  FIELDS.filter((field) => ledger[field] !== expected[field]).map((field) => ({
    field,
    ledger: String(ledger[field]),
    expected: String(expected[field]),
  }));

export async function verifyLedger(
  db: DbOrTx,
  {
    at,
    pendingWindowMs = PENDING_WINDOW_MS,
    pageSize = 2_000,
    report,
  }: {
    /** The time plans are read at (default: the snapshot's own now()). */
    at?: Date;
    pendingWindowMs?: number;
    pageSize?: number;
    report: (difference: LedgerDifference) => void;
  },
): Promise<LedgerVerification> {
  const [{ now }] = (await rawRows<{ now: Date | string }>(db, sql`select now() as now`)) as [
    { now: Date | string },
  ];
  const result: LedgerVerification = {
    at: at ?? new Date(now),
    members: 0,
    entries: 0,
    differences: 0,
    pending: 0,
  };
  const found = (difference: LedgerDifference) => {
    if (difference.where === 'pending') result.pending += 1;
    else result.differences += 1;
    report(difference);
  };
  let after: string | null = null;
  for (;;) {
    const ids = await pageOfIds(db, after, pageSize);
    const last = ids.at(-1);
    if (last === undefined) break;
    // The last page reaches every id past it, so a ledger member with no row at all is read too.
    const upTo = ids.length === pageSize ? last : null;
    await verifyPage(db, { after, upTo, at: result.at, pendingWindowMs, result, found });
    after = last;
    if (!upTo) break;
  }
  await verifyBusinessNow(db, found);
  return result;
}

async function pageOfIds(db: DbOrTx, after: string | null, limit: number) {
  const past = (column: SQL) => (after === null ? sql`true` : sql`${column} > ${after}`);
  const rows = await rawRows<{ user_id: string }>(
    db,
    sql`select user_id from (
      (select user_id from subscribers where ${past(sql`user_id`)} order by user_id limit ${limit})
      union
      (select user_id from plan_ledger_states where ${past(sql`user_id`)} order by user_id limit ${limit})
    ) ids order by user_id limit ${limit}`,
  );
  return rows.map((row) => row.user_id);
}

type PageOptions = {
  after: string | null;
  upTo: string | null;
  at: Date;
  pendingWindowMs: number;
  result: LedgerVerification;
  found: (difference: LedgerDifference) => void;
};

async function verifyPage(db: DbOrTx, { after, upTo, at, pendingWindowMs, result, found }: PageOptions) {
  const inRange = (
    column: typeof subscribers.userId | typeof planLedger.userId | typeof planLedgerStates.userId,
  ) => and(after === null ? undefined : gt(column, after), upTo === null ? undefined : lte(column, upTo));
  // One after another: the snapshot is one connection's.
  const rows = await db.select().from(subscribers).where(inRange(subscribers.userId));
  const states = await db.select().from(planLedgerStates).where(inRange(planLedgerStates.userId));
  const entries = await db
    .select()
    .from(planLedger)
    .where(inRange(planLedger.userId))
    .orderBy(asc(planLedger.userId), asc(planLedger.seq));
  const rowOf = new Map(rows.map((row) => [row.userId, row]));
  const stateOf = new Map(states.map((state) => [state.userId, state]));
  const entriesOf = new Map<string, (typeof entries)[number][]>();
  for (const entry of entries) {
    const list = entriesOf.get(entry.userId) ?? [];
    list.push(entry);
    entriesOf.set(entry.userId, list);
  }
  result.entries += entries.length;
  const members = new Set([...rowOf.keys(), ...stateOf.keys(), ...entriesOf.keys()]);
  for (const id of members) {
    result.members += 1;
    const own = entriesOf.get(id) ?? [];
    const ledger = replayLedger(
      own.map((entry) => ({
        kind: entry.kind,
        after: {
          status: entry.statusAfter,
          planId: entry.planAfter as CheckoutPlanId | null,
          mrrCents: entry.mrrAfterCents,
          periodEnd: entry.periodEndAfter,
          cancelling: entry.cancellingAfter,
          failing: entry.failingAfter,
        },
      })),
    );
    const row = rowOf.get(id);
    const ledgerRow: LedgerRow | null = row ? { ...row, planId: row.planId as CheckoutPlanId | null } : null;
    const plan = ledgerStateOf(ledgerRow, { at });
    const differences = differencesOf(ledger, plan);
    // Only the clock moved (a trial, a period or a grace ended since): the sweep records it.
    const isPending =
      differences.length > 0 &&
      differencesOf(ledger, ledgerStateOf(ledgerRow, { at: new Date(at.getTime() - pendingWindowMs) }))
        .length === 0;
    for (const d of differences) found({ where: isPending ? 'pending' : 'plan', id, ...d });

    const stored = stateOf.get(id);
    const kept: LedgerState = stored
      ? {
          status: stored.status,
          planId: stored.planId as CheckoutPlanId | null,
          mrrCents: stored.mrrCents,
          periodEnd: stored.periodEnd,
          cancelling: stored.cancelling,
          failing: stored.failing,
        }
      : NO_PLAN;
    if (own.length > 0 && !stored)
      found({ where: 'states', id, field: 'row', ledger: `${own.length} entries`, expected: 'a row' });
    for (const d of differencesOf(ledger, kept)) found({ where: 'states', id, ...d });
  }
}

const COUNTERS = [
  'paying',
  'mrr_cents',
  'trials',
  'cancelling',
  'cancelling_mrr_cents',
  'failing',
  'failing_mrr_cents',
] as const;

/** business_now (summed over its shards) against the same figures summed from plan_ledger_states. */
async function verifyBusinessNow(db: DbOrTx, found: (difference: LedgerDifference) => void) {
  const rows = await rawRows<
    Record<(typeof COUNTERS)[number], string | number> & { plan_key: string; side: string }
  >(
    db,
    sql`select 'kept' as side, plan_key, sum(paying) as paying, sum(mrr_cents) as mrr_cents,
        sum(trials) as trials, sum(cancelling) as cancelling,
        sum(cancelling_mrr_cents) as cancelling_mrr_cents, sum(failing) as failing,
        sum(failing_mrr_cents) as failing_mrr_cents
      from business_now group by plan_key
      union all
      select 'summed', coalesce(plan_id, ''),
        count(*) filter (where status = 'paying'),
        coalesce(sum(mrr_cents) filter (where status = 'paying'), 0),
        count(*) filter (where status = 'trial'),
        count(*) filter (where status = 'paying' and cancelling),
        coalesce(sum(mrr_cents) filter (where status = 'paying' and cancelling), 0),
        count(*) filter (where status = 'paying' and failing),
        coalesce(sum(mrr_cents) filter (where status = 'paying' and failing), 0)
      from plan_ledger_states where status <> 'none' group by coalesce(plan_id, '')`,
  );
  const byKey = new Map<string, { kept?: (typeof rows)[number]; summed?: (typeof rows)[number] }>();
  for (const row of rows) byKey.set(row.plan_key, { ...byKey.get(row.plan_key), [row.side]: row });
  for (const [key, { kept, summed }] of [...byKey].sort(([a], [b]) => a.localeCompare(b)))
    for (const field of COUNTERS) {
      const [k, s] = [Number(kept?.[field] ?? 0), Number(summed?.[field] ?? 0)];
      if (k !== s) found({ where: 'business_now', id: key, field, ledger: String(k), expected: String(s) });
    }
}

/** One line for a difference, as `ledger:verify` prints it. */
export function describeDifference(d: LedgerDifference): string {
  switch (d.where) {
    case 'plan':
      return `member ${d.id}: ${d.field}: ledger ${d.ledger} ≠ plan ${d.expected}`;
    case 'pending':
      return `member ${d.id}: ${d.field}: ledger ${d.ledger} ≠ plan ${d.expected} (pending the sweep)`;
    case 'states':
      return `member ${d.id}: plan_ledger_states.${d.field}: ${d.expected} ≠ ledger ${d.ledger}`;
    case 'business_now':
      return `business_now '${d.id}': ${d.field}: ${d.ledger} ≠ ${d.expected} summed from plan_ledger_states`;
  }
}

/**
 * `npm run ledger:verify`: the check in one read-only snapshot (so entries written meanwhile
 * cannot show as differences), each finding printed as found, then one summary line. 0: the
 * ledger agrees (members pending the sweep are printed, not failed); 1: a difference.
 */
export async function runLedgerVerify(
  db: Pick<DbOrTx, 'transaction'>,
  {
    print,
    pendingWindowMs = PENDING_WINDOW_MS,
    pageSize,
  }: { print: (line: string) => void; pendingWindowMs?: number; pageSize?: number },
): Promise<0 | 1> {
  const started = performance.now();
  const result = await db.transaction(
    (tx) => verifyLedger(tx, { pendingWindowMs, pageSize, report: (d) => print(describeDifference(d)) }),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const counted = `${result.members} members, ${result.entries} entries replayed at ${result.at.toISOString()}`;
  const pending = result.pending > 0 ? `; ${result.pending} pending the sweep` : '';
  if (result.differences === 0) {
    print(`Ledger OK: ${counted}; business_now matches plan_ledger_states${pending} (${seconds} s)`);
    return 0;
  }
  print(`Ledger differs: ${result.differences} differences in ${counted}${pending} (${seconds} s)`);
  return 1;
}
