import { and, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../db/index.ts';
import { mailOutbox, rateLimits } from '../db/schema.ts';

/*
 * Per-account limits, kept in better-auth's rate_limits table next to its per-client ones (keys
 * of ours start with "core28:"). better-auth deletes rows whose last_request is older than its
 * longest window (60 s), so our rows store in last_request the moment they stop mattering, and
 * live exactly as long as they are needed.
 */

/** Password guessing against one account, from any number of addresses. */
export const SIGN_IN_FAILURES = {
  /** Wrong passwords allowed before the account's sign-in waits. */
  free: 5,
  /** The wait after the 5th wrong password; it doubles with each further one... */
  firstDelaySeconds: 30,
  /** ...up to this (30 s, 1, 2, 4, 8 min, then 15 min). */
  maxDelaySeconds: 15 * 60,
  /** A day without a wrong password forgets them (so does a password reset or a right password). */
  memorySeconds: 24 * 60 * 60,
} as const;

/** Password checks for deleting an account: 5 a minute per member and per client, like change-password. */
export const DELETE_ACCOUNT_LIMIT = { windowSeconds: 60, max: 5 } as const;

/** Seconds the next sign-in must wait after this many wrong passwords in a row. */
export function signInDelaySeconds(failures: number): number {
  const { free, firstDelaySeconds, maxDelaySeconds } = SIGN_IN_FAILURES;
  if (failures < free) return 0;
  return Math.min(firstDelaySeconds * 2 ** (failures - free), maxDelaySeconds);
}

const signInKey = (email: string) => `core28:sign-in:${email.trim().toLowerCase()}`;

type Row = { count: number; lastRequest: number };

/**
 * Runs `decide` on the counter under a row lock, so concurrent requests queue instead of all
 * reading the same count; `decide` returns the row to write back and the answer.
 */
async function withCounter<T>(
  db: Database,
  key: string,
  decide: (row: Row) => { write: Row; result: T },
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx
      .insert(rateLimits)
      .values({ id: crypto.randomUUID(), key, count: 0, lastRequest: 0 })
      .onConflictDoNothing({ target: rateLimits.key });
    const [row] = await tx
      .select({ count: rateLimits.count, lastRequest: rateLimits.lastRequest })
      .from(rateLimits)
      .where(eq(rateLimits.key, key))
      .for('update');
    const { write, result } = decide(row ?? { count: 0, lastRequest: 0 });
    await tx.update(rateLimits).set(write).where(eq(rateLimits.key, key));
    return result;
  });
}

/**
 * Counts a sign-in attempt against the account before its password is checked (so parallel
 * guesses cannot all slip in); `clearSignInFailures` takes it back when the password was right.
 * Answers the seconds to wait instead when the account is in its delay; that attempt is not counted.
 */
export async function reserveSignInAttempt(
  db: Database,
  { email, now }: { email: string; now: Date },
): Promise<{ retryAfterSeconds: number } | null> {
  return reserveFailure(db, signInKey(email), now);
}

/** A right password, or a new one set through a reset link: the account's wrong passwords are forgotten. */
export async function clearSignInFailures(db: Database, email: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, signInKey(email)));
}

// The second factor's codes are guessed like passwords: the same free tries and delays, per
// account, beside the two-factor plugin's own lock.
const secondFactorKey = (userId: string) => `core28:two-factor:${userId}`;

/** Counts a sign-in's second-factor code against the account before it is checked (as passwords are). */
export async function reserveSecondFactorAttempt(
  db: Database,
  { userId, now }: { userId: string; now: Date },
): Promise<{ retryAfterSeconds: number } | null> {
  return reserveFailure(db, secondFactorKey(userId), now);
}

/** A right code: the account's wrong codes are forgotten. */
export async function clearSecondFactorFailures(db: Database, userId: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, secondFactorKey(userId)));
}

function reserveFailure(db: Database, key: string, now: Date) {
  const { memorySeconds } = SIGN_IN_FAILURES;
  const at = now.getTime();
  return withCounter(db, key, (row) => {
    // last_request holds when the failures are forgotten: the last one plus a day.
    const isForgotten = row.lastRequest <= at;
    const failures = isForgotten ? 0 : row.count;
    const lastFailure = row.lastRequest - memorySeconds * 1000;
    const waitUntil = lastFailure + signInDelaySeconds(failures) * 1000;
    if (!isForgotten && waitUntil > at)
      return { write: row, result: { retryAfterSeconds: Math.ceil((waitUntil - at) / 1000) } };
    return { write: { count: failures + 1, lastRequest: at + memorySeconds * 1000 }, result: null };
  });
}

/**
 * A fixed window of `max` attempts per `windowSeconds` for `key`; answers the seconds to wait
 * when the window is full (that attempt is not counted).
 */
export async function consumeAttempt(
  db: Database,
  { key, now, windowSeconds, max }: { key: string; now: Date; windowSeconds: number; max: number },
): Promise<{ retryAfterSeconds: number } | null> {
  const at = now.getTime();
  return withCounter(db, `core28:${key}`, (row) => {
    // last_request holds when the window ends.
    if (row.lastRequest <= at)
      return { write: { count: 1, lastRequest: at + windowSeconds * 1000 }, result: null };
    if (row.count >= max)
      return { write: row, result: { retryAfterSeconds: Math.ceil((row.lastRequest - at) / 1000) } };
    return { write: { count: row.count + 1, lastRequest: row.lastRequest }, result: null };
  });
}

/** "30 seconds", "2 minutes": how long a limit asks someone to wait. */
export function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** Per recipient: at most this many an hour, and none again within the cooldown. */
const RECIPIENT_LIMITS = {
  'verify-email': { perHour: 3, cooldownMinutes: 2 },
  'reset-password': { perHour: 3, cooldownMinutes: 1 },
} as const;

export type MailedKind = keyof typeof RECIPIENT_LIMITS;

/**
 * A stranger's inbox is not ours to flood: the confirmation and reset mails are limited per
 * recipient, whatever client asks (the limits per client do not see one client per request).
 * A mail held back is not an error: the answer is the same, the link already sent still works.
 */
export async function mayMailRecipient(
  { db, log }: { db: Database; log: Pick<Logger, 'info'> },
  to: string,
  kind: MailedKind,
) {
  const { perHour, cooldownMinutes } = RECIPIENT_LIMITS[kind];
  const [recent] = await db
    .select({
      lastHour: sql<number>`count(*)::int`,
      cooling: sql<number>`count(*) filter (where ${mailOutbox.createdAt} > now() - make_interval(mins => ${cooldownMinutes}))::int`,
    })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.to, to),
        sql`${mailOutbox.meta}->>'kind' = ${kind}`,
        sql`${mailOutbox.createdAt} > now() - interval '1 hour'`,
      ),
    );
  const isAllowed = (recent?.lastHour ?? 0) < perHour && (recent?.cooling ?? 0) === 0;
  if (!isAllowed) log.info({ kind }, 'a confirmation or reset mail was held back: its recipient had enough');
  return isAllowed;
}
