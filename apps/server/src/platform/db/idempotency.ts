import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import { AppError } from '../../errors.ts';
import type { Database, DbOrTx } from './index.ts';
import { idempotencyKeys } from './schema.ts';

/** The 409's message when a key comes back with another request (the HTTP layer reads the key). */
export const KEY_USED_FOR_ANOTHER_REQUEST = 'This Idempotency-Key was already used for another request';

// Nothing is saved twice. A client sends an Idempotency-Key (a UUID made once per
// action) and sends it again when it retries; the first successful answer is kept and answered
// again, and the retry writes nothing. A refused request (4xx) keeps nothing: it wrote nothing,
// and a retry is judged afresh. The program's writes keep theirs here (`once`), as do a plan change,
// starting the trial and resuming a subscription (`onceAfterwards`).

/** How long a key is kept: a day covers any retry (a phone back online, a reload). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3_600_000;

type Once = { userId: string; key: string | null; route: string; input: unknown };

type Clocked = { db: Database; now: () => Date };

/** What identifies a request under its key: its route and input. */
const requestOf = (route: string, input: unknown) =>
  createHash('sha256')
    .update(`${route}\n${JSON.stringify(input)}`)
    .digest('hex');

/** The answer kept under (member, key) for `request`; a 409 when the key was used for another. */
async function keptAnswer<T>(db: DbOrTx, { userId, key }: { userId: string; key: string }, request: string) {
  const [stored] = await db
    .select({ request: idempotencyKeys.request, body: idempotencyKeys.body })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  if (!stored) return undefined;
  if (stored.request !== request || stored.body === null)
    throw new AppError('CONFLICT', KEY_USED_FOR_ANOTHER_REQUEST);
  return JSON.parse(stored.body) as T;
}

/**
 * Runs `work` in one transaction and answers what it returns, once per (member, key): the key is
 * claimed by an insert first, so a second request with the same key waits for the first to
 * commit and then answers its stored result (or, if the first failed, does the work itself).
 * Without a key, `work` runs on the pool as it is (no BEGIN and COMMIT round trips, its
 * reads side by side), so it must write in one statement; a work of several writes sends a key
 * always (finishing a session requires one).
 */
export async function once<T>(
  deps: Clocked,
  { userId, key, route, input }: Once,
  work: (db: DbOrTx) => Promise<T>,
): Promise<T> {
  if (key === null) return work(deps.db);
  const request = requestOf(route, input);
  return deps.db.transaction(async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ userId, key, request, createdAt: deps.now() })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const stored = await keptAnswer<T>(tx, { userId, key }, request);
      if (stored === undefined) throw new AppError('CONFLICT', KEY_USED_FOR_ANOTHER_REQUEST);
      return stored;
    }
    const body = await work(tx);
    await tx
      .update(idempotencyKeys)
      .set({ body: JSON.stringify(body) })
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    return body;
  });
}

/**
 * `once` for work that cannot run inside a transaction of ours: a call to an outside service (the
 * payment provider), which a transaction would hold a connection open across. The answer is kept
 * after the work succeeds, so a request sent again after its answer was lost gets that answer; a
 * copy racing the first is not held back and does the work again, which must then be safe to do
 * twice (a plan change: the provider changes nothing for a plan the subscription is on).
 */
export async function onceAfterwards<T>(
  deps: Clocked,
  { userId, key, route, input }: Once,
  work: () => Promise<T>,
): Promise<T> {
  if (key === null) return work();
  const request = requestOf(route, input);
  const stored = await keptAnswer<T>(deps.db, { userId, key }, request);
  if (stored !== undefined) return stored;
  const body = await work();
  await deps.db
    .insert(idempotencyKeys)
    .values({ userId, key, request, body: JSON.stringify(body), createdAt: deps.now() })
    .onConflictDoNothing();
  return body;
}

/** Forgets keys older than IDEMPOTENCY_KEY_TTL_MS; hourly, as a queue schedule (jobs.ts). */
export async function deleteExpiredIdempotencyKeys({ db, now }: Clocked) {
  const cutoff = new Date(now().getTime() - IDEMPOTENCY_KEY_TTL_MS);
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, cutoff))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}
