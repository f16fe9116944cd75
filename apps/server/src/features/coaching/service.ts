import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { type Database, type DbOrTx, oneRow, rowsOf } from '../../platform/db/index.ts';
import { discussionMessages, discussionTopics, profiles, users } from '../../platform/db/schema.ts';
import { publication, publish, realtimeChannel } from '../../platform/realtime/channel.ts';
import {
  type MessageRow,
  memberName,
  messageColumns,
  toLiveMessage,
  topicColumns,
  toTopic,
  unreadFor,
} from './rows.ts';

/** Coaching's channel on the realtime hub (spec §7 live subscriptions); its key is the topic. */
export const COACHING_LIVE = realtimeChannel<CoachingNotice>('coaching');

/** What travels through NOTIFY: ids only (a payload is capped at 8 kB), loaded at delivery. */
export type CoachingNotice =
  | { t: 'message'; topicId: string; ownerId: string; messageId: string }
  | { t: 'topic'; topicId: string; ownerId: string };

/** Sent when the transaction commits, and only if it does; a topic's events stay in order. */
const notify = (tx: DbOrTx, notice: CoachingNotice) => publish(tx, COACHING_LIVE, notice.topicId, notice);

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

const TOPIC_NOT_FOUND = 'Discussion topic not found';

/** issue 22: a stored photo or video sent with a message (attachments.ts stores and checks it). */
export type StoredAttachment = { key: string; type: string; size: number };
type WithAttachment = { attachment?: StoredAttachment };
const readMessages = (db: Database, topicId: string) =>
  db
    .select(messageColumns)
    .from(discussionMessages)
    .where(eq(discussionMessages.topicId, topicId))
    .orderBy(asc(discussionMessages.createdAt), asc(discussionMessages.id))
    .then((rows) => rows.map(toLiveMessage));

// ---- the member's side (spec §7: read by user ordered by updated_at descending) ----

export async function listMemberTopics({ db }: Pick<Deps, 'db'>, { userId }: { userId: string }) {
  const rows = await db
    .select({ ...topicColumns, unreadCount: unreadFor('member') })
    .from(discussionTopics)
    .where(eq(discussionTopics.userId, userId))
    .orderBy(desc(discussionTopics.updatedAt), desc(discussionTopics.id));
  return rows.map(toTopic);
}

export async function createTopic(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  { userId, input }: { userId: string; input: { title: string; description: string } },
) {
  const at = now();
  return db.transaction(async (tx) => {
    const row = oneRow(
      await tx
        .insert(discussionTopics)
        .values({
          userId,
          title: input.title,
          description: input.description || null,
          createdAt: at,
          updatedAt: at,
        })
        .returning(),
    );
    await notify(tx, { t: 'topic', topicId: row.id, ownerId: userId });
    return toTopic({ ...row, lastMessageAt: null, unreadCount: 0 });
  });
}

async function findOwnTopic(db: Database, userId: string, topicId: string) {
  const [row] = await db
    .select({ ...topicColumns, unreadCount: unreadFor('member') })
    .from(discussionTopics)
    .where(and(eq(discussionTopics.id, topicId), eq(discussionTopics.userId, userId)));
  // Another member's topic is indistinguishable from one that does not exist.
  if (!row) throw new AppError('NOT_FOUND', TOPIC_NOT_FOUND);
  return row;
}

/** Before an upload is read (issue 22): 404 unless the topic is the member's, or for the coach exists. */
export async function assertTopicFor(
  { db }: Pick<Deps, 'db'>,
  { userId, topicId }: { userId: string | null; topicId: string },
) {
  const [row] = await db
    .select({ id: discussionTopics.id })
    .from(discussionTopics)
    .where(
      userId === null
        ? eq(discussionTopics.id, topicId)
        : and(eq(discussionTopics.id, topicId), eq(discussionTopics.userId, userId)),
    );
  if (!row) throw new AppError('NOT_FOUND', TOPIC_NOT_FOUND);
}

export async function getMemberConversation(
  { db }: Pick<Deps, 'db'>,
  { userId, topicId }: { userId: string; topicId: string },
) {
  const topic = await findOwnTopic(db, userId, topicId);
  return { topic: toTopic(topic), messages: await readMessages(db, topicId) };
}

/**
 * A member's message is read by the member as it is sent and unread for the coach. Writing in
 * an archived conversation brings it back to the coach's Active tab, or nobody would see it.
 */
export async function postMemberMessage(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  {
    userId,
    topicId,
    message,
    attachment,
  }: { userId: string; topicId: string; message: string } & WithAttachment,
) {
  const row = newMessageRow({ topicId, userId, message, isCoachReply: false, at: now(), attachment });
  const live = publication(db, COACHING_LIVE, topicId, { ...messageNotice(row), ownerId: userId });
  const written = await rowsOf(
    db,
    sql`
    with topic as (
      update ${discussionTopics} set updated_at = ${row.createdAt.toISOString()}::timestamptz, is_archived = false
      where id = ${topicId} and user_id = ${userId}
      returning id
    ), message as (${insertMessage(row, attachment)})
    select ${live.notify} from message`,
  );
  if (written.length === 0) throw new AppError('NOT_FOUND', TOPIC_NOT_FOUND);
  const sent = toLiveMessage(row);
  live.sent({ ...messageNotice(row), ownerId: userId }, { type: 'message', topicId, message: sent });
  return sent;
}

/** spec §4: coach replies stay unread for the member until the member opens the topic. */
export async function markReadByMember(
  { db }: Pick<Deps, 'db'>,
  { userId, topicId }: { userId: string; topicId: string },
) {
  await findOwnTopic(db, userId, topicId);
  return db.transaction(async (tx) => {
    const marked = await tx
      .update(discussionMessages)
      .set({ readByUser: true })
      .where(
        and(
          eq(discussionMessages.topicId, topicId),
          eq(discussionMessages.isCoachReply, true),
          eq(discussionMessages.readByUser, false),
        ),
      )
      .returning({ id: discussionMessages.id });
    if (marked.length > 0) await notify(tx, { t: 'topic', topicId, ownerId: userId });
    return { marked: marked.length };
  });
}

// ---- the coach's side ----

export async function listCoachTopics({ db }: Pick<Deps, 'db'>, { archived }: { archived: boolean }) {
  const rows = await db
    .select({ ...topicColumns, unreadCount: unreadFor('coach'), userName: memberName })
    .from(discussionTopics)
    .innerJoin(users, eq(users.id, discussionTopics.userId))
    .leftJoin(profiles, eq(profiles.userId, discussionTopics.userId))
    .where(eq(discussionTopics.isArchived, archived))
    .orderBy(desc(discussionTopics.updatedAt), desc(discussionTopics.id))
    .limit(500);
  return rows.map((row) => ({ ...toTopic(row), userName: row.userName }));
}

export async function getCoachConversation({ db }: Pick<Deps, 'db'>, { topicId }: { topicId: string }) {
  const [row] = await db
    .select({ ...topicColumns, unreadCount: unreadFor('coach'), userName: memberName })
    .from(discussionTopics)
    .innerJoin(users, eq(users.id, discussionTopics.userId))
    .leftJoin(profiles, eq(profiles.userId, discussionTopics.userId))
    .where(eq(discussionTopics.id, topicId));
  if (!row) throw new AppError('NOT_FOUND', TOPIC_NOT_FOUND);
  return { topic: { ...toTopic(row), userName: row.userName }, messages: await readMessages(db, topicId) };
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
  const written = await rowsOf<{ owner_id: string }>(
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

/** spec §4: when the coach opens a topic the member's messages are marked read. */
export async function markReadByCoach({ db }: Pick<Deps, 'db'>, { topicId }: { topicId: string }) {
  return db.transaction(async (tx) => {
    const marked = await tx
      .update(discussionMessages)
      .set({ readByCoach: true })
      .where(
        and(
          eq(discussionMessages.topicId, topicId),
          eq(discussionMessages.isCoachReply, false),
          eq(discussionMessages.readByCoach, false),
        ),
      )
      .returning({ ownerId: discussionMessages.userId });
    const [first] = marked;
    if (first) await notify(tx, { t: 'topic', topicId, ownerId: first.ownerId });
    return { marked: marked.length };
  });
}

export async function setTopicArchived(
  { db }: Pick<Deps, 'db'>,
  { topicId, isArchived }: { topicId: string; isArchived: boolean },
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(discussionTopics)
      .set({ isArchived })
      .where(eq(discussionTopics.id, topicId))
      .returning({
        id: discussionTopics.id,
        userId: discussionTopics.userId,
        isArchived: discussionTopics.isArchived,
      });
    if (!row) throw new AppError('NOT_FOUND', TOPIC_NOT_FOUND);
    await notify(tx, { t: 'topic', topicId, ownerId: row.userId });
    return row;
  });
}

/** One message, for delivery to live sockets. */
export async function findMessage({ db }: Pick<Deps, 'db'>, { messageId }: { messageId: string }) {
  const [row] = await db
    .select(messageColumns)
    .from(discussionMessages)
    .where(eq(discussionMessages.id, messageId));
  return row ? toLiveMessage(row) : null;
}
