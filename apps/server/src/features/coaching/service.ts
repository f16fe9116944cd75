import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { type Database, type DbOrTx, rawRows as rows } from '../../platform/db/index.ts';
import { discussionMessages, discussionTopics, profiles, users } from '../../platform/db/schema.ts';
import { publish } from '../../platform/realtime/channel.ts';
import { markTopicNewsRead } from '../news/service.ts';
import { type AuthorDeps, withAuthors } from './authors.ts';
import { COACHING_LIVE, coachOfMemberSql, TOPIC_NOT_FOUND } from './messages.ts';
import { repeatedTopic } from './repeats.ts';
import { memberName, messageColumns, toLiveMessage, topicColumns, toTopic, unreadFor } from './rows.ts';

/**
 * Sent when the transaction commits, and only if it does; a topic's events stay in order. The
 * member's coach, read in the same transaction, names who on the staff receives it.
 */
async function notify(tx: DbOrTx, notice: { t: 'topic'; topicId: string; ownerId: string }) {
  const [row] = await rows<{ coachId: string | null }>(
    tx,
    sql`select ${coachOfMemberSql(sql`${notice.ownerId}`)} as "coachId"`,
  );
  await publish(tx, COACHING_LIVE, notice.topicId, { ...notice, coachId: row?.coachId ?? null });
}

const readMessages = (deps: AuthorDeps, topicId: string) =>
  deps.db
    .select(messageColumns)
    .from(discussionMessages)
    .where(eq(discussionMessages.topicId, topicId))
    .orderBy(asc(discussionMessages.createdAt), asc(discussionMessages.id))
    .then((rows) => withAuthors(deps, rows.map(toLiveMessage)));

// ---- the member's side (spec §7: read by user ordered by updated_at descending) ----

export async function listMemberTopics({ db }: Pick<Deps, 'db'>, { userId }: { userId: string }) {
  const rows = await db
    .select({ ...topicColumns, unreadCount: unreadFor('member'), lastReply: lastCoachReply })
    .from(discussionTopics)
    .where(eq(discussionTopics.userId, userId))
    .orderBy(desc(discussionTopics.updatedAt), desc(discussionTopics.id));
  return rows.map(({ lastReply, ...row }) => ({ ...toTopic(row), lastReply: toLastReply(lastReply) }));
}

type LastReplyRow = { message: string; at: string; isRead: boolean; hasAttachment: boolean };

/** The topic's latest coach reply: the member's home shows the newest of them (docs/decisions/0029). */
const lastCoachReply = sql<LastReplyRow | null>`(select json_build_object('message', m.message,
    'at', m.created_at, 'isRead', m.read_by_user, 'hasAttachment', m.attachment_key is not null)
  from discussion_messages m where m.topic_id = discussion_topics.id and m.is_coach_reply
  order by m.created_at desc, m.id desc limit 1)`;

const toLastReply = (row: LastReplyRow | null) => row && { ...row, at: new Date(row.at).toISOString() };

/**
 * A new topic; `id`: the client's Idempotency-Key when it sent one (a topic sent again after its
 * answer was lost is answered from the stored one by `repeatedTopic`, before its limit is taken;
 * a copy racing the first inserts nothing and is answered the same way).
 */
export async function createTopic(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  {
    id,
    userId,
    input,
  }: { id?: string | undefined; userId: string; input: { title: string; description: string } },
) {
  const at = now();
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(discussionTopics)
      .values({
        ...(id ? { id } : {}),
        userId,
        title: input.title,
        description: input.description || null,
        createdAt: at,
        updatedAt: at,
        // A new topic is the member's first word: the coach owes a reply from now.
        awaitingSince: at,
      })
      .onConflictDoNothing({ target: discussionTopics.id })
      .returning();
    if (row) await notify(tx, { t: 'topic', topicId: row.id, ownerId: userId });
    return row;
  });
  if (created) return toTopic({ ...created, lastMessageAt: null, unreadCount: 0 });
  const repeated = id && (await repeatedTopic({ db }, { id, userId, input }));
  if (!repeated) throw new Error('a topic was neither written nor found under its id');
  return repeated;
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

/** Before an upload is read: 404 unless the topic is the member's, or for the coach exists. */
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
  deps: AuthorDeps,
  { userId, topicId }: { userId: string; topicId: string },
) {
  const topic = await findOwnTopic(deps.db, userId, topicId);
  return { topic: toTopic(topic), messages: await readMessages(deps, topicId) };
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
    // Reading the conversation reads its replies in "What is new" too (not the other way round).
    await markTopicNewsRead(tx, { userId, topicId });
    return { marked: marked.length };
  });
}

// ---- the coach's side ----

// The inbox's lists and counts (inbox.ts).
export {
  countUnreadTopics,
  listCoachTopics,
  listOverdueConversations,
  type ReplyTargetDeps,
} from './inbox.ts';

/** The member a topic belongs to (404: no such topic). */
export async function topicMember({ db }: Pick<Deps, 'db'>, { topicId }: { topicId: string }) {
  const [row] = await db
    .select({ userId: discussionTopics.userId })
    .from(discussionTopics)
    .where(eq(discussionTopics.id, topicId));
  if (!row) throw new AppError('NOT_FOUND', TOPIC_NOT_FOUND);
  return row.userId;
}

export async function getCoachConversation(deps: AuthorDeps, { topicId }: { topicId: string }) {
  const { db } = deps;
  const [row] = await db
    .select({ ...topicColumns, unreadCount: unreadFor('coach'), userName: memberName })
    .from(discussionTopics)
    .innerJoin(users, eq(users.id, discussionTopics.userId))
    .leftJoin(profiles, eq(profiles.userId, discussionTopics.userId))
    .where(eq(discussionTopics.id, topicId));
  if (!row) throw new AppError('NOT_FOUND', TOPIC_NOT_FOUND);
  return { topic: { ...toTopic(row), userName: row.userName }, messages: await readMessages(deps, topicId) };
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
