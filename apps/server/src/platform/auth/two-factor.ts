import { APIError } from 'better-auth';
import { isAPIError } from 'better-auth/api';
import { twoFactor } from 'better-auth/plugins/two-factor';
import type { Database } from '../db/index.ts';
import { clearSecondFactorFailures, describeWait, reserveSecondFactorAttempt } from './limits.ts';

/*
 * The second factor: TOTP from an authenticator app, with ten single-use backup codes. No codes
 * by e-mail (a mailbox is what a stolen password often comes with) and no "trust this device":
 * a staff sign-in always asks for the code.
 */

export const TOTP_ISSUER = 'Core28';

/** The plugin's endpoints that end a sign-in with a second factor: only their sessions are verified. */
export const VERIFYING_PATHS: ReadonlySet<string> = new Set([
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
]);

export const twoFactorPlugin = () =>
  twoFactor({
    issuer: TOTP_ISSUER,
    // Counted per account across challenges; our per-account delays (limits.ts) come first.
    accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 15 * 60 },
    backupCodeOptions: { amount: 10, length: 10, storeBackupCodes: 'encrypted' },
  });

/** The session's own field: set on creation only, never by the client. */
export const TWO_FACTOR_SESSION_FIELD = {
  twoFactorVerified: { type: 'boolean', required: false, defaultValue: false, input: false },
} as const;

type HookContext = { path?: string; context: { session?: { session: object } | null } } | null;

/**
 * Whether a session about to be created passed a second factor: made by verify-totp (a sign-in's
 * code, or the code that confirms enrolment) or verify-backup-code. A new password keeps the
 * session's standing (change-password replaces the session); every other path — password
 * sign-in, the recovery link's sign-in, social sign-in, sign-up, turning the factor off — is not.
 */
export function isSecondFactorSession(ctx: HookContext): boolean {
  const path = ctx?.path ?? '';
  if (VERIFYING_PATHS.has(path)) return true;
  if (path === '/change-password') {
    const current = ctx?.context.session?.session as { twoFactorVerified?: boolean } | undefined;
    return current?.twoFactorVerified === true;
  }
  return false;
}

type LimitDeps = { db: Database; isLimited: boolean; now: () => Date };
type EndpointContext = {
  path: string;
  body?: unknown;
  getSignedCookie: (name: string, secret: string) => Promise<string | null | false>;
  context: {
    secret: string;
    createAuthCookie: (name: string) => { name: string };
    internalAdapter: { findVerificationValue: (id: string) => Promise<{ value: string } | null> };
    newSession?: { user: { id: string } } | null;
    returned?: unknown;
  };
};

/** The account a sign-in's pending second factor belongs to (its two_factor cookie), if any. */
async function pendingAccount(ctx: EndpointContext): Promise<string | null> {
  const cookie = ctx.context.createAuthCookie('two_factor');
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return null;
  const pending = await ctx.context.internalAdapter.findVerificationValue(identifier);
  return pending?.value ?? null;
}

/**
 * Before a code is checked: trust-device is never honoured, and a sign-in's code counts against
 * the account like a password does (limits.ts), so guessing codes from many clients waits too.
 * Answers the body to use instead of the client's.
 */
export async function beforeSecondFactor(ctx: EndpointContext, deps: LimitDeps) {
  // Anything but an object is left to the endpoint's own validation.
  if (!VERIFYING_PATHS.has(ctx.path) || typeof ctx.body !== 'object' || ctx.body === null) return null;
  if (deps.isLimited) {
    const userId = await pendingAccount(ctx);
    const wait = userId && (await reserveSecondFactorAttempt(deps.db, { userId, now: deps.now() }));
    if (wait)
      throw new APIError(
        'TOO_MANY_REQUESTS',
        {
          code: 'TOO_MANY_REQUESTS',
          message: `Too many wrong codes for this account. Please wait ${describeWait(wait.retryAfterSeconds)} and try again.`,
        },
        { 'Retry-After': String(wait.retryAfterSeconds) },
      );
  }
  return { context: { body: { ...(ctx.body as object), trustDevice: false } } };
}

/** A right code takes the reserved attempt back. */
export async function afterSecondFactor(ctx: EndpointContext, deps: LimitDeps) {
  if (!VERIFYING_PATHS.has(ctx.path) || !deps.isLimited || isAPIError(ctx.context.returned)) return;
  const userId = ctx.context.newSession?.user.id;
  if (userId) await clearSecondFactorFailures(deps.db, userId);
}
