import type { MemberListQuery } from '@core28/core/admin';
import { memberScopeOf, type Staff } from '@core28/core/staff';
import { type SQL, sql } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { rowsOf } from '../../platform/db/index.ts';
import { localTodaySql, missedFromKeysSql } from '../program/service.ts';

// The member list at a million members (docs/decisions/0030, "The admin pages at 1M"). Where the
// list is every member's (the owner's, or a coach with every member) and not searched, its total is
// a sum over member_list_counts, and "sorted by days missed" reads member_list_keys' indexes:
// counting or sorting every member per page view took seconds there. A search or a coach's own
// members are a few thousand rows at most, counted as before (member-list.ts).

/** Whether the kept keys answer this list: every member, no search. */
export const keysAnswer = (query: MemberListQuery, staff: Staff | null) =>
  !query.search && memberScopeOf(staff) === 'all';

/**
 * The list's filters on a table with the keys' columns (member_list_keys or member_list_counts);
 * `today` is the member's local date (the counters join it per zone: a zone's conversion per row
 * cost more than the sum).
 */
function keyFilters(table: 'k' | 'c', { plan, burn, missed, falling }: MemberListQuery, today: SQL) {
  const column = (name: string) => sql.raw(`${table}.${name}`);
  const conditions: SQL[] = [sql`true`];
  if (plan === 'paid' || plan === 'trial') conditions.push(sql`${column('plan')} = ${plan}`);
  if (burn === 'true') conditions.push(sql`${column('burn')}`);
  if (falling === 'true') conditions.push(sql`${column('falling')}`);
  if (missed > 0)
    conditions.push(
      sql`${column('top_day_on')} is not null and ${missedFromKeysSql(
        { top: column('top_day_on'), second: column('second_day_on'), third: column('third_day_on') },
        today,
      )} >= ${missed}`,
    );
  return sql.join(conditions, sql` and `);
}

/** The list's total: the counters' sum over the keys it matches (a few thousand rows). */
export async function countListedMembers(
  { db }: Pick<Deps, 'db'>,
  query: MemberListQuery,
  now: Date,
): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select coalesce(sum(c.members), 0)::int as n
        from member_list_counts c
        join (select z.time_zone, ${localTodaySql(sql`z.time_zone`, now)} as today
              from (select distinct time_zone from member_list_counts) z) z on z.time_zone = c.time_zone
        where ${keyFilters('c', query, sql`z.today`)}`,
  );
  return row?.n ?? 0;
}

const DAY_MS = 86_400_000;
const isoDate = (at: Date) => at.toISOString().slice(0, 10);

/**
 * A page "sorted by days missed" (the most first, then the newest): the ids, or null when the
 * keys' indexes cannot bound it (then the caller sorts every member). Days missed are today's
 * local date minus the last completed day's; today is within a day of the UTC date in every zone.
 * The first `offset + size` members by highest completed day (θ the last's) have each missed at
 * least m = (UTC date - 2) - θ days; any member with m or more has their last completed day, so
 * their third highest, on θ + 2 or before: those few are sorted exactly.
 */
export async function listMissedPage(
  { db }: Pick<Deps, 'db'>,
  query: MemberListQuery,
  now: Date,
): Promise<string[] | null> {
  const { page, pageSize } = query;
  const reach = page * pageSize;
  const filters = keyFilters('k', { ...query, missed: 0 }, sql`null`);
  const [last] = await rowsOf<{ on: string }>(
    db,
    sql`select k.top_day_on::text as "on" from member_list_keys k
        where k.listed and k.top_day_on is not null and ${filters}
        order by k.top_day_on limit 1 offset ${reach - 1}`,
  );
  if (!last) return null;
  const theta = new Date(`${last.on}T00:00:00Z`);
  const least = Math.round((Date.parse(isoDate(now)) - theta.getTime()) / DAY_MS) - 2;
  if (least < Math.max(1, query.missed)) return null;
  const bound = isoDate(new Date(theta.getTime() + 2 * DAY_MS));
  // Today per zone once (a few zones), not per candidate.
  const missed = missedFromKeysSql(
    { top: sql`k.top_day_on`, second: sql`k.second_day_on`, third: sql`k.third_day_on` },
    sql`z.today`,
  );
  const found = await rowsOf<{ userId: string }>(
    db,
    sql`with k as materialized (
          select * from member_list_keys k where k.listed and k.third_day_on <= ${bound}::date and ${filters}
        ), z as (
          select z.time_zone, ${localTodaySql(sql`z.time_zone`, now)} as today from (select distinct time_zone from k) z
        )
        select k.user_id as "userId" from k join z on z.time_zone = k.time_zone join profiles p on p.user_id = k.user_id
        where ${keyFilters('k', query, sql`z.today`)}
        order by ${missed} desc, p.registration_date desc, p.user_id desc
        limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  return found.map((r) => r.userId);
}

/**
 * A page of members with wellness falling, newest first (missed days not asked): from the keys'
 * index of the falling members, which the newest seldom are, so the profiles' own order walked
 * tens of thousands of members for a page.
 */
export async function listFallingPage({ db }: Pick<Deps, 'db'>, query: MemberListQuery): Promise<string[]> {
  const { page, pageSize } = query;
  const found = await rowsOf<{ userId: string }>(
    db,
    sql`select k.user_id as "userId" from member_list_keys k
        where k.listed and k.falling and ${keyFilters('k', { ...query, missed: 0 }, sql`null`)}
        order by k.registered_at desc nulls last, k.user_id desc nulls last
        limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  return found.map((r) => r.userId);
}

/**
 * Merges the counters' shards, and the keys of members who have missed 28 days or more whatever
 * the hour (migration 0033), so the totals read a few thousand rows however long the history.
 */
export async function foldMemberListCounts({ db, now }: Pick<Deps, 'db' | 'now'>) {
  await db.execute(sql`select core28_member_list_counts_fold(${isoDate(now())}::date)`);
}
