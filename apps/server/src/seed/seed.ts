import { count, eq } from 'drizzle-orm';
import type { Deps } from '../context.ts';
import { blogArticles, exercises, homeExercises, userRoles, users } from '../platform/db/schema.ts';
import { SEED_ARTICLES, SEED_EXERCISES, SEED_HOME_EXERCISES } from './content.ts';

const DAY_MS = 86_400_000;

/** Idempotent: each part is written only when its table is empty (or the admin is missing). */
export async function seed(deps: Deps) {
  const { db, log } = deps;
  const adminId = await ensureAdmin(deps);

  const [exerciseCount] = await db.select({ n: count() }).from(exercises);
  if (exerciseCount?.n === 0) {
    // One insert per row keeps ids in program order (spec §4: day N uses the Nth exercise by id).
    for (const e of SEED_EXERCISES) await db.insert(exercises).values(e);
    log.info({ count: SEED_EXERCISES.length }, 'seeded exercises');
  }

  const [homeCount] = await db.select({ n: count() }).from(homeExercises);
  if (homeCount?.n === 0) await db.insert(homeExercises).values(SEED_HOME_EXERCISES);

  const [articleCount] = await db.select({ n: count() }).from(blogArticles);
  if (articleCount?.n === 0) {
    const now = deps.now().getTime();
    await db.insert(blogArticles).values(
      SEED_ARTICLES.map(({ status, daysAgo, ...article }) => {
        const at = new Date(now - daysAgo * DAY_MS);
        return {
          ...article,
          authorId: adminId,
          published: status !== 'draft',
          publishedAt: status === 'draft' ? null : at,
          createdAt: status === 'scheduled' ? new Date(now) : at,
        };
      }),
    );
    log.info({ count: SEED_ARTICLES.length }, 'seeded articles');
  }
}

/** ADMIN_EMAIL is granted the admin role at start-up (DESIGN.md); created, verified, when missing. */
async function ensureAdmin({ db, auth, config, log }: Deps): Promise<string> {
  const email = config.admin.email.toLowerCase();
  let [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!admin) {
    const context = await auth.$context;
    const user = await context.internalAdapter.createUser(
      { email, name: 'Coach', emailVerified: true },
      { method: 'email-password' },
    );
    await context.internalAdapter.linkAccount({
      userId: user.id,
      providerId: 'credential',
      accountId: user.id,
      password: await context.password.hash(config.admin.password),
    });
    admin = { id: user.id };
    log.info({ email }, 'created the admin account');
  }
  await db
    .insert(userRoles)
    .values({ userId: admin.id, role: 'admin' })
    .onConflictDoNothing({ target: [userRoles.userId, userRoles.role] });
  return admin.id;
}
