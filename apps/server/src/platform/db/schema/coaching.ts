import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { memberId, users } from './auth.ts';
import { timestamps, updatedAt } from './columns.ts';

// The coaching chat and the coach's saved replies.

export const discussionTopics = pgTable(
  'discussion_topics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: memberId(),
    title: text('title').notNull(),
    description: text('description'),
    isArchived: boolean('is_archived').notNull().default(false),
    /** When the member / the coaches were last e-mailed about an unread message here. */
    memberNotifiedAt: timestamp('member_notified_at', { withTimezone: true }),
    coachNotifiedAt: timestamp('coach_notified_at', { withTimezone: true }),
    /**
     * Since when the member has waited for a reply: set by the member's first word after the
     * coach's last (the topic's opening counts), cleared by a coach's reply. The inbox's
     * "Awaiting reply", oldest first, and "needs attention" read it by its index.
     */
    awaitingSince: timestamp('awaiting_since', { withTimezone: true }),
    /**
     * The member's messages here no coach has opened, kept by a trigger on the messages (migration
     * 0033): the admin navigation's unread count reads the topics, not every unread message.
     */
    unreadByCoach: integer('unread_by_coach').notNull().default(0),
    ...timestamps,
    updatedAt: updatedAt(),
  },
  (t) => [
    check('discussion_topics_title_not_blank', sql`length(trim(${t.title})) > 0`),
    index('discussion_topics_user_updated_idx').on(t.userId, t.updatedAt),
    index('discussion_topics_archived_updated_idx').on(t.isArchived, t.updatedAt),
    index('discussion_topics_awaiting_idx')
      .on(t.awaitingSince, t.id)
      .where(sql`${t.awaitingSince} is not null and not ${t.isArchived}`),
    index('discussion_topics_unread_idx')
      .on(t.userId)
      .where(sql`${t.unreadByCoach} > 0 and not ${t.isArchived}`),
    // The inbox's search (ILIKE '%…%') at a million members: trigram indexes (pg_trgm).
    index('discussion_topics_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
  ],
);

export const discussionMessages = pgTable(
  'discussion_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    topicId: uuid('topic_id')
      .notNull()
      .references(() => discussionTopics.id, { onDelete: 'cascade' }),
    userId: memberId(),
    message: text('message').notNull(),
    isCoachReply: boolean('is_coach_reply').notNull().default(false),
    readByUser: boolean('read_by_user').notNull().default(false),
    /** Not in spec §3: one flag cannot carry both directions (docs/decisions/0003). */
    readByCoach: boolean('read_by_coach').notNull().default(false),
    /** A photo or short video sent with the message (its storage key, checked type, bytes). */
    attachmentKey: text('attachment_key'),
    attachmentType: text('attachment_type'),
    attachmentSize: integer('attachment_size'),
    ...timestamps,
  },
  (t) => [
    check(
      'discussion_messages_not_blank',
      sql`length(trim(${t.message})) > 0 or ${t.attachmentKey} is not null`,
    ),
    check(
      'discussion_messages_attachment_complete',
      sql`(${t.attachmentKey} is null) = (${t.attachmentType} is null) and (${t.attachmentKey} is null) = (${t.attachmentSize} is null)`,
    ),
    index('discussion_messages_topic_created_idx').on(t.topicId, t.createdAt),
    index('discussion_messages_unread_idx')
      .on(t.topicId)
      .where(sql`not ${t.readByUser} or not ${t.readByCoach}`),
    index('discussion_messages_created_idx').on(t.createdAt),
    // A member's last activity (the coach's lists) reads their newest message.
    index('discussion_messages_user_created_idx').on(t.userId, t.createdAt),
    index('discussion_messages_message_trgm_idx').using('gin', sql`${t.message} gin_trgm_ops`),
  ],
);

/** A coach's saved replies, with {firstName} and {day} filled in when inserted. */
export const savedReplies = pgTable(
  'saved_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    coachId: text('coach_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** Shown to every coach of the team, not only its author. */
    shared: boolean('shared').notNull().default(false),
    ...timestamps,
    updatedAt: updatedAt(),
  },
  (t) => [index('saved_replies_coach_idx').on(t.coachId, t.title)],
);
