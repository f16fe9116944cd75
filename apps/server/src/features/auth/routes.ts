import { PasswordRecoverySchema } from '@core28/core/auth';
import { AVATAR_URL_TTL_SECONDS } from '@core28/core/profile';
import { eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { AppError, errorBody } from '../../errors.ts';
import { clientIp } from '../../http/client-ip.ts';
import { profiles, users } from '../../platform/db/schema.ts';
import { validate } from '../../validate.ts';
import { CLIENT_IP_HEADER } from './auth.ts';
import { isAdmin, optionalUser } from './session.ts';

// Clearer words for a few of better-auth's messages; the codes stay as they are.
const FRIENDLY: Record<string, string> = {
  EMAIL_NOT_VERIFIED: 'Please confirm your email address first. We have sent you a new confirmation link.',
  INVALID_EMAIL_OR_PASSWORD: 'Invalid email or password',
  INVALID_TOKEN: 'This link is invalid or has expired. Please request a new one.',
};

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
    const { google, apple } = c.var.deps.config;
    return c.json({ google: Boolean(google), apple: Boolean(apple) });
  })
  // spec §2: after a successful recovery the member is signed in and goes to /profile.
  .post('/auth/recover-password', validate('json', PasswordRecoverySchema), async (c) => {
    const { token, newPassword } = c.req.valid('json');
    const { auth, db } = c.var.deps;
    const context = await auth.$context;
    const verification = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
    if (!verification || verification.expiresAt < new Date())
      throw new AppError('BAD_REQUEST', FRIENDLY.INVALID_TOKEN!);
    const [user] = await db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, verification.value));
    if (!user) throw new AppError('BAD_REQUEST', FRIENDLY.INVALID_TOKEN!);
    await auth.api.resetPassword({ body: { token, newPassword }, headers: authHeaders(c) });
    const signIn = await auth.api.signInEmail({
      body: { email: user.email, password: newPassword },
      headers: authHeaders(c),
      asResponse: true,
    });
    for (const cookie of signIn.headers.getSetCookie()) c.header('set-cookie', cookie, { append: true });
    return c.json({ ok: true as const });
  })
  .on(['GET', 'POST'], '/auth/*', async (c) => {
    const request = new Request(c.req.raw, { headers: authHeaders(c) });
    return withAppErrorShape(await c.var.deps.auth.handler(request));
  })
  /** The signed-in member as the web shell needs it (the header's photo included), in one round trip. */
  .get('/me', optionalUser, async (c) => {
    const user = c.var.user;
    if (!user) return c.json({ user: null, profile: null, avatar: null, isAdmin: false });
    const { db, storage } = c.var.deps;
    const [[profile], isAdminUser] = await Promise.all([
      db.select().from(profiles).where(eq(profiles.userId, user.id)),
      // spec §6: a failed admin check is logged and treated as non-admin, not a failed /api/me.
      isAdmin(c.var.deps, user.id).catch((err: unknown) => {
        c.var.log.error({ err, userId: user.id }, 'admin check failed; treated as non-admin');
        return false;
      }),
    ]);
    const avatar = profile?.avatarUrl
      ? { url: await storage.signedUrl(profile.avatarUrl, AVATAR_URL_TTL_SECONDS) }
      : null;
    return c.json({
      user: { id: user.id, email: user.email, emailVerified: user.emailVerified, name: user.name },
      profile: profile ?? null,
      avatar,
      isAdmin: isAdminUser,
    });
  });
