import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from './index.ts';
import { rateLimits } from './schema.ts';

export type RateLimit = { max: number; windowMs: number };

/**
 * Takes one from `key`'s allowance: a fixed window of `windowMs` holding at most `max`, counted in
 * the rate_limits table beside better-auth's own limits, so it holds across server instances. One
 * statement, so concurrent requests cannot both take the last one. A refusal changes nothing and
 * tells how many seconds remain until the window starts over.
 */
export async function takeFromLimit(
  db: Database,
  key: string,
  limit: RateLimit,
  now: Date,
): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }> {
  const nowMs = now.getTime();
  const expired = sql`${rateLimits.lastRequest} <= ${nowMs - limit.windowMs}`;
  // For these keys last_request holds the start of the current window.
  const taken = await db
    .insert(rateLimits)
    .values({ id: randomUUID(), key, count: 1, lastRequest: nowMs })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        lastRequest: sql`case when ${expired} then ${nowMs} else ${rateLimits.lastRequest} end`,
      },
      setWhere: sql`${expired} or ${rateLimits.count} < ${limit.max}`,
    })
    .returning({ count: rateLimits.count });
  if (taken.length > 0) return { ok: true };
  const [row] = await db
    .select({ windowStart: rateLimits.lastRequest })
    .from(rateLimits)
    .where(eq(rateLimits.key, key));
  const remainingMs = (row?.windowStart ?? nowMs) + limit.windowMs - nowMs;
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(remainingMs / 1000)) };
}
