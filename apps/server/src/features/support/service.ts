import { SUPPORT_PAGE_SIZE, type SupportPriority, type SupportView } from '@core28/core/contact';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { rawRows as rows } from '../../platform/db/index.ts';
import { contactMessages } from '../../platform/db/schema.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { supportReplyEmail } from '../../platform/mail/templates.ts';

// The support inbox: the contact form's messages for staff with the `support` capability.
// Priority support: a message whose e-mail is a member's on 1-on-1 Burn comes first, then The
// Daily Core, then everyone else, each group oldest first. Handled ones are a view of their own.

const NOT_FOUND = 'Message not found';

/** The writer's standing, by e-mail → users → subscribers (a paid plan, not a trial). */
const prioritySql = sql`(select case
    when s.subscription_tier = '1-on-1 Burn' then 'burn'
    when s.subscription_tier = 'The Daily Core' then 'daily-core'
  end
  from users u join subscribers s on s.user_id = u.id
  where u.email = lower(c.email) and s.subscribed and not s.is_trial)`;

type Row = {
  id: string;
  name: string;
  email: string;
  message: string;
  createdAt: Date | string;
  handledAt: Date | string | null;
  handledByName: string | null;
  priority: Exclude<SupportPriority, 'other'> | null;
  memberId: string | null;
};

const select = sql`select c.id, c.name, c.email, c.message, c.created_at as "createdAt",
    c.handled_at as "handledAt", coalesce(nullif(trim(h.name), ''), h.email) as "handledByName",
    ${prioritySql} as priority, (select u.id from users u where u.email = lower(c.email)) as "memberId"
  from contact_messages c left join users h on h.id = c.handled_by`;

const toMessage = (row: Row) => ({
  id: row.id,
  name: row.name,
  email: row.email,
  message: row.message,
  createdAt: new Date(row.createdAt).toISOString(),
  handledAt: row.handledAt === null ? null : new Date(row.handledAt).toISOString(),
  handledByName: row.handledByName,
  priority: (row.priority ?? 'other') as SupportPriority,
  memberId: row.memberId,
});

/** One page of the open messages (priority, then oldest first) or of the handled (latest first). */
export async function listSupportMessages(
  { db }: Pick<Deps, 'db'>,
  { view, page }: { view: SupportView; page: number },
) {
  const open = view === 'open';
  const where = open ? sql`c.handled_at is null` : sql`c.handled_at is not null`;
  const order = open
    ? sql`case priority when 'burn' then 0 when 'daily-core' then 1 else 2 end, "createdAt", id`
    : sql`"handledAt" desc, id desc`;
  const [found, [counted]] = await Promise.all([
    rows<Row>(
      db,
      sql`select * from (${select} where ${where}) m order by ${order}
          limit ${SUPPORT_PAGE_SIZE} offset ${(page - 1) * SUPPORT_PAGE_SIZE}`,
    ),
    rows<{ total: number }>(db, sql`select count(*)::int as total from contact_messages c where ${where}`),
  ]);
  const total = counted?.total ?? 0;
  return {
    view,
    page,
    pageSize: SUPPORT_PAGE_SIZE,
    total,
    pageCount: Math.max(1, Math.ceil(total / SUPPORT_PAGE_SIZE)),
    messages: found.map(toMessage),
  };
}

export async function getSupportMessage({ db }: Pick<Deps, 'db'>, { messageId }: { messageId: string }) {
  const [row] = await rows<Row>(db, sql`${select} where c.id = ${messageId}`);
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return { message: toMessage(row) };
}

/** Marks a message handled by this staff member, or open again. */
export async function setSupportHandled(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  { messageId, handled, staffId }: { messageId: string; handled: boolean; staffId: string },
) {
  const [row] = await db
    .update(contactMessages)
    .set(handled ? { handledAt: now(), handledBy: staffId } : { handledAt: null, handledBy: null })
    .where(eq(contactMessages.id, messageId))
    .returning({ id: contactMessages.id });
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return getSupportMessage({ db }, { messageId });
}

/**
 * Answers the writer by e-mail through the mail outbox (Reply-To the business's contact address,
 * where their answer comes back as a new contact mail), and marks the message handled when it was
 * open, in one transaction.
 */
export async function replyToSupportMessage(
  deps: Pick<Deps, 'db' | 'now' | 'config' | 'jobs'>,
  { messageId, reply, staffId }: { messageId: string; reply: string; staffId: string },
) {
  await deps.db.transaction(async (tx) => {
    const [message] = await tx
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, messageId))
      .for('update');
    if (!message) throw new AppError('NOT_FOUND', NOT_FOUND);
    await enqueueMail(
      deps,
      tx,
      supportReplyEmail({
        to: message.email,
        replyTo: deps.config.contactEmail,
        name: message.name,
        reply,
        original: message.message,
        contactMessageId: message.id,
      }),
    );
    await tx
      .update(contactMessages)
      .set({ handledAt: deps.now(), handledBy: staffId })
      .where(and(eq(contactMessages.id, messageId), isNull(contactMessages.handledAt)));
  });
  return getSupportMessage(deps, { messageId });
}
