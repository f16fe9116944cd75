import { and, asc, desc, eq } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { type Database, type DbOrTx, oneRow } from '../../platform/db/index.ts';
import { discussionMessages, discussionTopics, profiles, users } from '../../platform/db/schema.ts';
import { publish, realtimeChannel } from '../../platform/realtime/channel.ts';
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

/** A new message: this instance sends the row at hand; the others load it by id (live.ts). */
function notifyMessage(tx: DbOrTx, { ownerId, row }: { ownerId: string; row: MessageRow }) {
  const message = toLiveMessage(row);
  const notice = { t: 'message', topicId: row.topicId, ownerId, messageId: row.id } as const;
  return publish(tx, COACHING_LIVE, row.topicId, notice, { type: 'message', topicId: row.topicId, message });
}

const TOPIC_NOT_FOUND = 'Discussion topic not found';

/** issue 22: a stored photo or video sent with a message (attachments.ts stores and checks it). */
export type StoredAttachment = { key: string; type: string; size: number };
type WithAttachment = { attachment?: StoredAttachment };
const attachmentColumns = (attachment: StoredAttachment | undefined) =>
  attachment
    ? { attachmentKey: attachment.key, attachmentType: attachment.type, attachmentSize: attachment.size }
    : {};

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
  const at = now();
  return db.transaction(async (tx) => {
    const [topic] = await tx
      .update(discussionTopics)
      .set({ updatedAt: at, isArchived: false })
      .where(and(eq(discussionTopics.id, topicId), eq(discussionTopics.userId, userId)))
      .returning({ id: discussionTopics.id });
    if (!topic) throw new AppError('NOT_FOUND', TOPIC_NOT_FOUND);
    const row = oneRow(
      await tx
        .insert(discussionMessages)
        .values({
          topicId,
          userId,
          message,
          isCoachReply: false,
          readByUser: true,
          readByCoach: false,
          createdAt: at,
          ...attachmentColumns(attachment),
        })
        .returning(messageColumns),
    );
    await notifyMessage(tx, { ownerId: userId, row });
    return toLiveMessage(row);
  });
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

/** spec §4: archived topics cannot receive coach replies. The row is locked against a racing archive. */
export async function postCoachReply(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  {
    coachId,
    topicId,
    message,
    attachment,
  }: { coachId: string; topicId: string; message: string } & WithAttachment,
) {
  const at = now();
  return db.transaction(async (tx) => {
    const [topic] = await tx
      .select({ userId: discussionTopics.userId, isArchived: discussionTopics.isArchived })
      .from(discussionTopics)
      .where(eq(discussionTopics.id, topicId))
      .for('update');
    if (!topic) throw new AppError('NOT_FOUND', TOPIC_NOT_FOUND);
    if (topic.isArchived)
      throw new AppError('CONFLICT', 'This topic is archived. Restore it from the archive to reply.');
    await tx.update(discussionTopics).set({ updatedAt: at }).where(eq(discussionTopics.id, topicId));
    const row = oneRow(
      await tx
        .insert(discussionMessages)
        .values({
          topicId,
          userId: coachId,
          message,
          isCoachReply: true,
          readByUser: false,
          readByCoach: true,
          createdAt: at,
          ...attachmentColumns(attachment),
        })
        .returning(messageColumns),
    );
    await notifyMessage(tx, { ownerId: topic.userId, row });
    return toLiveMessage(row);
  });
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
