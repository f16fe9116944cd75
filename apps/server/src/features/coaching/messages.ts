import { eq, type SQLWrapper, sql } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { namedStatement, namedStatements } from '../../platform/db/prepared.ts';
import {
  type KeyedLimit,
  limitsTaking,
  limitValues,
  secondsUntilAllowed,
} from '../../platform/db/rate-limit.ts';
import {
  discussionMessages,
  discussionTopics,
  memberNews,
  sessions,
  subscribers,
  userRoles,
} from '../../platform/db/schema.ts';
import { notifying, publication, realtimeChannel } from '../../platform/realtime/channel.ts';
import { coachReplyNews, NEWS_LIVE, NEWS_PAYLOAD } from '../news/service.ts';
import { type AuthorDeps, withAuthor } from './authors.ts';
import { MEMBER_LIMITS, memberLimits, sendingTooQuickly } from './guard.ts';
import {
  insertMessage,
  type Keyed,
  messageNotice,
  messageValues,
  newMessageRow,
  type StoredAttachment,
  value,
  type WithAttachment,
  writtenBefore,
} from './message-rows.ts';
import { repeatOf } from './repeats.ts';
import { type MessageRow, messageColumns, toLiveMessage } from './rows.ts';

export type { StoredAttachment };

// Coaching's messages: written with their live event in one statement each, and the
// channel they travel on. The topics' reads and the read flags are in service.ts.

/** Coaching's channel on the realtime hub (spec §7 live subscriptions); its key is the topic. */
export const COACHING_LIVE = realtimeChannel<CoachingNotice>('coaching');

/**
 * What travels through NOTIFY: ids only (a payload is capped at 8 kB), loaded at delivery;
 * `coachId`: the member's coach as the publishing transaction saw it, so only they (and staff
 * who see every member) receive it (live.ts).
 */
export type CoachingNotice =
  | { t: 'message'; topicId: string; ownerId: string; coachId: string | null; messageId: string }
  | { t: 'topic'; topicId: string; ownerId: string; coachId: string | null };

/** The member's coach, in a publishing statement (null: none assigned). */
export const coachOfMemberSql = (member: SQLWrapper) =>
  sql`(select ca.coach_id from coach_assignments ca where ca.user_id = ${member})`;

export const TOPIC_NOT_FOUND = 'Discussion topic not found';

/** A member's message starts the wait unless the member was waiting already (schema: `awaiting_since`). */
const awaitingFrom = sql`awaiting_since = coalesce(awaiting_since, ${value('created_at')}::timestamptz)`;

/** What a message statement did; `coach_id` completes its notice for this instance's sockets. */
type Written = { taken: number; written: number; coach_id: string | null };

/** A member's message, taking `limitCount` limits first (none: a photo's, taken before its upload). */
const memberMessageStatement = namedStatements<Written>((limitCount) => {
  const taking = limitCount > 0 ? limitsTaking(limitCount, { unless: writtenBefore }) : null;
  return sql`
    with ${taking ? sql`${taking.ctes},` : sql``}
    topic as (
      update ${discussionTopics} set updated_at = ${value('created_at')}::timestamptz, is_archived = false,
        ${awaitingFrom}
      where id = ${value('topic_id')} and user_id = ${value('user_id')} and not ${writtenBefore}
        ${taking ? sql`and ${taking.count} = ${limitCount}` : sql``}
      returning id
    ), message as (${insertMessage()})
    select ${taking ? taking.count : sql`0`} as taken, (select count(*)::integer from message) as written,
      ${coachOfMemberSql(value('user_id'))} as coach_id,
      (select ${notifying(COACHING_LIVE, { coachId: coachOfMemberSql(value('user_id')) })} from message) as notified`;
});

/**
 * A member's message is read by the member as it is sent and unread for the coach. Writing in
 * an archived conversation brings it back to the coach's Active tab, or nobody would see it.
 * `limits` (a text message's): taken in the same statement, which writes the message only if all
 * were taken (one round trip and one commit instead of two). A message with a photo took
 * them before its upload was read (routes.ts).
 */
export async function postMemberMessage(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  {
    id,
    userId,
    topicId,
    message,
    attachment,
    limits = [],
  }: { userId: string; topicId: string; message: string; limits?: KeyedLimit[] } & Keyed & WithAttachment,
) {
  const at = now();
  const row = newMessageRow({ id, topicId, userId, message, isCoachReply: false, at, attachment });
  const live = publication(db, COACHING_LIVE, topicId, {
    ...messageNotice(row),
    ownerId: userId,
    coachId: null,
  });
  const [written] = await memberMessageStatement(limits.length)(db, {
    ...messageValues(row, attachment),
    ...limitValues(limits, at),
    ...live.values,
  });
  return answerWritten(db, written, { row, keyed: id !== undefined, limits, at, live });
}

/**
 * What a member's message statement did, answered: the stored message when it was this one sent
 * again (`repeatOf`), 429 when it could not take all the member's `limits`, 404 when it found no
 * topic of theirs; otherwise the message, sent to this instance's sockets.
 */
async function answerWritten(
  db: Deps['db'],
  written: Written | undefined,
  {
    row,
    keyed,
    limits,
    at,
    live,
  }: {
    row: MessageRow;
    keyed: boolean;
    limits: KeyedLimit[];
    at: Date;
    live: ReturnType<typeof publication<Extract<CoachingNotice, { t: 'message' }>>>;
  },
) {
  const repeated = !written?.written && keyed ? await repeatOf(db, row) : null;
  if (repeated) return repeated;
  if (limits.length > 0 && written?.taken !== limits.length)
    throw sendingTooQuickly('message', await secondsUntilAllowed(db, limits, at));
  if (!written?.written) throw new AppError('NOT_FOUND', TOPIC_NOT_FOUND);
  const sent = toLiveMessage(row);
  live.sent(
    { ...messageNotice(row), ownerId: row.userId, coachId: written.coach_id },
    { type: 'message', topicId: row.topicId, message: sent },
  );
  return sent;
}

/**
 * Who may write the message of `sessionMessageStatement`: the member of the session whose token it
 * is (one row, or none) when that session expires after `fresh_after` (an earlier one is expired, or
 * due for better-auth's daily refresh: auth/fast-session.ts) and the member may use coaching at
 * `now` (spec §6: an admin, or 1-on-1 Burn paid for a period that has not ended; core's
 * `entitlementsOf`). None says nothing: a paid period that ended may have been renewed with the
 * provider unheard of, and a failing payment's grace is core's to count, which only the long way
 * asks (subscriptions/service.ts). member-message.test.ts proves both decide alike.
 */
const coachingMember = sql`
  select s.user_id from ${sessions} s
    left join ${subscribers} sub on sub.user_id = s.user_id
  where s.token = ${value('token')} and s.expires_at > ${value('fresh_after')}::timestamptz
    and (exists (select 1 from ${userRoles} r where r.user_id = s.user_id)
      or (sub.subscription_tier = '1-on-1 Burn' and not sub.is_trial and sub.subscribed
        and sub.payment_failed_at is null
        and (sub.subscription_end is null or sub.subscription_end > ${value('now')}::timestamptz)))`;

/** `memberMessageStatement` with its member found by `coachingMember`; it writes nothing without one. */
const sessionMessageStatement = namedStatement<Written & { user_id: string | null }>(() => {
  const member = sql`(select user_id from member)`;
  const limitCount = MEMBER_LIMITS.message.length;
  const taking = limitsTaking(limitCount, { keyOwner: member, unless: writtenBefore });
  return sql`
      with member as (${coachingMember}), ${taking.ctes},
      topic as (
        update ${discussionTopics} set updated_at = ${value('created_at')}::timestamptz, is_archived = false,
          ${awaitingFrom}
        where id = ${value('topic_id')} and user_id = ${member} and ${taking.count} = ${limitCount}
        returning id
      ), message as (${insertMessage(member)})
      select ${member} as user_id, ${taking.count} as taken, (select count(*)::integer from message) as written,
        ${coachOfMemberSql(member)} as coach_id,
        (select ${notifying(COACHING_LIVE, { ownerId: member, coachId: coachOfMemberSql(member) })} from message) as notified`;
});

/**
 * A text message from the member of the session whose token this is, that statement finding and
 * deciding the member too (the session's own round trip before it was an eighth of a live
 * message's time). Null when it could not decide: no such session, one better-auth must read, or a
 * member refused or in doubt. Nothing was written then, and the caller goes the long way (routes.ts).
 */
export async function postMessageWithSession(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  {
    id,
    token,
    freshAfter,
    topicId,
    message,
  }: { token: string; freshAfter: Date; topicId: string; message: string } & Keyed,
) {
  const at = now();
  // The member is known once the statement ran: the row, the limits' keys and the notice are
  // completed by it (`insertMessage(member)`, `keyOwner`, `notifying`'s ownerId).
  const row = newMessageRow({ id, topicId, userId: '', message, isCoachReply: false, at });
  const live = publication(db, COACHING_LIVE, topicId, { ...messageNotice(row), ownerId: '', coachId: null });
  const limits = memberLimits('message', '');
  const [written] = await sessionMessageStatement(db, {
    token,
    fresh_after: freshAfter.toISOString(),
    now: at.toISOString(),
    ...messageValues(row, undefined),
    ...limitValues(limits, at),
    ...live.values,
  });
  const userId = written?.user_id;
  if (!userId) return null;
  const sent = await answerWritten(db, written, {
    row: { ...row, userId },
    keyed: id !== undefined,
    limits: memberLimits('message', userId),
    at,
    live,
  });
  return { userId, message: sent };
}

/**
 * A coach's reply; the member who owns the topic is known to the statement only: it fills the
 * notices in. The member's "What is new" item is written and announced by the same statement.
 */
const coachReplyStatement = namedStatement<{ owner_id: string; coach_id: string | null }>(
  () => sql`
    with topic as (
      update ${discussionTopics} set updated_at = ${value('created_at')}::timestamptz, awaiting_since = null
      where id = ${value('topic_id')} and not is_archived and not ${writtenBefore}
      returning id, user_id
    ), message as (${insertMessage()}),
    news as (
      insert into ${memberNews} (user_id, kind, title, body, url, message_id, topic_id, created_at)
      select topic.user_id, 'coach-reply', ${value('news_title')}, ${value('news_body')},
        '/one-on-one?topic=' || topic.id, message.id, topic.id, ${value('created_at')}::timestamptz
      from message cross join topic
      returning id
    )
    select topic.user_id as owner_id, ${coachOfMemberSql(sql`topic.user_id`)} as coach_id,
      ${notifying(COACHING_LIVE, { ownerId: sql`topic.user_id`, coachId: coachOfMemberSql(sql`topic.user_id`) })},
      (select ${notifying(NEWS_LIVE, { userId: sql`topic.user_id` }, NEWS_PAYLOAD)} from news)
    from message cross join topic`,
);

/**
 * spec §4: archived topics cannot receive coach replies. The topic's update locks its row and
 * re-checks it against a racing archive; only a refusal reads the topic again, to say why.
 */
export async function postCoachReply(
  deps: Pick<Deps, 'db' | 'now' | 'storage'>,
  {
    id,
    coachId,
    topicId,
    message,
    attachment,
  }: { coachId: string; topicId: string; message: string } & Keyed & WithAttachment,
) {
  const { db, now } = deps;
  const row = newMessageRow({
    id,
    topicId,
    userId: coachId,
    message,
    isCoachReply: true,
    at: now(),
    attachment,
  });
  const live = publication(db, COACHING_LIVE, topicId, { ...messageNotice(row), ownerId: '', coachId: null });
  // Keyed by the topic: the statement alone knows the member (ordering matters only within a key).
  const news = publication(db, NEWS_LIVE, topicId, { userId: '' }, NEWS_PAYLOAD);
  const item = coachReplyNews(message);
  const [reply] = await coachReplyStatement(db, {
    ...messageValues(row, attachment),
    ...live.values,
    ...news.values,
    news_title: item.title,
    news_body: item.body,
  });
  if (!reply) {
    const repeated = id === undefined ? null : await repeatOf(db, row);
    if (repeated) return withAuthor(deps, repeated);
    const [topic] = await db
      .select({ isArchived: discussionTopics.isArchived })
      .from(discussionTopics)
      .where(eq(discussionTopics.id, topicId));
    if (!topic) throw new AppError('NOT_FOUND', TOPIC_NOT_FOUND);
    throw new AppError('CONFLICT', 'This topic is archived. Restore it from the archive to reply.');
  }
  const sent = await withAuthor(deps, toLiveMessage(row));
  news.sent({ userId: reply.owner_id }, { type: 'news' });
  live.sent(
    { ...messageNotice(row), ownerId: reply.owner_id, coachId: reply.coach_id },
    { type: 'message', topicId, message: sent },
  );
  return sent;
}

/** One message, for delivery to live sockets. */
export async function findMessage(deps: AuthorDeps, { messageId }: { messageId: string }) {
  const [row] = await deps.db
    .select(messageColumns)
    .from(discussionMessages)
    .where(eq(discussionMessages.id, messageId));
  return row ? withAuthor(deps, toLiveMessage(row)) : null;
}
