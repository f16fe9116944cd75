import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { namedRows } from '../../platform/db/prepared.ts';
import { type KeyedLimit, limitsTaking, secondsUntilAllowed } from '../../platform/db/rate-limit.ts';
import { discussionMessages, discussionTopics } from '../../platform/db/schema.ts';
import { publication, realtimeChannel } from '../../platform/realtime/channel.ts';
import { sendingTooQuickly } from './guard.ts';
import { type MessageRow, messageColumns, toLiveMessage } from './rows.ts';

// Coaching's messages: written with their live event in one statement each (issue 23), and the
// channel they travel on. The topics' reads and the read flags are in service.ts.

/** Coaching's channel on the realtime hub (spec §7 live subscriptions); its key is the topic. */
export const COACHING_LIVE = realtimeChannel<CoachingNotice>('coaching');

/** What travels through NOTIFY: ids only (a payload is capped at 8 kB), loaded at delivery. */
export type CoachingNotice =
  | { t: 'message'; topicId: string; ownerId: string; messageId: string }
  | { t: 'topic'; topicId: string; ownerId: string };

export const TOPIC_NOT_FOUND = 'Discussion topic not found';

/** issue 22: a stored photo or video sent with a message (attachments.ts stores and checks it). */
export type StoredAttachment = { key: string; type: string; size: number };
type WithAttachment = { attachment?: StoredAttachment };
/** A new message's notice: this instance sends the row at hand, the others load it by id (live.ts). */
const messageNotice = (row: MessageRow) =>
  ({ t: 'message', topicId: row.topicId, messageId: row.id }) as const;

/** A message as it will be stored (its id made here, so its notice can go in the same statement). */
function newMessageRow({
  topicId,
  userId,
  message,
  isCoachReply,
  at,
  attachment,
}: {
  topicId: string;
  userId: string;
  message: string;
  isCoachReply: boolean;
  at: Date;
} & WithAttachment): MessageRow {
  return {
    id: randomUUID(),
    topicId,
    userId,
    message,
    createdAt: at,
    isCoachReply,
    // Read by its writer; unread for the other side.
    readByUser: !isCoachReply,
    attachmentType: attachment?.type ?? null,
    attachmentSize: attachment?.size ?? null,
  };
}

/** Inserts `row` into the topic the statement's `topic` CTE found (none: nothing is written). */
const insertMessage = (row: MessageRow, attachment: StoredAttachment | undefined) => sql`
  insert into ${discussionMessages}
    (id, topic_id, user_id, message, is_coach_reply, read_by_user, read_by_coach, created_at,
     attachment_key, attachment_type, attachment_size)
  select ${row.id}::uuid, topic.id, ${row.userId}, ${row.message}, ${row.isCoachReply}, ${row.readByUser},
    ${row.isCoachReply}, ${row.createdAt.toISOString()}::timestamptz, ${attachment?.key ?? null},
    ${row.attachmentType}, ${row.attachmentSize}::integer
  from topic
  returning id`;

/**
 * A member's message is read by the member as it is sent and unread for the coach. Writing in
 * an archived conversation brings it back to the coach's Active tab, or nobody would see it.
 * `limits` (a text message's): taken in the same statement, which writes the message only if all
 * were taken (issue 23: one round trip and one commit instead of two). A message with a photo took
 * them before its upload was read (routes.ts).
 */
export async function postMemberMessage(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  {
    userId,
    topicId,
    message,
    attachment,
    limits = [],
  }: { userId: string; topicId: string; message: string; limits?: KeyedLimit[] } & WithAttachment,
) {
  const at = now();
  const row = newMessageRow({ topicId, userId, message, isCoachReply: false, at, attachment });
  const live = publication(db, COACHING_LIVE, topicId, { ...messageNotice(row), ownerId: userId });
  const taking = limits.length > 0 ? limitsTaking(limits, at) : null;
  const [written] = await namedRows<{ taken: number; written: number }>(
    db,
    sql`
    with ${taking ? sql`${taking.ctes},` : sql``}
    topic as (
      update ${discussionTopics} set updated_at = ${row.createdAt.toISOString()}::timestamptz, is_archived = false
      where id = ${topicId} and user_id = ${userId}
        ${taking ? sql`and ${taking.count} = ${limits.length}` : sql``}
      returning id
    ), message as (${insertMessage(row, attachment)})
    select ${taking ? taking.count : sql`0`} as taken, (select count(*)::integer from message) as written,
      (select ${live.notify} from message) as notified`,
  );
  if (taking && written?.taken !== limits.length)
    throw sendingTooQuickly('message', await secondsUntilAllowed(db, limits, at));
  if (!written?.written) throw new AppError('NOT_FOUND', TOPIC_NOT_FOUND);
  const sent = toLiveMessage(row);
  live.sent({ ...messageNotice(row), ownerId: userId }, { type: 'message', topicId, message: sent });
  return sent;
}

/**
 * spec §4: archived topics cannot receive coach replies. The topic's update locks its row and
 * re-checks it against a racing archive; only a refusal reads the topic again, to say why.
 */
export async function postCoachReply(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  {
    coachId,
    topicId,
    message,
    attachment,
  }: { coachId: string; topicId: string; message: string } & WithAttachment,
) {
  const row = newMessageRow({ topicId, userId: coachId, message, isCoachReply: true, at: now(), attachment });
  // The member who owns the topic is known to the statement only: it fills the notice in.
  const live = publication(
    db,
    COACHING_LIVE,
    topicId,
    { ...messageNotice(row), ownerId: '' },
    { ownerId: sql`topic.user_id` },
  );
  const written = await namedRows<{ owner_id: string }>(
    db,
    sql`
    with topic as (
      update ${discussionTopics} set updated_at = ${row.createdAt.toISOString()}::timestamptz
      where id = ${topicId} and not is_archived
      returning id, user_id
    ), message as (${insertMessage(row, attachment)})
    select topic.user_id as owner_id, ${live.notify} from message cross join topic`,
  );
  const [reply] = written;
  if (!reply) {
    const [topic] = await db
      .select({ isArchived: discussionTopics.isArchived })
      .from(discussionTopics)
      .where(eq(discussionTopics.id, topicId));
    if (!topic) throw new AppError('NOT_FOUND', TOPIC_NOT_FOUND);
    throw new AppError('CONFLICT', 'This topic is archived. Restore it from the archive to reply.');
  }
  const sent = toLiveMessage(row);
  live.sent({ ...messageNotice(row), ownerId: reply.owner_id }, { type: 'message', topicId, message: sent });
  return sent;
}

/** One message, for delivery to live sockets. */
export async function findMessage({ db }: Pick<Deps, 'db'>, { messageId }: { messageId: string }) {
  const [row] = await db
    .select(messageColumns)
    .from(discussionMessages)
    .where(eq(discussionMessages.id, messageId));
  return row ? toLiveMessage(row) : null;
}
