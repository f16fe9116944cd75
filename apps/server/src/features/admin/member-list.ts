import type { MemberListQuery } from '@core28/core/admin';
import { currentProgramDay } from '@core28/core/program';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { profiles, subscribers, users } from '../../platform/db/schema.ts';
import { isNotAdminSql } from '../auth/service.ts';

/** LIKE's own wildcards in a search are matched literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** spec §2 Admin users: members (admins excluded), searched by name or e-mail, paged on the server. */
export async function listMembers(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  { search, page, pageSize }: MemberListQuery,
) {
  const conditions: SQL[] = [isNotAdminSql(profiles.userId)];
  if (search) {
    const pattern = likePattern(search);
    // One indexed lookup per table (trigram GIN indexes), not an OR across a join that scans both.
    conditions.push(
      sql`profiles.user_id in (
        select u.id from users u where u.email ilike ${pattern}
        union
        select p.user_id from profiles p
        where p.display_name ilike ${pattern}
          or (coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')) ilike ${pattern})`,
    );
  }
  const where = and(...conditions);
  // The page's ids first, from the (registration_date, user_id) index alone; then 25 joins.
  const pageIds = db
    .select({ userId: profiles.userId, registrationDate: profiles.registrationDate })
    .from(profiles)
    .where(where)
    .orderBy(desc(profiles.registrationDate), desc(profiles.userId))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .as('page_ids');
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        firstName: profiles.firstName,
        lastName: profiles.lastName,
        displayName: profiles.displayName,
        registrationDate: profiles.registrationDate,
        timeZone: profiles.timeZone,
        tier: subscribers.subscriptionTier,
        subscribed: subscribers.subscribed,
        isTrial: subscribers.isTrial,
      })
      .from(pageIds)
      .innerJoin(profiles, eq(profiles.userId, pageIds.userId))
      .innerJoin(users, eq(users.id, pageIds.userId))
      .leftJoin(subscribers, eq(subscribers.userId, pageIds.userId))
      .orderBy(desc(pageIds.registrationDate), desc(pageIds.userId)),
    db.select({ n: count() }).from(profiles).where(where),
  ]);

  return {
    total: total?.n ?? 0,
    page,
    pageSize,
    users: rows.map((row) => ({
      id: row.id,
      email: row.email,
      name: [row.firstName, row.lastName].filter(Boolean).join(' ') || row.displayName || '',
      tier: row.tier,
      plan: row.isTrial ? ('trial' as const) : row.subscribed ? ('paid' as const) : ('none' as const),
      registrationDate: row.registrationDate.toISOString(),
      currentDay: currentProgramDay(row.registrationDate, now(), row.timeZone),
    })),
  };
}
