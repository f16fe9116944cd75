import { currentProgramDay } from '@core28/core/program';
import { and, count, desc, eq, ilike, notExists, or, type SQL, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../context.ts';
import { profiles, subscribers, userRoles, users } from '../../platform/db/schema.ts';
import { validate } from '../../validate.ts';
import { requireAdmin } from '../auth/session.ts';

const ListQuery = z.object({
  search: z.string().trim().max(100).optional().default(''),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

/** LIKE's own wildcards in a search are matched literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** Members (admins excluded), searched by name or e-mail, paged on the server. */
export const adminUserRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .get('/', validate('query', ListQuery), async (c) => {
    const { db, now } = c.var.deps;
    const { search, page, pageSize } = c.req.valid('query');
    const isMember = notExists(
      db
        .select({ one: sql`1` })
        .from(userRoles)
        .where(and(eq(userRoles.userId, users.id), eq(userRoles.role, 'admin'))),
    );
    const conditions: SQL[] = [isMember];
    if (search) {
      const pattern = likePattern(search);
      conditions.push(
        or(
          ilike(users.email, pattern),
          ilike(profiles.displayName, pattern),
          ilike(
            sql`coalesce(${profiles.firstName}, '') || ' ' || coalesce(${profiles.lastName}, '')`,
            pattern,
          ),
        )!,
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
    return c.json({
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
    });
  });
