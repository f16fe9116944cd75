import { createHmac, timingSafeEqual } from 'node:crypto';
import { isActingStaff, type Staff } from '@core28/core/staff';
import { parseCookies } from 'better-call';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import type { SessionUser } from '../../platform/auth/auth.ts';
import type { DbOrTx } from '../../platform/db/index.ts';
import { prepared } from '../../platform/db/prepared.ts';
import { profiles, sessions, subscribers, users } from '../../platform/db/schema.ts';
import { readStaffRoles, rolesSql, staffOf } from './staff.ts';

// Better-auth's getSession was 45–55 % of a member request's cost (a new endpoint
// context, a key import and an async HMAC verify per call, two unprepared queries). This reads the
// same cookie with the same HMAC and finds the session, its user and the admin role in one prepared
// statement. It hands over to better-auth whenever better-auth would write: an expired session
// (deleted) or one due for its daily refresh. Revocation stays immediate: nothing is cached
// between requests. fast-session.test.ts proves both agree.

export type SessionRead = {
  user: SessionUser;
  sessionId: string;
  expiresAt: Date;
  /** The account's staff roles and whether this session may act with them (null: a member). */
  staff: Staff | null;
  /** Whether the session acts as staff now (core staff.ts `isActingStaff`). */
  isAdmin: boolean;
} | null;

type AuthSetup = {
  cookieName: string;
  secret: string;
  expiresInMs: number;
  updateAgeMs: number;
  /** Signed cookie → its token, for cookies this secret verified (`tokenOf`). */
  verified: Map<string, string>;
};

const setups = new WeakMap<Deps['auth'], Promise<AuthSetup>>();
function authSetup(auth: Deps['auth']) {
  let setup = setups.get(auth);
  if (!setup) {
    setup = auth.$context.then((context) => ({
      cookieName: context.authCookies.sessionToken.name,
      secret: context.secret,
      expiresInMs: context.sessionConfig.expiresIn * 1000,
      updateAgeMs: context.sessionConfig.updateAge * 1000,
      verified: new Map(),
    }));
    setups.set(auth, setup);
  }
  return setup;
}

const sessionFields = {
  session: {
    id: sessions.id,
    expiresAt: sessions.expiresAt,
  },
  user: {
    id: users.id,
    name: users.name,
    email: users.email,
    emailVerified: users.emailVerified,
    image: users.image,
    twoFactorEnabled: users.twoFactorEnabled,
    createdAt: users.createdAt,
    updatedAt: users.updatedAt,
  },
  roles: rolesSql(users.id),
  twoFactorVerified: sessions.twoFactorVerified,
};

const sessionByTokenStatement = (db: DbOrTx) =>
  db
    .select(sessionFields)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .prepare('core28_session_by_token');

/** The same with the member's profile: GET /api/me answers from this one statement. */
const viewerByTokenStatement = (db: DbOrTx) =>
  db
    .select({ ...sessionFields, profile: getTableColumns(profiles) })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(sessions.token, sql.placeholder('token')))
    .prepare('core28_viewer_by_token');

/** The same with the member's subscriber row: a coaching request decides from this one statement. */
const memberByTokenStatement = (db: DbOrTx) =>
  db
    .select({ ...sessionFields, subscriber: getTableColumns(subscribers) })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(subscribers, eq(subscribers.userId, users.id))
    .where(eq(sessions.token, sql.placeholder('token')))
    .prepare('core28_member_by_token');

/**
 * The token of a signed session cookie (`token.base64(HMAC-SHA256(secret, token))`, as
 * better-call signs it), or null when absent, malformed or not signed with `secret`.
 */
export function verifiedToken(signed: string | undefined, secret: string): string | null {
  if (!signed) return null;
  const dot = signed.lastIndexOf('.');
  if (dot < 1) return null;
  const token = signed.slice(0, dot);
  const signature = signed.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/** Cookies remembered as verified, at most (about 1 MB); the memo starts over when full. */
const VERIFIED_COOKIES_MAX = 10_000;

/**
 * `verifiedToken` remembered per signed cookie (an HMAC costs ~2 µs in a loop but 20–40 µs
 * on a request of a server at rest, its code and key cold; the live bench's CPU profile put 4 % of
 * a coaching message there). Only what this secret signed is remembered, so a forged cookie is
 * checked every time and cannot fill it, and the memo says nothing about the session: the database
 * decides that on every request, so a sign-out still ends it at once.
 */
function tokenOf(setup: AuthSetup, signed: string | undefined): string | null {
  if (!signed) return null;
  const known = setup.verified.get(signed);
  if (known !== undefined) return known;
  const token = verifiedToken(signed, setup.secret);
  if (token === null) return null;
  if (setup.verified.size >= VERIFIED_COOKIES_MAX) setup.verified.clear();
  setup.verified.set(signed, token);
  return token;
}

/**
 * What a session read needs of a request: its Cookie header, and all its headers only when
 * better-auth reads the session (a fetch `Headers`, which a request served by Node does not have
 * until it is built: session.ts).
 */
export type SessionSource = { cookie: string | null | undefined; headers: () => Headers };

const sourceOf = (from: Headers | SessionSource): SessionSource =>
  from instanceof Headers ? { cookie: from.get('cookie'), headers: () => from } : from;

/**
 * A session read's dependencies. Its logger is read only when it logs: a request's `deps.log` is
 * the request's pino child, made on first read (app.ts), and a session read that passed it on
 * every call made one on every signed-in request (~23 µs and ~1 KB of garbage each).
 */
type SessionDeps = Pick<Deps, 'auth' | 'db' | 'log' | 'config'>;

/** The signed-in member of `headers` (with their session id and admin role), or null. */
export const readSessionFast = (deps: SessionDeps, headers: Headers | SessionSource) =>
  readBy(sessionByTokenStatement, deps, sourceOf(headers));

/**
 * The same with the member's profile, read in the same statement; `profile` is undefined when
 * better-auth read the session instead (expired, or its daily refresh due).
 */
export const readViewerFast = (deps: SessionDeps, headers: Headers | SessionSource) =>
  readBy(viewerByTokenStatement, deps, sourceOf(headers));

/**
 * The same with the member's subscriber row (null: none); `subscriber` is undefined when
 * better-auth read the session instead.
 */
export const readMemberFast = (deps: SessionDeps, headers: Headers | SessionSource) =>
  readBy(memberByTokenStatement, deps, sourceOf(headers));

/**
 * The token of the request's signed session cookie, for a statement that reads the session itself
 * (a coaching message: coaching/messages.ts, `postMessageWithSession`), or null when there is none or it is not signed
 * with the secret. The statement may decide alone only for a session expiring after `freshAfter`:
 * an earlier one is expired or due for its daily refresh, and better-auth reads it (`readMemberFast`).
 */
export async function signedSessionToken(deps: Pick<Deps, 'auth'>, source: SessionSource) {
  if (!source.cookie) return null;
  const setup = await authSetup(deps.auth);
  const token = tokenOf(setup, parseCookies(source.cookie).get(setup.cookieName));
  if (!token) return null;
  // Due for the refresh: `expiresAt - expiresIn + updateAge <= now`. An expired session is due too.
  const refreshDueFor = Math.max(setup.expiresInMs - setup.updateAgeMs, 0);
  return { token, freshAfter: new Date(Date.now() + refreshDueFor) };
}

type SessionRow = {
  session: { id: string; expiresAt: Date };
  user: unknown;
  roles: string[];
  twoFactorVerified: boolean;
  profile?: typeof profiles.$inferSelect | null;
  subscriber?: typeof subscribers.$inferSelect | null;
};

async function readBy<Row extends SessionRow>(
  statement: (db: DbOrTx) => { execute: (values: { token: string }) => Promise<Row[]> },
  deps: SessionDeps,
  source: SessionSource,
): Promise<(NonNullable<SessionRead> & Partial<Pick<Row, 'profile' | 'subscriber'>>) | null> {
  const signed = await signedSessionToken(deps, source);
  if (!signed) return null;
  let row: Row | undefined;
  try {
    [row] = await prepared(deps.db, statement).execute({ token: signed.token });
  } catch {
    return readSessionByBetterAuth(deps, source.headers());
  }
  if (!row) return null;
  if (row.session.expiresAt <= signed.freshAfter) return readSessionByBetterAuth(deps, source.headers());
  const staff = staffOf(deps.config, row.roles, row.twoFactorVerified);
  return {
    user: row.user as SessionUser,
    sessionId: row.session.id,
    expiresAt: row.session.expiresAt,
    staff,
    isAdmin: isActingStaff(staff),
    profile: row.profile,
    subscriber: row.subscriber,
  };
}

/** better-auth's own read: it deletes an expired session and refreshes one whose day has come. */
async function readSessionByBetterAuth(deps: SessionDeps, headers: Headers): Promise<SessionRead> {
  const found = await deps.auth.api.getSession({ headers });
  if (!found) return null;
  const userId = found.user.id;
  const roles = await readStaffRoles(deps, { userId }).catch((err: unknown) => {
    deps.log.error({ err, userId }, 'staff roles read failed; treated as a member');
    return [];
  });
  const verified = (found.session as { twoFactorVerified?: boolean }).twoFactorVerified === true;
  const staff = staffOf(deps.config, roles, verified);
  return {
    user: found.user,
    sessionId: found.session.id,
    expiresAt: found.session.expiresAt,
    staff,
    isAdmin: isActingStaff(staff),
  };
}
