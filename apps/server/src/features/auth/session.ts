import { type StaffCapability, staffMay } from '@core28/core/staff';
import type { Context } from 'hono';
import { deleteCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { nodeRequest } from '../../http/node-request.ts';
import type { SessionUser } from '../../platform/auth/auth.ts';
import {
  readMemberFast,
  readSessionFast,
  readViewerFast,
  type SessionRead,
  type SessionSource,
  signedSessionToken,
} from './fast-session.ts';
import { assertMayCoach } from './staff.ts';

/** After requireUser, requireStaff or a guard of the same kind: `c.get('user')` is the member. */
export type SignedInEnv = AppEnv & { Variables: { user: SessionUser; sessionId: string } };

type SessionContext = {
  get: <K extends keyof AppEnv['Variables']>(key: K) => AppEnv['Variables'][K];
  set: <K extends keyof AppEnv['Variables']>(key: K, value: AppEnv['Variables'][K]) => void;
  req: { raw: Request };
  env: unknown;
};

/**
 * The request's cookie for a session read, from Node's request when Node serves it: hono's
 * `c.req.raw.headers` first builds a whole fetch Request over it (~4 µs and its garbage
 * on every signed-in request). All the headers are built only for better-auth's own read.
 */
function sessionSource(c: SessionContext): SessionSource {
  const headers = () => c.req.raw.headers;
  const incoming = nodeRequest(c);
  return { cookie: incoming ? incoming.headers.cookie : headers().get('cookie'), headers };
}

function remember(c: SessionContext, result: SessionRead) {
  c.set('user', result?.user ?? null);
  c.set('sessionId', result?.sessionId ?? null);
  c.set('isAdmin', result?.isAdmin ?? false);
  c.set('staff', result?.staff ?? null);
}

/** Reads the session cookie once per request; later calls reuse it. */
export async function readSession(c: SessionContext) {
  if (c.get('user') !== undefined) return c.get('user');
  const result = await readSessionFast(c.get('deps'), sessionSource(c));
  remember(c, result);
  return result?.user ?? null;
}

/**
 * A coaching request: the session with the member's subscriber row in one statement;
 * `subscriber` is undefined when the row was not read with it (better-auth read the session).
 */
export async function readMember(c: SessionContext) {
  const result = await readMemberFast(c.get('deps'), sessionSource(c));
  remember(c, result);
  return result;
}

/**
 * The request's signed session token, for a statement that reads the session itself
 * (auth/fast-session.ts, `signedSessionToken`); null without one.
 */
export const signedSession = (c: SessionContext) => signedSessionToken(c.get('deps'), sessionSource(c));

/** The same for a cookie at hand (a test's). */
export { signedSessionToken };

/** GET /api/me: the session with the member's profile, in one statement when it can. */
export async function readViewer(c: SessionContext) {
  const result = await readViewerFast(c.get('deps'), sessionSource(c));
  remember(c, result);
  return result;
}

export const optionalUser = createMiddleware<AppEnv>(async (c, next) => {
  await readSession(c);
  await next();
});

/** 401 unless signed in; afterwards `c.get('user')` is the member. */
export const requireUser = (message = 'Please sign in to continue.') =>
  createMiddleware<SignedInEnv>(async (c, next) => {
    const user = await readSession(c);
    if (!user) throw new AppError('UNAUTHORIZED', message);
    await next();
  });

/**
 * Staff with this capability only (core staff.ts, the one rule): 401 for visitors, 403 for
 * members and for staff without it, TWO_FACTOR_REQUIRED for staff whose session has not passed
 * its second factor.
 */
export const requireStaff = (capability: StaffCapability) =>
  createMiddleware<SignedInEnv>(async (c, next) => {
    const user = await readSession(c);
    if (!user) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
    const staff = c.get('staff');
    if (staff && !staff.secondFactor)
      throw new AppError(
        'TWO_FACTOR_REQUIRED',
        'Set up two-factor sign-in on your profile, then sign in with it, before working as staff.',
      );
    if (!staffMay(staff, capability)) throw new AppError('FORBIDDEN', 'Your role does not include this.');
    await next();
  });

/**
 * 404 unless this staff session may coach the member (their coach, or staff who see all
 * members); the member then names the request's audit row.
 */
export async function assertMayCoachMember(c: Context<SignedInEnv>, userId: string) {
  await assertMayCoach(c.get('deps'), { staff: c.get('staff'), viewerId: c.get('user').id, userId });
  c.set('audit', { ...c.get('audit'), memberId: userId });
}

/**
 * Expires the session cookies in the response, with the names and attributes better-auth set
 * them with (over https: the __Host- name, Secure), or a browser keeps the old cookie.
 */
export async function expireSessionCookies<E extends AppEnv>(c: Context<E>) {
  const { authCookies } = await c.get('deps').auth.$context;
  for (const { name, attributes } of [
    authCookies.sessionToken,
    authCookies.sessionData,
    authCookies.dontRememberToken,
  ]) {
    deleteCookie(c, name, {
      path: attributes.path ?? '/',
      secure: attributes.secure,
      httpOnly: attributes.httpOnly,
      sameSite: attributes.sameSite,
    });
  }
}
