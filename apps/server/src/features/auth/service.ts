import { AVATAR_URL_TTL_SECONDS } from '@core28/core/profile';
import { and, eq, gt, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Deps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { SessionUser } from '../../platform/auth/auth.ts';
import { consumeAttempt, DELETE_ACCOUNT_LIMIT, describeWait } from '../../platform/auth/limits.ts';
import type { DbOrTx } from '../../platform/db/index.ts';
import { prepared } from '../../platform/db/prepared.ts';
import { profiles, rateLimits, sessions, userRoles, users, verifications } from '../../platform/db/schema.ts';

export const INVALID_TOKEN_MESSAGE = 'This link is invalid or has expired. Please request a new one.';

/** DESIGN.md: admin has one meaning, a user_roles row with role admin. */
export async function isAdmin(deps: Pick<Deps, 'db'>, { userId }: { userId: string }): Promise<boolean> {
  const rows = await deps.db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, 'admin')))
    .limit(1);
  return rows.length > 0;
}

// The same rule inside a statement. Admin ids are read once per statement (an InitPlan), not
// probed for every row.
const adminIds = sql`array(select r.user_id from user_roles r where r.role = 'admin')`;
const isAdminSql = (userId: SQL | AnyPgColumn) => sql<boolean>`${userId} = any (${adminIds})`;
export const isNotAdminSql = (userId: SQL | AnyPgColumn) => sql<boolean>`${userId} <> all (${adminIds})`;

/** Which of these sessions are still valid (not ended, not expired), each with its expiry and whether its member is an admin now. */
export const listValidSessions = ({ db }: Pick<Deps, 'db'>, { sessionIds }: { sessionIds: string[] }) =>
  db
    .select({ id: sessions.id, isAdmin: isAdminSql(sessions.userId), expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(inArray(sessions.id, sessionIds), gt(sessions.expiresAt, sql`now()`)));

/**
 * The name the admin pages show for a member: first and last name, else the display name, else
 * the e-mail; `profile` and `user` name the profiles and users rows in the statement.
 */
export const memberNameSql = ({ profile, user }: { profile: string; user: string }) => {
  const p = sql.identifier(profile);
  return sql<string>`coalesce(nullif(trim(coalesce(${p}.first_name, '') || ' ' || coalesce(${p}.last_name, '')), ''), nullif(trim(${p}.display_name), ''), ${sql.identifier(user)}.email)`;
};

/** The signed-in member as the web shell needs it (the header's photo included), in one round trip. */
const viewerProfileStatement = (db: DbOrTx) =>
  db
    .select()
    .from(profiles)
    .where(eq(profiles.userId, sql.placeholder('userId')))
    .prepare('core28_viewer_profile');

export async function getViewer(
  deps: Pick<Deps, 'db' | 'storage' | 'log'>,
  viewer: { user: SessionUser; isAdmin: boolean; profile?: typeof profiles.$inferSelect | null },
) {
  const { user, isAdmin: isAdminUser } = viewer;
  // Read with the session when it could be (readViewerFast); else here.
  const profile =
    viewer.profile !== undefined
      ? viewer.profile
      : (await prepared(deps.db, viewerProfileStatement).execute({ userId: user.id }))[0];
  const avatar = profile?.avatarUrl
    ? { url: await deps.storage.signedUrl(profile.avatarUrl, AVATAR_URL_TTL_SECONDS) }
    : null;
  return {
    user: { id: user.id, email: user.email, emailVerified: user.emailVerified, name: user.name },
    profile: profile ?? null,
    avatar,
    isAdmin: isAdminUser,
  };
}

/**
 * spec §2: a recovery link's new password is set and the member signed in at once. Answers the
 * sign-in's cookies; `headers` are the request's, with the client address as TRUST_PROXY reads it.
 */
export async function recoverPassword(
  { auth, db }: Pick<Deps, 'auth' | 'db'>,
  { token, newPassword, headers }: { token: string; newPassword: string; headers: Headers },
): Promise<string[]> {
  const context = await auth.$context;
  const verification = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (!verification || verification.expiresAt < new Date())
    throw new AppError('BAD_REQUEST', INVALID_TOKEN_MESSAGE);
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, verification.value));
  if (!user) throw new AppError('BAD_REQUEST', INVALID_TOKEN_MESSAGE);
  await auth.api.resetPassword({ body: { token, newPassword }, headers: new Headers(headers) });
  const signIn = await auth.api.signInEmail({
    body: { email: user.email, password: newPassword },
    headers: new Headers(headers),
    asResponse: true,
  });
  return signIn.headers.getSetCookie();
}

/**
 * Each password check outside better-auth (deleting the account) costs an argon2 hash: a few a
 * minute for each key (the member, the client).
 */
export async function limitPasswordChecks(
  { db, config, now }: Pick<Deps, 'db' | 'config' | 'now'>,
  { keys }: { keys: string[] },
) {
  if (!config.authRateLimit) return;
  for (const key of keys) {
    const wait = await consumeAttempt(db, { key, now: now(), ...DELETE_ACCOUNT_LIMIT });
    if (wait)
      throw new AppError(
        'TOO_MANY_REQUESTS',
        `Too many attempts. Please wait ${describeWait(wait.retryAfterSeconds)} and try again.`,
        { retryAfter: wait.retryAfterSeconds },
      );
  }
}

/**
 * The daily clean-up: sessions and verification tokens past their expiry, and rate-limit
 * counters untouched for a day (every window is at most a day; see limits.ts for what
 * last_request holds).
 */
export async function deleteExpiredAuthRecords(deps: Pick<Deps, 'db' | 'now'>) {
  const now = deps.now();
  const dayAgo = now.getTime() - 86_400_000;
  const [expiredSessions, expiredTokens, oldLimits] = await Promise.all([
    deps.db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id }),
    deps.db.delete(verifications).where(lt(verifications.expiresAt, now)).returning({ id: verifications.id }),
    deps.db.delete(rateLimits).where(lt(rateLimits.lastRequest, dayAgo)).returning({ id: rateLimits.id }),
  ]);
  return {
    sessions: expiredSessions.length,
    verifications: expiredTokens.length,
    rateLimits: oldLimits.length,
  };
}
