import { createHash } from 'node:crypto';
import type { PushSubscriptionInput } from '@core28/core/push';
import { and, asc, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { DbOrTx } from '../../platform/db/index.ts';
import { pushSubscriptions } from '../../platform/db/schema.ts';

type Member = { userId: string };

/**
 * A member's devices at most: each push goes to every one in turn (each up to the sender's
 * timeout), so without a bound one member could make every notification of theirs a long job.
 */
export const MAX_PUSH_DEVICES = 10;

/**
 * Turns push on for one browser. An endpoint is one browser's: subscribed again by
 * another member signed in there, it becomes theirs, so the first never gets a second's pushes.
 * The member's newest MAX_PUSH_DEVICES are kept: an 11th replaces the longest registered.
 */
export async function savePushSubscription(
  deps: Deps,
  { userId, input }: Member & { input: PushSubscriptionInput },
) {
  if (!deps.push.acceptsEndpoint(input.endpoint))
    throw new AppError('BAD_REQUEST', "The endpoint is not a browser's push service");
  const row = { userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth };
  await deps.db.transaction(async (tx) => {
    // One member's registrations one at a time, so two at once cannot both keep the 10 they saw.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`push-devices:${userId}`}))`);
    await tx
      .insert(pushSubscriptions)
      .values({ ...row, createdAt: deps.now() })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        // The same member again keeps its place; a browser taken over is the new member's newest.
        set: {
          ...row,
          createdAt: sql`case when ${pushSubscriptions.userId} = excluded.user_id
            then ${pushSubscriptions.createdAt} else excluded.created_at end`,
        },
      });
    const kept = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(MAX_PUSH_DEVICES);
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, kept)));
  });
  return { isSubscribed: true };
}

/**
 * The member's devices, for /profile and their data export: the push service's host and when,
 * not the endpoint or its keys (a bearer secret to whoever holds them).
 */
/** The first 16 hex digits of the endpoint's SHA-256 (the web computes the same for its own). */
const endpointKeyOf = (endpoint: string) => createHash('sha256').update(endpoint).digest('hex').slice(0, 16);

export async function listPushDevices({ db }: Pick<Deps, 'db'>, { userId }: Member) {
  const rows = await db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      createdAt: pushSubscriptions.createdAt,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
  return rows.map((r) => ({
    id: r.id,
    host: new URL(r.endpoint).host,
    // Lets a browser tell its own subscription in the list without the endpoint being sent back.
    endpointKey: endpointKeyOf(r.endpoint),
    createdAt: r.createdAt.toISOString(),
  }));
}

/** Removes one of the member's devices from /profile (another member's id changes nothing). */
export async function removePushDevice(deps: Pick<Deps, 'db'>, { userId, id }: Member & { id: number }) {
  await deps.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.id, id)));
  return { devices: await listPushDevices(deps, { userId }) };
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
 * (the notification preferences).
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

/** Whether the member has a device to receive push notifications (else the e-mail goes). */
export async function hasPushDevice(db: DbOrTx, { userId }: Member) {
  const [row] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .limit(1);
  return Boolean(row);
}
