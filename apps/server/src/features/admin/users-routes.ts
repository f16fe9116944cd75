import { currentProgramDay } from '@core28/core/program';
import { and, count, desc, eq, notExists, type SQL, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv, Deps } from '../../context.ts';
import { profiles, subscribers, userRoles, users } from '../../platform/db/schema.ts';
import { validate } from '../../validate.ts';
import { requireAdmin } from '../auth/session.ts';

export const ListQuery = z.object({
  search: z.string().trim().max(100).optional().default(''),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

/** LIKE's own wildcards in a search are matched literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** Members (admins excluded), searched by name or e-mail, paged on the server. */
export async function listMembers(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  { search, page, pageSize }: z.infer<typeof ListQuery>,
) {
  const isMember = notExists(
    db
      .select({ one: sql`1` })
      .from(userRoles)
      .where(and(eq(userRoles.userId, users.id), eq(userRoles.role, 'admin'))),
  );
  const conditions: SQL[] = [isMember];
  if (search) {
    const pattern = likePattern(search);
    // One indexed lookup per table (trigram GIN indexes), not an OR across a join that scans both.
    conditions.push(
      sql`users.id in (
        select u.id from users u where u.email ilike ${pattern}
        union
        select p.user_id from profiles p
        where p.display_name ilike ${pattern}
          or (coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')) ilike ${pattern})`,
    );
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        firstName: profiles.firstName,
        lastName: profiles.lastName,
        displayName: profiles.displayName,
        registrationDate: profiles.registrationDate,
        tier: subscribers.subscriptionTier,
        subscribed: subscribers.subscribed,
        isTrial: subscribers.isTrial,
      })
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .leftJoin(subscribers, eq(subscribers.userId, users.id))
      .where(where)
      .orderBy(desc(profiles.registrationDate), desc(users.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(users).innerJoin(profiles, eq(profiles.userId, users.id)).where(where),
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
      currentDay: currentProgramDay(row.registrationDate, now()),
    })),
  };
}

export const adminUserRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .get('/', validate('query', ListQuery), async (c) =>
    c.json(await listMembers(c.var.deps, c.req.valid('query'))),
  );
