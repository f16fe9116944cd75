import { NEWS_KINDS } from '@core28/core/news';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { memberId } from './auth.ts';
import { discussionMessages } from './coaching.ts';
import { timestamps } from './columns.ts';

/**
 * "What is new" (docs/decisions/0029): one row per thing that happened to a member, written in
 * the transaction of the event itself. Its read state is the list's own: reading it does not mark
 * the coaching message read, so the unread-coaching mail and push still go (coaching/unread-mail.ts),
 * while reading the conversation marks its replies' rows read here too.
 */
export const memberNews = pgTable(
  'member_news',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: memberId(),
    kind: text('kind', { enum: NEWS_KINDS }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    url: text('url').notNull(),
    /** A coach's reply: its message (gone with it) and conversation (read with it). */
    messageId: uuid('message_id').references(() => discussionMessages.id, { onDelete: 'cascade' }),
    topicId: uuid('topic_id'),
    /** Once per event (a job that runs again, a webhook delivered twice). */
    dedupeKey: text('dedupe_key'),
    readAt: timestamp('read_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('member_news_user_created_idx').on(t.userId, t.createdAt, t.id),
    uniqueIndex('member_news_dedupe_key_idx').on(t.dedupeKey),
  ],
);
