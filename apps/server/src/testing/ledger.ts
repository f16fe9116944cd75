import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/index.ts';
import { businessNow, planLedger, planLedgerStates } from '../platform/db/schema.ts';

// Reads of the plan ledger and its live figures, for the tests that check what was written.

/** A member's entries in the order they were written. */
export const ledgerOf = (db: DbOrTx, userId: string) =>
  db.select().from(planLedger).where(eq(planLedger.userId, userId)).orderBy(asc(planLedger.seq));

/** A member's entries as `kind` or `kind:movement` strings, money with its amount. */
export async function kindsOf(db: DbOrTx, userId: string) {
  return (await ledgerOf(db, userId)).map((e) =>
    e.amountCents !== 0 ? `${e.kind}:${e.amountCents}` : e.movement ? `${e.kind}:${e.movement}` : e.kind,
  );
}

export const ledgerStateOfMember = async (db: DbOrTx, userId: string) =>
  (await db.select().from(planLedgerStates).where(eq(planLedgerStates.userId, userId)))[0] ?? null;

export type LiveFigures = {
  paying: number;
  mrrCents: number;
  trials: number;
  cancelling: number;
  cancellingMrrCents: number;
  failing: number;
  failingMrrCents: number;
  /** Paying members by plan (plans with none left out). */
  byPlan: Record<string, number>;
};

/** business_now summed over its shards, as the owner's page reads it. */
export async function liveFigures(db: DbOrTx): Promise<LiveFigures> {
  const rows = await db
    .select({
      planKey: businessNow.planKey,
      paying: sql<number>`sum(${businessNow.paying})`.mapWith(Number),
      mrrCents: sql<number>`sum(${businessNow.mrrCents})`.mapWith(Number),
      trials: sql<number>`sum(${businessNow.trials})`.mapWith(Number),
      cancelling: sql<number>`sum(${businessNow.cancelling})`.mapWith(Number),
      cancellingMrrCents: sql<number>`sum(${businessNow.cancellingMrrCents})`.mapWith(Number),
      failing: sql<number>`sum(${businessNow.failing})`.mapWith(Number),
      failingMrrCents: sql<number>`sum(${businessNow.failingMrrCents})`.mapWith(Number),
    })
    .from(businessNow)
    .groupBy(businessNow.planKey);
  const figures: LiveFigures = {
    paying: 0,
    mrrCents: 0,
    trials: 0,
    cancelling: 0,
    cancellingMrrCents: 0,
    failing: 0,
    failingMrrCents: 0,
    byPlan: {},
  };
  for (const row of rows) {
    for (const key of [
      'paying',
      'mrrCents',
      'trials',
      'cancelling',
      'cancellingMrrCents',
      'failing',
      'failingMrrCents',
    ] as const)
      figures[key] += row[key];
    if (row.paying !== 0) figures.byPlan[row.planKey] = row.paying;
  }
  return figures;
}

/** Money in the ledger: collected (invoices paid) and refunded (a positive number). */
export async function moneyOf(db: DbOrTx) {
  const [row] = await db
    .select({
      collected:
        sql<number>`coalesce(sum(${planLedger.amountCents}) filter (where ${planLedger.kind} = 'invoice_paid'), 0)`.mapWith(
          Number,
        ),
      refunded:
        sql<number>`coalesce(-sum(${planLedger.amountCents}) filter (where ${planLedger.kind} = 'refunded'), 0)`.mapWith(
          Number,
        ),
    })
    .from(planLedger);
  return { collected: row?.collected ?? 0, refunded: row?.refunded ?? 0 };
}

/** The live figures recomputed from every member's ledger state: business_now must equal them. */
export async function figuresFromStates(db: DbOrTx): Promise<LiveFigures> {
  const states = await db.select().from(planLedgerStates);
  const figures: LiveFigures = {
    paying: 0,
    mrrCents: 0,
    trials: 0,
    cancelling: 0,
    cancellingMrrCents: 0,
    failing: 0,
    failingMrrCents: 0,
    byPlan: {},
  };
  for (const s of states) {
    if (s.status === 'trial') figures.trials++;
    if (s.status !== 'paying' || !s.planId) continue;
    figures.paying++;
    figures.mrrCents += s.mrrCents;
    figures.byPlan[s.planId] = (figures.byPlan[s.planId] ?? 0) + 1;
    if (s.cancelling) {
      figures.cancelling++;
      figures.cancellingMrrCents += s.mrrCents;
    }
    if (s.failing) {
      figures.failing++;
      figures.failingMrrCents += s.mrrCents;
    }
  }
  return figures;
}
