import { randomUUID } from 'node:crypto';
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from './index.ts';
import { namedStatements, type StatementValues } from './prepared.ts';
import { rateLimits } from './schema.ts';

export type RateLimit = { max: number; windowMs: number };

/**
 * Takes one from each key's allowance at once: fixed windows of `windowMs` holding at most `max`,
 * counted in the rate_limits table beside better-auth's own limits, so they hold across server
 * instances. One statement for all the keys (a message's minute and day limits were two
 * round trips): when any key is exhausted none is counted, and each row's own condition keeps
 * concurrent requests from taking the same last one. A refusal says how many seconds remain until
 * the exhausted window starts over.
 *
 * last_request holds when the window ends, not when it began: better-auth deletes every row whose
 * last_request is more than its own longest window (60 s) old, which erased an hour's or a day's
 * count a minute into it (platform/auth/limits.ts keeps its rows the same way).
 */
export async function takeFromLimits(
  db: Database,
  limits: KeyedLimit[],
  now: Date,
): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }> {
  const [row] = await takingStatement(limits.length)(db, limitValues(limits, now));
  if (row?.taken === limits.length) return { ok: true };
  return { ok: false, retryAfterSeconds: await secondsUntilAllowed(db, limits, now) };
}

/** One statement for each number of limits taken at once, written on first use. */
const takingStatement = namedStatements<{ taken: number }>((count) => {
  const taking = limitsTaking(count);
  return sql`with ${taking.ctes} select ${taking.count} as taken`;
});

export type KeyedLimit = RateLimit & { key: string };

/**
 * takeFromLimits as common table expressions, for a write that takes its limits in its own
 * statement (a coaching message): `ctes` go after `with` (the last is `taken`, the keys
 * counted), `count` is how many were taken. All of them, or the write must not happen. Written
 * with placeholders for `count` limits, for a statement built once (prepared.ts): `limitValues`
 * gives their values. `keyOwner`: an expression of the statement the keys end with (a member's id
 * it finds), each placeholder key then being the start of one; null takes nothing. `unless`: a
 * condition of the statement under which nothing is taken (a write it already made).
 */
export function limitsTaking(count: number, { keyOwner, unless }: { keyOwner?: SQL; unless?: SQL } = {}) {
  const wanted = sql.join(
    Array.from(
      { length: count },
      (_, i) =>
        sql`(${sql.placeholder(`limit${i}_id`)}::text, ${sql.placeholder(`limit${i}_key`)}::text,
          ${sql.placeholder(`limit${i}_max`)}::integer, ${sql.placeholder(`limit${i}_end`)}::bigint)`,
    ),
    sql`, `,
  );
  const nowMs = sql`${sql.placeholder('limits_now')}::bigint`;
  return {
    ctes: sql`
    wanted (id, key, max, window_end) as (${
      keyOwner || unless
        ? sql`select id, ${keyOwner ? sql`key || ${keyOwner}` : sql`key`}, max, window_end
          from (values ${wanted}) as v (id, key, max, window_end)
          where ${sql.join(
            [keyOwner && sql`${keyOwner} is not null`, unless && sql`not (${unless})`].filter(
              (c) => c !== undefined,
            ),
            sql` and `,
          )}`
        : sql`values ${wanted}`
    }),
    exhausted as (
      select 1 from ${rateLimits} r join wanted w on w.key = r.key
      where r.last_request > ${nowMs} and r.count >= w.max
    ),
    taken as (
      insert into ${rateLimits} as r (id, key, count, last_request)
      select id, key, 1, window_end from wanted where not exists (select 1 from exhausted)
      on conflict (key) do update set
        count = case when r.last_request <= ${nowMs} then 1 else r.count + 1 end,
        last_request = case when r.last_request <= ${nowMs} then excluded.last_request else r.last_request end
      where r.last_request <= ${nowMs} or r.count < (select w.max from wanted w where w.key = r.key)
      returning r.key
    )`,
    count: sql`(select count(*)::integer from taken)`,
  };
}

/** The values of `limitsTaking(limits.length)`'s placeholders: these limits, taken at `now`. */
export function limitValues(limits: KeyedLimit[], now: Date): StatementValues {
  const nowMs = now.getTime();
  const values: StatementValues = { limits_now: nowMs };
  limits.forEach(({ key, max, windowMs }, i) => {
    values[`limit${i}_id`] = randomUUID();
    values[`limit${i}_key`] = key;
    values[`limit${i}_max`] = max;
    values[`limit${i}_end`] = nowMs + windowMs;
  });
  return values;
}

/** After a refusal: the seconds until every exhausted window of `limits` has started over. */
export async function secondsUntilAllowed(db: Database, limits: KeyedLimit[], now: Date) {
  const nowMs = now.getTime();
  const rows = await db
    .select({ key: rateLimits.key, count: rateLimits.count, windowEnd: rateLimits.lastRequest })
    .from(rateLimits)
    .where(
      inArray(
        rateLimits.key,
        limits.map((limit) => limit.key),
      ),
    );
  const remainingMs = Math.max(
    0,
    ...rows
      .filter(
        (row) => row.windowEnd > nowMs && row.count >= (limits.find((l) => l.key === row.key)?.max ?? 0),
      )
      .map((row) => row.windowEnd - nowMs),
  );
  return Math.max(1, Math.ceil(remainingMs / 1000));
}
