import type { ContactInput } from '@core28/core/contact';
import { and, count, eq, gt, min, sql } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { oneRow } from '../../platform/db/index.ts';
import { contactMessages } from '../../platform/db/schema.ts';
import { escapeHtml } from '../../platform/html.ts';

const LIMIT = { messages: 3, windowMs: 10 * 60_000 };

/**
 * spec §5 Contact: the message is stored, then mailed to the team; at most 3 in 10 minutes from
 * one client address.
 */
export async function sendContactMessage(
  deps: Pick<Deps, 'db' | 'now' | 'mailer' | 'config' | 'log'>,
  { input, clientIp }: { input: ContactInput; clientIp: string },
) {
  const since = new Date(deps.now().getTime() - LIMIT.windowMs);
  // Count and insert under one lock per client, so concurrent posts cannot all see room for one
  // more (issue 15: 15-47 of 20-50 concurrent posts got through). Stored first: a failing mail
  // relay never loses a message (mailed_at stays empty for a resend).
  const stored = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`contact:${clientIp}`}))`);
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
    return oneRow(
      await tx
        .insert(contactMessages)
        .values({ ...input, clientIp, createdAt: deps.now() })
        .returning({ id: contactMessages.id }),
    );
  });
  try {
    await deps.mailer.send({
      to: deps.config.contactEmail,
      subject: `Contact form: ${input.name}`,
      text: `From: ${input.name} <${input.email}>\n\n${input.message}`,
      html: `<p><strong>From:</strong> ${escapeHtml(input.name)} &lt;${escapeHtml(input.email)}&gt;</p><p style="white-space:pre-wrap">${escapeHtml(input.message)}</p>`,
      meta: { kind: 'contact', replyTo: input.email },
    });
    await deps.db
      .update(contactMessages)
      .set({ mailedAt: deps.now() })
      .where(eq(contactMessages.id, stored.id));
  } catch (err) {
    deps.log.error({ err, contactMessageId: stored.id }, 'contact message stored but not mailed');
  }
  return { ok: true as const };
}
