import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { memberId, users } from './auth.ts';
import { timestamps } from './columns.ts';

// The platform's own tables: idempotency keys, the mail outbox, the payment ledger and the demo provider, the dashboard's daily figures.

/**
 * A member's Idempotency-Key and the first successful answer it got: the same key
 * again answers that, writing nothing. Scoped to the member; kept IDEMPOTENCY_KEY_TTL_MS.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: memberId(),
    key: uuid('key').notNull(),
    /** A hash of the route and the validated body: the key is refused for another request. */
    request: text('request').notNull(),
    /** The answer's JSON text as sent (jsonb would reorder its keys). */
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('idempotency_keys_created_at_idx').on(t.createdAt),
  ],
);

// ---- platform tables ----

/**
 * Every e-mail the app sends: written in the transaction that causes it, sent by a job
 * (`mail-send`) with retries; `sent_at` or `failed_at` and `last_error` say how it went. Without
 * SMTP the dev mailbox (/dev/mail) shows the sent ones.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    meta: jsonb('meta').$type<Record<string, string>>().notNull().default({}),
    /** A mail that must go once (a receipt per invoice): a second one with this key is not written. */
    dedupeKey: text('dedupe_key').unique(),
    /** The one-click unsubscribe URL (RFC 8058 List-Unsubscribe), for mail a member may stop. */
    listUnsubscribe: text('list_unsubscribe'),
    attempts: integer('attempts').notNull().default(0),
    /**
     * Member notifications (reminders, a coach's reply) are sent at most once: an attempt cut off
     * while sending (the process killed) may have reached the relay, so it is not made again.
     * Account mail (a confirmation, a reset, a receipt) is sent again: a lost one is worse than two.
     */
    atMostOnce: boolean('at_most_once').notNull().default(false),
    /** An attempt began sending at this time and has not recorded how it ended (yet, or ever). */
    sendingAt: timestamp('sending_at', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The last attempt failed: no retry is left. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('mail_outbox_created_idx').on(t.createdAt),
    index('mail_outbox_to_idx').on(t.to),
    index('mail_outbox_sent_idx').on(t.sentAt),
    index('mail_outbox_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
  ],
);

/**
 * Each member's one customer at the payment provider, made before the first checkout so that
 * every checkout, subscription and invoice of the member shares it.
 */
export const paymentCustomers = pgTable('payment_customers', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  customerId: text('customer_id').notNull().unique(),
  ...timestamps,
});

/** Payment provider events already handled: the event id is the idempotency key. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  outcome: text('outcome').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The demo payment provider's own records (customers, checkout sessions, subscriptions,
 * payment methods, invoices): what Stripe would keep on its side, kept here in one table.
 */
export const demoProviderObjects = pgTable(
  'demo_provider_objects',
  {
    id: text('id').primaryKey(),
    kind: text('kind', {
      enum: ['customer', 'checkout_session', 'subscription', 'payment_method', 'invoice', 'event'],
    }).notNull(),
    customerId: text('customer_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('demo_provider_objects_customer_idx').on(t.customerId, t.kind)],
);

/**
 * The admin dashboard's four counts as last seen on each day (UTC), so "change since yesterday"
 * compares with yesterday's closing figures, archives and cancellations included.
 */
export const adminDailyCounts = pgTable('admin_daily_counts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  members: integer('members').notNull(),
  paidSubscribers: integer('paid_subscribers').notNull(),
  openConversations: integer('open_conversations').notNull(),
  daysCompleted: integer('days_completed').notNull(),
  recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
});
