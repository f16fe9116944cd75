import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { timestamps, updatedAt } from './columns.ts';

// What visitors read and send: the blog, contact messages, and what the seed wrote.

export const blogArticles = pgTable(
  'blog_articles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    slug: text('slug').notNull().unique(),
    excerpt: text('excerpt').notNull(),
    content: text('content').notNull(),
    featuredImageUrl: text('featured_image_url'),
    published: boolean('published').notNull().default(false),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    ...timestamps,
    updatedAt: updatedAt(),
  },
  (t) => [
    index('blog_articles_public_idx').on(t.published, t.publishedAt),
    index('blog_articles_created_at_idx').on(t.createdAt),
  ],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    clientIp: text('client_ip'),
    /** When the message was handed to the mail outbox (before the outbox: when the relay took it). */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    /** The support inbox: who marked it handled, and when. */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: text('handled_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('contact_messages_created_idx').on(t.createdAt),
    index('contact_messages_ip_idx').on(t.clientIp, t.createdAt),
    index('contact_messages_open_idx').on(t.createdAt).where(sql`${t.handledAt} is null`),
  ],
);

/**
 * Which parts of the sample content the seed has written (`exercises`, `home_exercises`,
 * `articles`), once: a coach who deletes the sample articles does not get them back at the next
 * start (docs/decisions/0012 §Seed).
 */
export const seededContent = pgTable('seeded_content', {
  part: text('part').primaryKey(),
  seededAt: timestamp('seeded_at', { withTimezone: true }).notNull().defaultNow(),
});
