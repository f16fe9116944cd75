import type { ContactInput } from '@core28/core/contact';
import { and, count, eq, gt, isNull, min, sql } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { KEY_USED_FOR_ANOTHER_REQUEST } from '../../platform/db/idempotency.ts';
import type { DbOrTx } from '../../platform/db/index.ts';
import { contactMessages } from '../../platform/db/schema.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { contactEmail } from '../../platform/mail/templates.ts';

const LIMIT = { messages: 3, windowMs: 10 * 60_000 };

/**
 * spec §5 Contact: the message is stored and mailed to the team; at most 3 in 10 minutes from
 * one client address. The mail is an outbox row written in the same transaction and
 * sent by the mail queue, so a relay that is down or hangs neither loses it nor holds the request.
 */
export async function sendContactMessage(
  deps: Pick<Deps, 'db' | 'now' | 'config' | 'jobs'>,
  { input, clientIp, id }: { input: ContactInput; clientIp: string; id?: string | null | undefined },
) {
  const since = new Date(deps.now().getTime() - LIMIT.windowMs);
  // Count and insert under one lock per client, so concurrent posts cannot all see room for one
  // more (15-47 of 20-50 concurrent posts got through).
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`contact:${clientIp}`}))`);
    if (id && (await sentBefore(tx, id, input))) return;
    const [recent] = await tx
      .select({ n: count(), oldest: min(contactMessages.createdAt) })
      .from(contactMessages)
      .where(and(eq(contactMessages.clientIp, clientIp), gt(contactMessages.createdAt, since)));
    if (recent && recent.n >= LIMIT.messages) {
      const freeAt = (recent.oldest ?? since).getTime() + LIMIT.windowMs;
      throw new AppError(
        'TOO_MANY_REQUESTS',
        'You have sent several messages already. Please try again in a few minutes.',
        { retryAfter: Math.max(1, Math.ceil((freeAt - deps.now().getTime()) / 1000)) },
      );
    }
    const [stored] = await tx
      .insert(contactMessages)
      .values({ ...(id ? { id } : {}), ...input, clientIp, createdAt: deps.now(), mailedAt: deps.now() })
      .onConflictDoNothing()
      .returning({ id: contactMessages.id });
    // None: a copy under the same key from another address committed first (it mailed it).
    if (stored) await mailToTeam(deps, tx, { ...input, id: stored.id });
  });
  return { ok: true as const };
}

/**
 * The message under the visitor's Idempotency-Key (its id) was stored already: sent again after
 * its answer was lost, it is answered again and mailed once, ahead of the limit. Another message
 * under the key is a 409. The address is not compared: a phone may change networks in between.
 */
async function sentBefore(tx: DbOrTx, id: string, input: ContactInput) {
  const [stored] = await tx
    .select({ name: contactMessages.name, email: contactMessages.email, message: contactMessages.message })
    .from(contactMessages)
    .where(eq(contactMessages.id, id));
  if (!stored) return false;
  if (stored.name !== input.name || stored.email !== input.email || stored.message !== input.message)
    throw new AppError('CONFLICT', KEY_USED_FOR_ANOTHER_REQUEST);
  return true;
}

const mailToTeam = (
  deps: Pick<Deps, 'config' | 'jobs'>,
  tx: DbOrTx,
  message: { id: string; name: string; email: string; message: string },
) =>
  enqueueMail(
    deps,
    tx,
    contactEmail({ to: deps.config.contactEmail, ...message, contactMessageId: message.id }),
  );

/**
 * Messages stored before the mail outbox existed whose mail the relay refused (mailed_at empty) go to the outbox
 * once; run at start-up, a row at a time, so two instances starting together mail each once.
 */
export async function mailStoredContactMessages(deps: Pick<Deps, 'db' | 'now' | 'config' | 'jobs'>) {
  const unsent = await deps.db
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(isNull(contactMessages.mailedAt));
  for (const { id } of unsent) {
    await deps.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(contactMessages)
        .set({ mailedAt: deps.now() })
        .where(and(eq(contactMessages.id, id), isNull(contactMessages.mailedAt)))
        .returning();
      if (claimed) await mailToTeam(deps, tx, claimed);
    });
  }
  return unsent.length;
}
