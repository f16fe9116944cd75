import { randomUUID } from 'node:crypto';
import { type SQLWrapper, sql } from 'drizzle-orm';
import { discussionMessages } from '../../platform/db/schema.ts';
import type { MessageRow } from './rows.ts';

// A new message as messages.ts writes it: its row, its notice, and the SQL pieces its statements
// share (written once with placeholders, platform/db/prepared.ts).

/** A stored photo or video sent with a message (attachments.ts stores and checks it). */
export type StoredAttachment = { key: string; type: string; size: number };
export type WithAttachment = { attachment?: StoredAttachment };
/** The client's Idempotency-Key, when it sent one: the message's id (`repeatOf`). */
export type Keyed = { id?: string | undefined };
/** A new message's notice: this instance sends the row at hand, the others load it by id (live.ts). */
export const messageNotice = (row: MessageRow) =>
  ({ t: 'message', topicId: row.topicId, messageId: row.id }) as const;

/**
 * A message as it will be stored: its id is the client's Idempotency-Key when it sent one (see
 * `repeatOf`), else made here; either way known before the statement, so its notice goes in it.
 */
export function newMessageRow({
  id = randomUUID(),
  topicId,
  userId,
  message,
  isCoachReply,
  at,
  attachment,
}: {
  id?: string | undefined;
  topicId: string;
  userId: string;
  message: string;
  isCoachReply: boolean;
  at: Date;
} & WithAttachment): MessageRow {
  return {
    id,
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

// The writes below are statements written once with placeholders (platform/db/prepared.ts).
export const value = (name: string) => sql.placeholder(name);

/**
 * This statement's message is stored already: a client sent it again with its Idempotency-Key after
 * the answer was lost (`repeatOf`). Such a statement takes no limit and touches no topic.
 */
export const writtenBefore = sql`exists (select 1 from ${discussionMessages} where id = ${value('id')}::uuid)`;

/**
 * Inserts the message of `messageValues` into the topic the statement's `topic` CTE found (none:
 * nothing is written); `sender`: its writer when the statement finds them (the values' `user_id` otherwise).
 */
export const insertMessage = (sender: SQLWrapper = value('user_id')) => sql`
  insert into ${discussionMessages}
    (id, topic_id, user_id, message, is_coach_reply, read_by_user, read_by_coach, created_at,
     attachment_key, attachment_type, attachment_size)
  select ${value('id')}::uuid, topic.id, ${sender}, ${value('message')}, ${value('is_coach_reply')}::boolean,
    ${value('read_by_user')}::boolean, ${value('is_coach_reply')}::boolean, ${value('created_at')}::timestamptz,
    ${value('attachment_key')}, ${value('attachment_type')}, ${value('attachment_size')}::integer
  from topic
  on conflict (id) do nothing
  returning id`;

export const messageValues = (row: MessageRow, attachment: StoredAttachment | undefined) => ({
  id: row.id,
  topic_id: row.topicId,
  user_id: row.userId,
  message: row.message,
  is_coach_reply: row.isCoachReply,
  read_by_user: row.readByUser,
  created_at: row.createdAt.toISOString(),
  attachment_key: attachment?.key ?? null,
  attachment_type: row.attachmentType,
  attachment_size: row.attachmentSize,
});
