import { PasswordRecoverySchema } from '@core28/core/auth';
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { errorBody } from '../../errors.ts';
import { clientIp } from '../../http/client-ip.ts';
import { CLIENT_IP_HEADER } from '../../platform/auth/auth.ts';
import { validate } from '../../validate.ts';
import { getViewer, INVALID_TOKEN_MESSAGE, recoverPassword } from './service.ts';
import { readViewer } from './session.ts';

// Clearer words for a few of better-auth's messages; the codes stay as they are.
const FRIENDLY: Record<string, string> = {
  // Said alike to a right and a wrong password: a new link goes only for the right one, at most
  // every few minutes, so the words promise no new mail.
  EMAIL_NOT_VERIFIED:
    'Please confirm your email address first: use the link we e-mailed you. No e-mail? Check your spam folder, or sign in again in a few minutes for a new link.',
  INVALID_EMAIL_OR_PASSWORD: 'Invalid email or password',
  INVALID_TOKEN: INVALID_TOKEN_MESSAGE,
  // The second factor (platform/auth/two-factor.ts).
  INVALID_CODE: 'That code is not right. Check your authenticator app and enter the newest code.',
  INVALID_BACKUP_CODE: 'That backup code is not right, or it was already used.',
  INVALID_TWO_FACTOR_COOKIE: 'This sign-in has expired. Please sign in with your password again.',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'Too many wrong codes. Please sign in with your password again.',
  ACCOUNT_TEMPORARILY_LOCKED: 'Too many wrong codes for this account. Please try again in 15 minutes.',
  INVALID_PASSWORD: 'That password is not right.',
  TOTP_ALREADY_ENABLED: 'Two-factor sign-in is already on.',
};

const RESET_LINK_PATH = '/api/auth/reset-password/';

const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few seconds and try again.';

/** better-auth answers errors as { code, message }; the API everywhere answers { error: { code, message } }. */
async function withAppErrorShape(res: Response): Promise<Response> {
  if (res.status < 400 || !res.headers.get('content-type')?.includes('application/json')) return res;
  const body = (await res
    .clone()
    .json()
    .catch(() => null)) as { code?: string; message?: string } | null;
  const code = body?.code ?? (res.status === 429 ? 'TOO_MANY_REQUESTS' : 'BAD_REQUEST');
  // better-auth's per-client limiter answers 429 without a code; our per-account one has its own words.
  const message =
    res.status === 429 && !body?.code
      ? TOO_MANY_ATTEMPTS
      : (FRIENDLY[code] ?? body?.message ?? 'Request failed');
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  const retryAfter = headers.get('x-retry-after');
  if (res.status === 429 && retryAfter && !headers.has('retry-after')) headers.set('retry-after', retryAfter);
  return new Response(JSON.stringify(errorBody(code, message)), { status: res.status, headers });
}

/** The request's headers with the client address as TRUST_PROXY reads it (never as the client claims it). */
function authHeaders(c: Context<AppEnv>): Headers {
  const headers = new Headers(c.req.raw.headers);
  headers.set(CLIENT_IP_HEADER, clientIp(c));
  return headers;
}

export const authRoutes = new Hono<AppEnv>()
  /** Which social sign-in buttons the auth page shows. */
  .get('/auth/providers', (c) => {
    const { google, apple } = c.get('deps').config;
    return c.json({ google: Boolean(google), apple: Boolean(apple) });
  })
  // spec §2: after a successful recovery the member is signed in and goes to /profile.
  .post('/auth/recover-password', validate('json', PasswordRecoverySchema), async (c) => {
    const { cookies, twoFactorRedirect } = await recoverPassword(c.get('deps'), {
      ...c.req.valid('json'),
      headers: authHeaders(c),
    });
    for (const cookie of cookies) c.header('set-cookie', cookie, { append: true });
    return c.json({ ok: true as const, twoFactorRedirect });
  })
  .on(['GET', 'POST'], '/auth/*', async (c) => {
    // The reset e-mail's link carries its token in the path: the log line shows the route instead.
    if (c.req.path.startsWith(RESET_LINK_PATH)) c.set('logPath', `${RESET_LINK_PATH}{token}`);
    const request = new Request(c.req.raw, { headers: authHeaders(c) });
    return withAppErrorShape(await c.get('deps').auth.handler(request));
  })
  /** The signed-in member as the web shell needs it, or nulls for a visitor. */
  .get('/me', async (c) => {
    const viewer = await readViewer(c);
    if (!viewer) return c.json({ user: null, profile: null, avatar: null, isAdmin: false, staff: null });
    return c.json(await getViewer(c.get('deps'), viewer));
  });
