import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { KEY_USED_FOR_ANOTHER_REQUEST } from '../../http/idempotency-key.ts';
import type { DbOrTx } from '../../platform/db/index.ts';
import { idempotencyKeys } from '../../platform/db/schema.ts';

// Issue 17: "nothing is saved twice". A client sends an Idempotency-Key (a UUID made once per
// action) and sends it again when it retries; the first successful answer is kept and answered
// again, and the retry writes nothing. A refused request (4xx) keeps nothing: it wrote nothing,
// and a retry is judged afresh.

/** How long a key is kept: a day covers any retry (a phone back online, a reload). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3_600_000;

/** How long the longest-waiting queued write may say it waited: a month (issue 21). */
const MAX_QUEUED_MS = 30 * 24 * 3_600_000;

/**
 * Issue 21: how long a write waited in the web's offline queue (the `X-Queued-Ms` header, both
 * ends measured by the one browser clock, so a device whose clock is off does not matter); 0
 * without it, at most a month; anything but whole milliseconds is a 400.
 */
export function queuedMs(header: string | undefined): number {
  if (header === undefined || header.trim() === '') return 0;
  if (!/^\d{1,15}$/.test(header.trim()))
    throw new AppError('BAD_REQUEST', 'X-Queued-Ms must be a whole number of milliseconds');
  return Math.min(Number(header.trim()), MAX_QUEUED_MS);
}

type Once = { userId: string; key: string | null; route: string; input: unknown };

/**
 * Runs `work` in one transaction and answers what it returns, once per (member, key): the key is
 * claimed by an insert first, so a second request with the same key waits for the first to
 * commit and then answers its stored result (or, if the first failed, does the work itself).
 * Without a key, `work` runs on the pool as it is (issue 23: no BEGIN and COMMIT round trips, its
 * reads side by side), so it must write in one statement; a work of several writes sends a key
 * always (finishing a session requires one).
 */
export async function once<T>(
  deps: Pick<Deps, 'db' | 'now'>,
  { userId, key, route, input }: Once,
  work: (db: DbOrTx) => Promise<T>,
): Promise<T> {
  if (key === null) return work(deps.db);
  const request = createHash('sha256')
    .update(`${route}\n${JSON.stringify(input)}`)
    .digest('hex');
  return deps.db.transaction(async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ userId, key, request, createdAt: deps.now() })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [stored] = await tx
        .select({ request: idempotencyKeys.request, body: idempotencyKeys.body })
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      if (!stored || stored.request !== request || stored.body === null)
        throw new AppError('CONFLICT', KEY_USED_FOR_ANOTHER_REQUEST);
      return JSON.parse(stored.body) as T;
    }
    const body = await work(tx);
    await tx
      .update(idempotencyKeys)
      .set({ body: JSON.stringify(body) })
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    return body;
  });
}

/** Forgets keys older than IDEMPOTENCY_KEY_TTL_MS; hourly, as a queue schedule (jobs.ts). */
export async function deleteExpiredIdempotencyKeys({ db, now }: Pick<Deps, 'db' | 'now'>) {
  const cutoff = new Date(now().getTime() - IDEMPOTENCY_KEY_TTL_MS);
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, cutoff))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}
