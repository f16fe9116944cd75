import { and, asc, eq, lte, ne, sql } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { planLedgerStates, subscribers } from '../../platform/db/schema.ts';
import { deliverProviderEvents, type EventDeps, syncSubscription } from './events.ts';
import { recordPlanState } from './ledger.ts';

// Plans end with time as well as by events: a trial runs out, a failed payment's grace ends, a
// paid period ends with no renewal. No row changes then, so this sweep writes those ends: it
// reads the ledger's states whose period (or trial) is over and those failing (two partial
// indexes, migration 0030: a few rows at any number of members), settles each paid one with the
// provider first (a renewal it made is a renewal, not an end), and records what the row says now.

/** Members looked at per run; the rest wait for the next run, oldest ends first. */
const BATCH = 2_000;

export async function recordTimeBasedEnds(deps: EventDeps & Pick<Deps, 'log'>): Promise<number> {
  await deliverProviderEvents(deps);
  const now = deps.now();
  const ended = await deps.db
    .select({ userId: planLedgerStates.userId })
    .from(planLedgerStates)
    .where(and(ne(planLedgerStates.status, 'none'), lte(planLedgerStates.periodEnd, now)))
    .orderBy(asc(planLedgerStates.periodEnd))
    .limit(BATCH);
  const failing = await deps.db
    .select({ userId: planLedgerStates.userId })
    .from(planLedgerStates)
    .where(sql`${planLedgerStates.failing}`) // the partial index's own predicate
    .limit(BATCH);
  let written = 0;
  for (const userId of new Set([...ended, ...failing].map((m) => m.userId))) {
    try {
      written += await recordMember(deps, userId, now);
    } catch (err) {
      // The provider could not say whether it renewed: the next run asks again.
      deps.log.warn({ err, userId }, 'a plan that may have ended could not be settled');
    }
  }
  return written;
}

async function recordMember(deps: EventDeps, userId: string, now: Date) {
  const [known] = await deps.db.select().from(subscribers).where(eq(subscribers.userId, userId));
  const isPaid = known && !known.isTrial && known.subscribed && known.providerSubscriptionId;
  // The re-read writes the provider's answer, and its ledger entries, itself.
  if (isPaid && known.providerSubscriptionId)
    await syncSubscription(deps, { subscriptionId: known.providerSubscriptionId, userId, occurredAt: now });
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(subscribers).where(eq(subscribers.userId, userId)).for('update');
    return recordPlanState(tx, {
      userId,
      row: row ?? null,
      at: now,
      graceDays: deps.config.paymentGraceDays,
    });
  });
}
