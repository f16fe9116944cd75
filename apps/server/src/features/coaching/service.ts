import type { LiveMessage } from '@core28/core/realtime';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { Database, DbOrTx } from '../../platform/db/index.ts';
import { discussionMessages, discussionTopics, profiles, users } from '../../platform/db/schema.ts';
import { memberNameSql } from '../auth/service.ts';

/** The Postgres channel every instance LISTENs on (spec §7 live subscriptions). */
export const COACHING_CHANNEL = 'core28_coaching';

/** What travels through NOTIFY: ids only (a payload is capped at 8 kB), loaded at delivery. */
export type CoachingNotice =
  | { t: 'message'; topicId: string; ownerId: string; messageId: string }
  | { t: 'topic'; topicId: string; ownerId: string };

/** Sent when the transaction commits, and only if it does (NOTIFY is transactional). */
const notify = (tx: DbOrTx, notice: CoachingNotice) =>
  tx.execute(sql`select pg_notify(${COACHING_CHANNEL}, ${JSON.stringify(notice)})`);

const TOPIC_NOT_FOUND = 'Discussion topic not found';

const messageColumns = {
  id: discussionMessages.id,
  topicId: discussionMessages.topicId,
  userId: discussionMessages.userId,
  message: discussionMessages.message,
  createdAt: discussionMessages.createdAt,
  isCoachReply: discussionMessages.isCoachReply,
  readByUser: discussionMessages.readByUser,
};

type MessageRow = {
  id: string;
  topicId: string;
  userId: string;
  message: string;
  createdAt: Date;
  isCoachReply: boolean;
  readByUser: boolean;
};

export const toLiveMessage = (row: MessageRow): LiveMessage => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

const lastMessageAt =
  sql`(select max(m.created_at) from discussion_messages m where m.topic_id = discussion_topics.id)`.mapWith(
    discussionMessages.createdAt,
  ) as SQL<Date | null>;

/** For the member: coach replies not yet opened. For the coach: member messages not yet opened. */
const unreadFor = (reader: 'member' | 'coach') =>
  sql`(select count(*) from discussion_messages m where m.topic_id = discussion_topics.id and ${
    reader === 'member'
      ? sql`m.is_coach_reply and not m.read_by_user`
      : sql`not m.is_coach_reply and not m.read_by_coach`
  })`.mapWith(Number);

const memberName = memberNameSql({ profile: 'profiles', user: 'users' });

const topicColumns = {
  id: discussionTopics.id,
  userId: discussionTopics.userId,
  title: discussionTopics.title,
  description: discussionTopics.description,
  isArchived: discussionTopics.isArchived,
  createdAt: discussionTopics.createdAt,
  updatedAt: discussionTopics.updatedAt,
  lastMessageAt,
};

type TopicRow = {
  id: string;
  userId: string;
  title: string;
  description: string | null;
  isArchived: boolean;
  createdAt: Date;
  updatedAt: Date;
  lastMessageAt: Date | null;
  unreadCount: number;
};

const toTopic = (row: TopicRow) => ({
  id: row.id,
  userId: row.userId,
  title: row.title,
  description: row.description ?? '',
  isArchived: row.isArchived,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
  unreadCount: row.unreadCount,
  hasNewMessages: row.unreadCount > 0,
});

const readMessages = (db: Database, topicId: string) =>
  db
    .select(messageColumns)
    .from(discussionMessages)
    .where(eq(discussionMessages.topicId, topicId))
    .orderBy(asc(discussionMessages.createdAt), asc(discussionMessages.id))
    .then((rows) => rows.map(toLiveMessage));

// ---- the member's side (spec §7: read by user ordered by updated_at descending) ----

export async function listMemberTopics({ db }: Pick<Deps, 'db'>, userId: string) {
  const rows = await db
    .select({ ...topicColumns, unreadCount: unreadFor('member') })
    .from(discussionTopics)
    .where(eq(discussionTopics.userId, userId))
    .orderBy(desc(discussionTopics.updatedAt), desc(discussionTopics.id));
  return rows.map(toTopic);
}

export async function createTopic(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  userId: string,
  input: { title: string; description: string },
) {
  const at = now();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(discussionTopics)
      .values({
        userId,
        title: input.title,
        description: input.description || null,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    await notify(tx, { t: 'topic', topicId: row!.id, ownerId: userId });
    return toTopic({ ...row!, lastMessageAt: null, unreadCount: 0 });
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

export async function getMemberConversation({ db }: Pick<Deps, 'db'>, userId: string, topicId: string) {
  const topic = await findOwnTopic(db, userId, topicId);
  return { topic: toTopic(topic), messages: await readMessages(db, topicId) };
}

/**
 * A member's message is read by the member as it is sent and unread for the coach. Writing in
 * an archived conversation brings it back to the coach's Active tab, or nobody would see it.
 */
export async function postMemberMessage(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  userId: string,
  topicId: string,
  message: string,
) {
  const at = now();
  return db.transaction(async (tx) => {
    const [topic] = await tx
      .update(discussionTopics)
      .set({ updatedAt: at, isArchived: false })
      .where(and(eq(discussionTopics.id, topicId), eq(discussionTopics.userId, userId)))
      .returning({ id: discussionTopics.id });
    if (!topic) throw new AppError('NOT_FOUND', TOPIC_NOT_FOUND);
    const [row] = await tx
      .insert(discussionMessages)
      .values({
        topicId,
        userId,
        message,
        isCoachReply: false,
        readByUser: true,
        readByCoach: false,
        createdAt: at,
      })
      .returning(messageColumns);
    await notify(tx, { t: 'message', topicId, ownerId: userId, messageId: row!.id });
    return toLiveMessage(row!);
  });
}

/** spec §4: coach replies stay unread for the member until the member opens the topic. */
export async function markReadByMember({ db }: Pick<Deps, 'db'>, userId: string, topicId: string) {
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

export async function listCoachTopics({ db }: Pick<Deps, 'db'>, archived: boolean) {
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

export async function getCoachConversation({ db }: Pick<Deps, 'db'>, topicId: string) {
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
  coachId: string,
  topicId: string,
  message: string,
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
    const [row] = await tx
      .insert(discussionMessages)
      .values({
        topicId,
        userId: coachId,
        message,
        isCoachReply: true,
        readByUser: false,
        readByCoach: true,
        createdAt: at,
      })
      .returning(messageColumns);
    await notify(tx, { t: 'message', topicId, ownerId: topic.userId, messageId: row!.id });
    return toLiveMessage(row!);
  });
}

/** spec §4: when the coach opens a topic the member's messages are marked read. */
export async function markReadByCoach({ db }: Pick<Deps, 'db'>, topicId: string) {
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
    if (marked.length > 0) await notify(tx, { t: 'topic', topicId, ownerId: marked[0]!.ownerId });
    return { marked: marked.length };
  });
}

export async function setTopicArchived({ db }: Pick<Deps, 'db'>, topicId: string, isArchived: boolean) {
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
export async function findMessage({ db }: Pick<Deps, 'db'>, messageId: string) {
  const [row] = await db
    .select(messageColumns)
    .from(discussionMessages)
    .where(eq(discussionMessages.id, messageId));
  return row ? toLiveMessage(row) : null;
}
