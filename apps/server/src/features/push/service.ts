import type { PushSubscriptionInput } from '@core28/core/push';
import { and, eq } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { DbOrTx } from '../../platform/db/index.ts';
import { pushSubscriptions } from '../../platform/db/schema.ts';

type Member = { userId: string };

/**
 * Turns push on for one browser (issue 21). An endpoint is one browser's: subscribed again by
 * another member signed in there, it becomes theirs, so the first never gets a second's pushes.
 */
export async function savePushSubscription(
  deps: Deps,
  { userId, input }: Member & { input: PushSubscriptionInput },
) {
  if (!deps.push.acceptsEndpoint(input.endpoint))
    throw new AppError('BAD_REQUEST', "The endpoint is not a browser's push service");
  const row = { userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth };
  await deps.db
    .insert(pushSubscriptions)
    .values({ ...row, createdAt: deps.now() })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: row });
  return { isSubscribed: true };
}

/** Turns push off for one browser; only the member's own subscription is touched. */
export async function deletePushSubscription(
  deps: Deps,
  { userId, endpoint }: Member & { endpoint: string },
) {
  await deps.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
  return { isSubscribed: false };
}

export const getPushKey = (deps: Deps) => ({ publicKey: deps.push.publicKey });

/**
 * Sends one notification to every browser the member turned push on in; a subscription the push
 * service says has ended (404/410) is forgotten. A push service that fails otherwise is logged and
 * skipped: the other browsers still get theirs. Who gets a push, and for what, is the caller's
 * (issue 20's notification preferences).
 */
export async function sendPush(
  deps: Deps,
  { userId, title, body, url }: Member & { title: string; body: string; url: string },
) {
  const targets = await deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  const payload = JSON.stringify({ title, body, url });
  let sent = 0;
  let removed = 0;
  for (const target of targets) {
    try {
      const outcome = await deps.push.send(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
      );
      if (outcome === 'sent') sent += 1;
      else {
        await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, target.id));
        removed += 1;
      }
    } catch (err) {
      deps.log.warn({ err, userId, subscription: target.id }, 'push not delivered');
    }
  }
  return { sent, removed, failed: targets.length - sent - removed };
}

/** Whether the member has a device to receive push notifications (issue 21: else the e-mail goes). */
export async function hasPushDevice(db: DbOrTx, { userId }: Member) {
  const [row] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .limit(1);
  return Boolean(row);
}
