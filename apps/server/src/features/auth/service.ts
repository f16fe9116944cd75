import { AVATAR_URL_TTL_SECONDS } from '@core28/core/profile';
import type { Staff, StaffRole } from '@core28/core/staff';
import { and, eq, gt, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Deps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { SessionUser } from '../../platform/auth/auth.ts';
import { consumeAttempt, DELETE_ACCOUNT_LIMIT, describeWait } from '../../platform/auth/limits.ts';
import type { DbOrTx } from '../../platform/db/index.ts';
import { prepared } from '../../platform/db/prepared.ts';
import { profiles, rateLimits, sessions, userRoles, users, verifications } from '../../platform/db/schema.ts';
import { rolesSql, staffOf } from './staff.ts';

export { assertMayCoach, coachOf, memberScopeSql } from './staff.ts';

export const INVALID_TOKEN_MESSAGE = 'This link is invalid or has expired. Please request a new one.';

/** Whether the account holds this staff role (whatever its session's second factor). */
export async function hasRole(
  deps: Pick<Deps, 'db'>,
  { userId, role }: { userId: string; role: StaffRole },
): Promise<boolean> {
  const rows = await deps.db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)))
    .limit(1);
  return rows.length > 0;
}

// Staff (any user_roles row) are never counted or listed as members. Their ids are read once per
// statement (an InitPlan), not probed for every row.
const staffIds = sql`array(select distinct r.user_id from user_roles r)`;
export const isNotAdminSql = (userId: SQL | AnyPgColumn) => sql<boolean>`${userId} <> all (${staffIds})`;

/**
 * Which of these sessions are still valid (not ended, not expired), each with its expiry and
 * whether it acts as staff now: a role lost, or a second factor required, ends that at once.
 */
export async function listValidSessions(
  { db, config }: Pick<Deps, 'db' | 'config'>,
  { sessionIds }: { sessionIds: string[] },
) {
  const rows = await db
    .select({
      id: sessions.id,
      roles: rolesSql(sessions.userId),
      twoFactorVerified: sessions.twoFactorVerified,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(and(inArray(sessions.id, sessionIds), gt(sessions.expiresAt, sql`now()`)));
  return rows.map(({ id, roles, twoFactorVerified, expiresAt }) => ({
    id,
    expiresAt,
    staff: staffOf(config, roles, twoFactorVerified),
  }));
}

/**
 * The name the admin pages show for a member: first and last name, else the display name, else
 * the e-mail; `profile` and `user` name the profiles and users rows in the statement.
 */
export const memberNameSql = ({ profile, user }: { profile: string; user: string }) => {
  const p = sql.identifier(profile);
  return sql<string>`coalesce(nullif(trim(coalesce(${p}.first_name, '') || ' ' || coalesce(${p}.last_name, '')), ''), nullif(trim(${p}.display_name), ''), ${sql.identifier(user)}.email)`;
};

/**
 * The members whose e-mail, display name or full name contains `pattern` (an ILIKE pattern): one
 * lookup per table, each read from its trigram index, not an OR across a join that scans both.
 */
export const membersMatchingSql = (pattern: string) => sql`
  select u.id from users u where u.email ilike ${pattern}
  union
  select p.user_id from profiles p
  where p.display_name ilike ${pattern}
    or (coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')) ilike ${pattern}`;

/** The signed-in member as the web shell needs it (the header's photo included), in one round trip. */
const viewerProfileStatement = (db: DbOrTx) =>
  db
    .select()
    .from(profiles)
    .where(eq(profiles.userId, sql.placeholder('userId')))
    .prepare('core28_viewer_profile');

export async function getViewer(
  deps: Pick<Deps, 'db' | 'storage' | 'log'>,
  viewer: {
    user: SessionUser;
    isAdmin: boolean;
    staff: Staff | null;
    profile?: typeof profiles.$inferSelect | null;
  },
) {
  const { user, isAdmin: isAdminUser, staff } = viewer;
  // Read with the session when it could be (readViewerFast); else here.
  const profile =
    viewer.profile !== undefined
      ? viewer.profile
      : (await prepared(deps.db, viewerProfileStatement).execute({ userId: user.id }))[0];
  const avatar = profile?.avatarUrl
    ? { url: await deps.storage.signedUrl(profile.avatarUrl, AVATAR_URL_TTL_SECONDS) }
    : null;
  return {
    user: {
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      name: user.name,
      /** Whether the account signs in with a second factor (the profile's two-factor card). */
      twoFactorEnabled: user.twoFactorEnabled === true,
    },
    profile: profile ?? null,
    avatar,
    isAdmin: isAdminUser,
    /** The account's roles, and whether this session may act with them (its second factor). */
    staff: staff && { roles: [...staff.roles], secondFactor: staff.secondFactor },
  };
}

/**
 * spec §2: a recovery link's new password is set and the member signed in at once. Answers the
 * sign-in's cookies; `headers` are the request's, with the client address as TRUST_PROXY reads it.
 * An account with a second factor is not signed in yet: the cookies are its pending challenge and
 * `twoFactorRedirect` says the code comes next (a mailbox alone never passes the second factor).
 */
export async function recoverPassword(
  { auth, db }: Pick<Deps, 'auth' | 'db'>,
  { token, newPassword, headers }: { token: string; newPassword: string; headers: Headers },
): Promise<{ cookies: string[]; twoFactorRedirect: boolean }> {
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
  const answer = (await signIn.json().catch(() => null)) as { twoFactorRedirect?: boolean } | null;
  return { cookies: signIn.headers.getSetCookie(), twoFactorRedirect: answer?.twoFactorRedirect === true };
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
