import { COACHING_REFUSED } from '@core28/core/entitlements';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { AppError } from '../../errors.ts';
import { type KeyedLimit, type RateLimit, takeFromLimits } from '../../platform/db/rate-limit.ts';
import { readMember, type SignedInEnv } from '../auth/session.ts';
import { planRequiredError } from '../subscriptions/entitlements.ts';
import { getEntitlements } from '../subscriptions/service.ts';

export { COACHING_REFUSED };

/**
 * 401 for visitors, 403 for members without coaching; afterwards `c.get('user')` is the member and
 * `c.get('isAdmin')` whether they are the coach.
 */
export async function decideCoaching(c: Context<SignedInEnv>) {
  // The session and the subscriber row in one statement.
  const member = await readMember(c);
  if (!member) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
  const { user, isAdmin, subscriber } = member;
  const entitlements = await getEntitlements(c.get('deps'), { user, isAdmin, subscriber });
  if (!entitlements.coaching) throw planRequiredError(entitlements, 'coaching');
}

export const requireCoaching = createMiddleware<SignedInEnv>(async (c, next) => {
  await decideCoaching(c);
  await next();
});

/**
 * For a route that decides its member itself when it can (a text message: postMessageWithSession),
 * and calls `decideCoaching` when it cannot: when anything before it refuses the request (its input,
 * say) and the member was not decided yet, the member is decided now, so a visitor still hears 401
 * and a member without coaching 403 before any word on their input, as behind `requireCoaching`.
 * (A refusal after that route's statement decided, a 429 or a 404, asks again: a rare path.)
 */
export const coachingBeforeErrors = createMiddleware<SignedInEnv>(async (c, next) => {
  await next();
  if (c.error && c.get('user') === undefined) await decideCoaching(c);
});

/**
 * One member posted 600 messages of 5,000 characters in 31 s. Each member may send 10
 * messages a minute and 200 a day, and open 10 topics an hour; the coach's replies are not limited.
 */
export const MEMBER_LIMITS = {
  message: [
    { name: 'minute', max: 10, windowMs: 60_000 },
    { name: 'day', max: 200, windowMs: 86_400_000 },
  ],
  topic: [{ name: 'hour', max: 10, windowMs: 3_600_000 }],
} satisfies Record<string, (RateLimit & { name: string })[]>;

const waitFor = (seconds: number) =>
  seconds < 90
    ? `${seconds} seconds`
    : seconds < 5400
      ? `${Math.ceil(seconds / 60)} minutes`
      : `${Math.ceil(seconds / 3600)} hours`;

/** The member's limits of this kind, keyed to them. */
export const memberLimits = (kind: keyof typeof MEMBER_LIMITS, userId: string): KeyedLimit[] =>
  MEMBER_LIMITS[kind].map((limit) => ({ ...limit, key: `coaching-${kind}:${limit.name}:${userId}` }));

/** 429, with how long to wait. */
export const sendingTooQuickly = (kind: keyof typeof MEMBER_LIMITS, retryAfterSeconds: number) =>
  new AppError(
    'TOO_MANY_REQUESTS',
    `You are sending ${kind === 'message' ? 'messages' : 'new topics'} too quickly. Please wait ${waitFor(retryAfterSeconds)} and try again.`,
    { retryAfter: retryAfterSeconds },
  );

/**
 * Counts the member's request against every limit of its kind in the database, in one statement.
 * (A text message takes its limits in the statement that writes it: messages.ts.)
 */
export const throttle = (kind: keyof typeof MEMBER_LIMITS) =>
  createMiddleware<SignedInEnv>(async (c, next) => {
    const { db, now } = c.get('deps');
    const taken = await takeFromLimits(db, memberLimits(kind, c.get('user').id), now());
    if (!taken.ok) throw sendingTooQuickly(kind, taken.retryAfterSeconds);
    await next();
  });
