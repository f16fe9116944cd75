import type { MemberListQuery } from '@core28/core/admin';
import type { Staff } from '@core28/core/staff';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { memberProgress, profiles, subscribers, users } from '../../platform/db/schema.ts';
import { isNotAdminSql, memberScopeSql, membersMatchingSql } from '../auth/service.ts';
import { listProgramSummaries, missedAtLeastSql, missedInARowSql } from '../program/service.ts';
import { countListedMembers, keysAnswer, listFallingPage, listMissedPage } from './member-list-keys.ts';

/** LIKE's own wildcards in a search are matched literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

function whereOf({ search, plan, burn, missed, falling }: MemberListQuery, now: Date) {
  const conditions: SQL[] = [isNotAdminSql(profiles.userId)];
  if (search) {
    const pattern = likePattern(search);
    conditions.push(sql`profiles.user_id in (${membersMatchingSql(pattern)})`);
  }
  if (plan === 'paid')
    conditions.push(
      sql`profiles.user_id in (select s.user_id from subscribers s where s.subscribed and not s.is_trial)`,
    );
  if (plan === 'trial')
    conditions.push(sql`profiles.user_id in (select s.user_id from subscribers s where s.is_trial)`);
  if (burn === 'true')
    conditions.push(
      sql`profiles.user_id in (select s.user_id from subscribers s where s.subscribed and s.subscription_tier = '1-on-1 Burn')`,
    );
  // The program feature's SQL twins of its own rules (docs/decisions/0016)
  if (missed > 0)
    conditions.push(
      missedAtLeastSql(
        memberProgress.completedMask,
        memberProgress.roundStartedAt,
        profiles.timeZone,
        now,
        missed,
      ),
    );
  if (falling === 'true') conditions.push(sql`${memberProgress.wellnessFalling}`);
  return and(...conditions);
}

const missedSql = (now: Date) =>
  missedInARowSql(memberProgress.completedMask, memberProgress.roundStartedAt, profiles.timeZone, now);

/**
 * A member's row in the list and on their detail page (with users, profiles, and the left-joined
 * subscribers and member_progress): who, which plan, last active (kept by triggers, decision 0016).
 */
export const memberRowColumns = {
  id: users.id,
  email: users.email,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  displayName: profiles.displayName,
  registrationDate: profiles.registrationDate,
  tier: subscribers.subscriptionTier,
  subscribed: subscribers.subscribed,
  isTrial: subscribers.isTrial,
  lastActive: memberProgress.lastActiveAt,
};

/**
 * spec §2 Admin users: members (admins excluded), searched by name or e-mail, paged on the server;
 * Filtered by plan, 1-on-1 Burn, days missed in a row and falling wellness, sorted by
 * registration, last activity or days missed.
 */
/** Only the members this staff session may see (auth's `memberScopeSql`). */
export async function listMembers(
  deps: Pick<Deps, 'db' | 'now'>,
  query: MemberListQuery,
  { staff, viewerId }: { staff: Staff | null; viewerId: string },
) {
  const { page, pageSize, sort } = query;
  const now = deps.now();
  const where = and(whereOf(query, now), memberScopeSql(staff, viewerId, profiles.userId));
  const order =
    sort === 'lastActive'
      ? // the order of member_progress_last_active_idx, walked from its start
        [sql`${memberProgress.lastActiveAt} desc nulls last`, sql`${memberProgress.userId} desc nulls last`]
      : sort === 'missed'
        ? [sql`${missedSql(now)} desc`, desc(profiles.registrationDate), desc(profiles.userId)]
        : [desc(profiles.registrationDate), desc(profiles.userId)];
  // The page's ids first (from the (registration_date, user_id) index when sorted by it, or
  // member_progress's last-active index); then the joins. A left join, which the planner drops
  // when nothing reads member_progress; an inner one to walk its index (every profile has a row).
  const onProgress = eq(memberProgress.userId, profiles.userId);
  const members = deps.db.select({ userId: profiles.userId }).from(profiles).$dynamic();
  const joined =
    sort === 'lastActive'
      ? members.innerJoin(memberProgress, onProgress)
      : members.leftJoin(memberProgress, onProgress);
  const allOfThem = keysAnswer(query, staff);
  const [ids, total] = await Promise.all([
    (async () => {
      const kept =
        allOfThem && sort === 'missed'
          ? await listMissedPage(deps, query, now)
          : allOfThem && sort === 'registered' && query.falling === 'true' && query.missed === 0
            ? await listFallingPage(deps, query)
            : null;
      if (kept) return kept;
      const found = await joined
        .where(where)
        .orderBy(...order)
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      return found.map((c) => c.userId);
    })(),
    allOfThem
      ? countListedMembers(deps, query, now)
      : deps.db
          .select({ n: count() })
          .from(profiles)
          .leftJoin(memberProgress, onProgress)
          .where(where)
          .then(([counted]) => counted?.n ?? 0),
  ]);
  const summaries = await listProgramSummaries(deps, { userIds: ids });
  const rows = ids.length
    ? await deps.db
        .select(memberRowColumns)
        .from(profiles)
        .innerJoin(users, eq(users.id, profiles.userId))
        .leftJoin(subscribers, eq(subscribers.userId, profiles.userId))
        .leftJoin(memberProgress, eq(memberProgress.userId, profiles.userId))
        .where(inArray(profiles.userId, ids))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));

  return {
    total,
    page,
    pageSize,
    users: ids.flatMap((id) => {
      const row = byId.get(id);
      const summary = summaries.get(id);
      if (!row || !summary) return [];
      return [
        {
          id: row.id,
          email: row.email,
          name: [row.firstName, row.lastName].filter(Boolean).join(' ') || row.displayName || '',
          tier: row.tier,
          plan: row.isTrial ? ('trial' as const) : row.subscribed ? ('paid' as const) : ('none' as const),
          registrationDate: row.registrationDate.toISOString(),
          currentDay: summary.currentDay,
          round: summary.round,
          streak: summary.streak,
          missedInARow: summary.missedInARow,
          wellnessFalling: summary.wellnessFalling,
          lastActive: row.lastActive?.toISOString() ?? null,
        },
      ];
    }),
  };
}
