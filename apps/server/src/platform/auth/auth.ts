import { unmetPasswordRules, weakPasswordMessage } from '@core28/core/auth';
import { EMAIL_CONFIRMED_CALLBACK } from '@core28/core/navigation';
import { hash, verify } from '@node-rs/argon2';
import { APIError, betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createAuthMiddleware, isAPIError } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { openAPI } from 'better-auth/plugins/open-api';
import { and, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database } from '../db/index.ts';
import { accounts, profiles, rateLimits, sessions, twoFactors, users, verifications } from '../db/schema.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { scrubLogValue, scrubSecrets } from '../logger.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { actionEmail } from '../mail/templates.ts';
import {
  clearSignInFailures,
  describeWait,
  type MailedKind,
  mayMailRecipient,
  reserveSignInAttempt,
} from './limits.ts';
import {
  afterSecondFactor,
  beforeSecondFactor,
  isSecondFactorSession,
  TWO_FACTOR_SESSION_FIELD,
  twoFactorPlugin,
} from './two-factor.ts';

// OWASP's argon2id minimum (19 MiB, t=2, p=1); better-auth's default scrypt cost is below it.
const ARGON2 = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const CLIENT_IP_HEADER = 'x-core28-client-ip';

export const MISSING_CREDENTIALS = 'You must provide either an email or phone number and a password';

type AuthDeps = {
  db: Database;
  config: Config;
  jobs: JobQueue;
  log: Logger;
  secret: string;
  now: () => Date;
};

export function createAuth({ db, config, jobs, log, secret, now }: AuthDeps) {
  const isHttps = config.publicUrl.startsWith('https://');
  // The hooks only write the e-mail to the outbox; the mail queue sends it, with
  // retries, so a relay that is down or hangs neither loses it nor holds the request. better-auth
  // gives the hooks no transaction of its own to join: each mail is one of its own.
  const sendMail = async (message: MailMessage) => {
    await enqueueMail({ jobs }, db, message);
  };
  const mayMail = (to: string, kind: MailedKind) => mayMailRecipient({ db, log }, to, kind);
  const limitDeps = { db, isLimited: config.authRateLimit, now };
  return betterAuth({
    appName: 'Core28',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        rateLimit: rateLimits,
        twoFactor: twoFactors,
      },
    }),
    // Through our logger, scrubbed: better-auth logs a failed query's error, parameters included
    // (a session or reset token). Every level is handed on; LOG_LEVEL decides what is written.
    logger: {
      level: 'debug',
      log: (level, message, ...args) =>
        log[level]({ args: scrubLogValue(args) }, `auth: ${scrubSecrets(message)}`),
    },
    // An error that is not better-auth's own refusal is thrown on to app.onError (503 during an
    // outage, the error logged scrubbed) instead of being printed whole to stderr by its router.
    onAPIError: { throw: true },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // The owner's way out of the per-account sign-in delay (limits.ts).
      onPasswordReset: async ({ user }) => clearSignInFailures(db, user.email),
      password: {
        hash: (password) => hash(password, ARGON2),
        verify: ({ hash: stored, password }) => verify(stored, password),
      },
      // DESIGN.md: the reset e-mail opens the auth page's recovery mode, not better-auth's redirect.
      sendResetPassword: async ({ user, token }) => {
        if (!(await mayMail(user.email, 'reset-password'))) return;
        const url = `${config.publicUrl}/auth?type=recovery&token=${encodeURIComponent(token)}`;
        await sendMail(
          actionEmail({
            to: user.email,
            kind: 'reset-password',
            subject: 'Reset your Core28 password',
            preview: 'Choose a new password for Core28. The link works once, for one hour.',
            intro: 'We received a request to reset the password of your Core28 account.',
            action: 'Choose a new password',
            url,
            outro:
              'The link works once and expires in one hour. If you did not ask for it, ignore this e-mail.',
          }),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url: verifyUrl }) => {
        if (!(await mayMail(user.email, 'verify-email'))) return;
        const url = withConfirmedCallback(verifyUrl);
        await sendMail(
          actionEmail({
            to: user.email,
            kind: 'verify-email',
            subject: 'Confirm your Core28 account',
            preview: 'One click to confirm your e-mail and start your 28-day core program.',
            intro: 'Welcome to Core28! Confirm your e-mail address to start your 28-day core program.',
            action: 'Confirm my e-mail',
            url,
            outro: 'The link expires in 24 hours. If you did not sign up, ignore this e-mail.',
          }),
        );
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      additionalFields: TWO_FACTOR_SESSION_FIELD,
    },
    // Google through OpenID Connect discovery (Google's by default), so any OIDC issuer can stand
    // in for it in tests; Apple through better-auth's own provider. Each only when configured.
    // openAPI: better-auth describes its own routes for /api/openapi.json (site/openapi.ts); its
    // Scalar page, which loads from a CDN, is not served.
    plugins: [
      openAPI({ disableDefaultReference: true }),
      twoFactorPlugin(),
      ...(config.google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'google',
                  clientId: config.google.clientId,
                  clientSecret: config.google.clientSecret,
                  discoveryUrl: config.google.discoveryUrl,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
    socialProviders: config.apple
      ? { apple: { clientId: config.apple.clientId, clientSecret: config.apple.clientSecret } }
      : {},
    account: { accountLinking: { enabled: true, trustedProviders: ['google', 'apple'] } },
    rateLimit: {
      enabled: config.authRateLimit,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 10, max: 3 },
        '/sign-up/email': { window: 60, max: 5 },
        '/request-password-reset': { window: 60, max: 3 },
        '/reset-password': { window: 60, max: 5 },
        '/send-verification-email': { window: 60, max: 3 },
        '/change-password': { window: 60, max: 5 },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => crypto.randomUUID() },
      useSecureCookies: false,
      cookiePrefix: 'core28',
      // Over https the session cookie is a __Host- cookie: Secure, path /, no Domain.
      cookies: isHttps ? { session_token: { name: '__Host-core28.session_token' } } : undefined,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/', secure: isHttps },
    },
    databaseHooks: {
      // Staff act as staff only in a session made by a second factor (two-factor.ts).
      session: {
        create: {
          before: async (session, ctx) => ({
            data: { ...session, twoFactorVerified: isSecondFactorSession(ctx) },
          }),
        },
      },
      user: {
        create: {
          // Every account has a profile from its first moment (spec §3 registration_date).
          after: async (user) => {
            await db
              .insert(profiles)
              .values({ userId: user.id, displayName: user.name.trim() || null })
              .onConflictDoNothing();
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const secondFactor = await beforeSecondFactor(ctx, limitDeps);
        if (secondFactor) return secondFactor;
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        if (ctx.path === '/sign-in/email' || ctx.path === '/sign-up/email') {
          if (!body.email || !body.password)
            throw new APIError('BAD_REQUEST', { message: MISSING_CREDENTIALS });
        }
        const newPassword = ctx.path === '/sign-up/email' ? body.password : body.newPassword;
        if (['/sign-up/email', '/reset-password', '/change-password'].includes(ctx.path)) {
          const unmet = typeof newPassword === 'string' ? unmetPasswordRules(newPassword) : [];
          if (unmet.length > 0)
            throw new APIError('BAD_REQUEST', { code: 'WEAK_PASSWORD', message: weakPasswordMessage(unmet) });
        }
        // Found by the fuzzer: a malformed address (a NUL character, say) must be refused as input,
        // before it reaches a query; better-auth then answers with its own validation message.
        const isPlausibleEmail =
          typeof body.email === 'string' && z.email().safeParse(body.email.trim()).success;
        if (ctx.path === '/sign-in/email' && isPlausibleEmail && config.authRateLimit) {
          // Per account, whatever the address: counted before the password is checked.
          const wait = await reserveSignInAttempt(db, { email: body.email as string, now: now() });
          if (wait)
            throw new APIError(
              'TOO_MANY_REQUESTS',
              {
                code: 'TOO_MANY_REQUESTS',
                message: `Too many wrong passwords for this account. Please wait ${describeWait(wait.retryAfterSeconds)} and try again, or reset your password.`,
              },
              { 'Retry-After': String(wait.retryAfterSeconds) },
            );
        }
        if (ctx.path === '/sign-in/email' && isPlausibleEmail) {
          // An unconfirmed account answers a wrong password as it answers the right one: whoever
          // tries learns nothing of the password. Only the right one asks for a new link (held to
          // the recipient's limits, above); the attempt stays counted as a wrong one.
          const [unconfirmed] = await db
            .select({ hash: accounts.password })
            .from(users)
            .innerJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, 'credential')))
            .where(
              and(
                eq(users.email, (body.email as string).trim().toLowerCase()),
                eq(users.emailVerified, false),
              ),
            );
          if (
            unconfirmed?.hash &&
            !(await verify(unconfirmed.hash, String(body.password)).catch(() => false))
          )
            throw new APIError('FORBIDDEN', { code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' });
        }
        // Whatever the client asks: a new password ends every other session (a thief's included).
        if (ctx.path === '/change-password')
          return { context: { body: { ...body, revokeOtherSessions: true } } };
        if (ctx.path === '/sign-up/email' && isPlausibleEmail) {
          // spec §8: the visitor is told the account exists and is switched to sign-in.
          const [existing] = await db
            .select({ id: users.id })
            .from(users)
            .where(eq(users.email, (body.email as string).trim().toLowerCase()));
          if (existing)
            throw new APIError('UNPROCESSABLE_ENTITY', {
              code: 'USER_ALREADY_EXISTS',
              message: 'User already registered',
            });
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        await afterSecondFactor(ctx, limitDeps);
        if (ctx.path !== '/sign-in/email' || !config.authRateLimit) return;
        const returned = ctx.context.returned;
        // Only a right password takes the reserved attempt back: a signed-in member, or an
        // unconfirmed account (403, checked after the password). Any other refusal stays counted.
        const isRightPassword =
          !isAPIError(returned) ||
          (returned.statusCode === 403 && returned.body?.code === 'EMAIL_NOT_VERIFIED');
        if (isRightPassword && typeof ctx.body?.email === 'string')
          await clearSignInFailures(db, ctx.body.email);
      }),
    },
  });
}

/** A confirmation link without a destination of its own (e.g. resent at sign-in) lands on the auth page. */
function withConfirmedCallback(verifyUrl: string) {
  const url = new URL(verifyUrl);
  const callback = url.searchParams.get('callbackURL');
  if (!callback || callback === '/') url.searchParams.set('callbackURL', EMAIL_CONFIRMED_CALLBACK);
  return url.toString();
}

export type Auth = ReturnType<typeof createAuth>;
export type SessionUser = Auth['$Infer']['Session']['user'];
