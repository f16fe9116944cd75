import { VIDEO_TYPES } from '@core28/core/exercise-media';
import { EXERCISE_CATEGORIES } from '@core28/core/exercises';
import { NOTIFICATION_KINDS } from '@core28/core/notifications';
import { CHECKOUT_PLAN_IDS } from '@core28/core/plans';
import { FITNESS_LEVELS, GENDERS } from '@core28/core/profile';
import { TIERS } from '@core28/core/subscriptions';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
};

// ---- better-auth tables (property names are the ones better-auth asks for) ----

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull().default(''),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The admin member search (ILIKE '%…%') at 100,000 members: trigram indexes (pg_trgm).
  (t) => [index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('accounts_user_id_idx').on(t.userId),
    unique('accounts_provider_account').on(t.providerId, t.accountId),
  ],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

export const rateLimits = pgTable('rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

// ---- product tables (spec §3) ----

export const profiles = pgTable(
  'profiles',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    registrationDate: timestamp('registration_date', { withTimezone: true }).notNull().defaultNow(),
    displayName: text('display_name'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    gender: text('gender', { enum: GENDERS }),
    age: smallint('age'),
    fitnessLevel: text('fitness_level', { enum: FITNESS_LEVELS }),
    goals: text('goals').array().notNull().default(sql`'{}'::text[]`),
    country: text('country'),
    avatarUrl: text('avatar_url'),
    /** The member's IANA time zone; their program day turns at their midnight (decision 0014). */
    timeZone: text('time_zone'),
    /** The workout reminder's local time, HH:MM. */
    reminderTime: text('reminder_time').notNull().default('07:00'),
    /** The private calendar feed's secret (/api/calendar/{token}.ics); a reset replaces it. */
    calendarToken: text('calendar_token').unique(),
    ...timestamps,
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('profiles_reminder_time_valid', sql`${t.reminderTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check('profiles_age_range', sql`${t.age} is null or ${t.age} between 13 and 120`),
    check(
      'profiles_gender_valid',
      sql`${t.gender} is null or ${t.gender} in ('male','female','other','prefer-not-to-say')`,
    ),
    check(
      'profiles_fitness_level_valid',
      sql`${t.fitnessLevel} is null or ${t.fitnessLevel} in ('beginner','intermediate','advanced')`,
    ),
    index('profiles_registration_date_idx').on(t.registrationDate),
    index('profiles_registration_user_idx').on(t.registrationDate, t.userId),
    index('profiles_display_name_trgm_idx').using('gin', sql`${t.displayName} gin_trgm_ops`),
    index('profiles_full_name_trgm_idx').using(
      'gin',
      sql`(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, '')) gin_trgm_ops`,
    ),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['admin'] }).notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] }), index('user_roles_role_idx').on(t.role)],
);

export const subscribers = pgTable(
  'subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    subscribed: boolean('subscribed').notNull().default(false),
    subscriptionTier: text('subscription_tier', { enum: TIERS }),
    subscriptionEnd: timestamp('subscription_end', { withTimezone: true }),
    isTrial: boolean('is_trial').notNull().default(false),
    trialEnd: timestamp('trial_end', { withTimezone: true }),
    trialUsed: boolean('trial_used').notNull().default(false),
    /** When the trial-ending e-mail was written (once, three days before trial_end). */
    trialEndingMailedAt: timestamp('trial_ending_mailed_at', { withTimezone: true }),
    providerCustomerId: text('provider_customer_id').unique(),
    providerSubscriptionId: text('provider_subscription_id').unique(),
    providerUpdatedAt: timestamp('provider_updated_at', { withTimezone: true }),
    /** When the provider created the subscription: an event about an older one changes nothing. */
    providerSubscriptionCreatedAt: timestamp('provider_subscription_created_at', { withTimezone: true }),
    /** The provider subscription's plan (tier and billing interval), as last read from it. */
    planId: text('plan_id', { enum: CHECKOUT_PLAN_IDS }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** A downgrade that takes effect at the period end. */
    scheduledPlanId: text('scheduled_plan_id', { enum: CHECKOUT_PLAN_IDS }),
    /**
     * When the plan's renewal first failed (the provider's past_due): the plan is kept for
     * PAYMENT_GRACE_DAYS from then. Null once a payment goes through (docs/decisions/0021).
     */
    paymentFailedAt: timestamp('payment_failed_at', { withTimezone: true }),
    /**
     * When the member was told their plan ended (one last mail, then silence); null while a plan
     * runs or until the sweep tells them. Starting a trial or paying clears it.
     */
    planEndedMailedAt: timestamp('plan_ended_mailed_at', { withTimezone: true }),
    ...timestamps,
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscribers_email_idx').on(t.email),
    index('subscribers_active_idx').on(t.subscribed, t.subscriptionTier),
    index('subscribers_updated_at_idx').on(t.updatedAt),
    index('subscribers_paid_idx')
      .on(t.subscriptionEnd)
      .where(
        sql`${t.subscribed} and not ${t.isTrial} and ${t.subscriptionTier} in ('The Daily Core', '1-on-1 Burn')`,
      ),
    // A small probe per member for "paid 1-on-1 Burn"
    // while it walks the newest members, and the trials ending soonest in order.
    index('subscribers_burn_idx')
      .on(t.userId)
      .where(sql`${t.subscriptionTier} = '1-on-1 Burn' and ${t.subscribed} and not ${t.isTrial}`),
    index('subscribers_trial_end_idx').on(t.trialEnd).where(sql`${t.isTrial}`),
  ],
);

export const exercises = pgTable(
  'exercises',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    exercise: text('exercise').notNull().default(''),
    videoUrl: text('video_url'),
    category: text('category', { enum: EXERCISE_CATEGORIES }).notNull().default('time'),
    /** The animated demonstration to show: slugify(name) for the seeded exercises. */
    demoKey: text('demo_key'),
    /** An uploaded demonstration video: its storage key, checked type and size in bytes. */
    videoKey: text('video_key'),
    videoType: text('video_type', { enum: VIDEO_TYPES }),
    videoSize: integer('video_size'),
    ...timestamps,
    /** The last edit: what a member's calendar feed shows changes with it (its Last-Modified). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('exercises_name_not_blank', sql`length(trim(${t.name})) > 0`),
    check('exercises_category_valid', sql`${t.category} in ('time','reps')`),
    check(
      'exercises_video_complete',
      sql`(${t.videoKey} is null and ${t.videoType} is null and ${t.videoSize} is null) or (${t.videoKey} is not null and ${t.videoType} in ('video/mp4','video/webm') and ${t.videoSize} >= 0)`,
    ),
    index('exercises_created_at_idx').on(t.createdAt),
  ],
);

export const homeExercises = pgTable('home_exercises', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  exercise: text('exercise').notNull().default(''),
  description: text('description').notNull().default(''),
});

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
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('blog_articles_public_idx').on(t.published, t.publishedAt),
    index('blog_articles_created_at_idx').on(t.createdAt),
  ],
);

const dayNumberCheck = (name: string, column: unknown) => check(name, sql`${column} between 1 and 28`);

export const workoutCompletions = pgTable(
  'workout_completions',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dayNumber: smallint('day_number').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('workout_completions_user_day').on(t.userId, t.dayNumber),
    dayNumberCheck('workout_completions_day_range', t.dayNumber),
    index('workout_completions_completed_at_idx').on(t.completedAt),
    index('workout_completions_day_idx').on(t.dayNumber),
  ],
);

export const exerciseProgress = pgTable(
  'exercise_progress',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dayNumber: smallint('day_number').notNull(),
    name: text('name').notNull().default('Workout'),
    totalTimeSeconds: integer('total_time_seconds').notNull().default(0),
    repetitionsCompleted: integer('repetitions_completed').notNull().default(0),
    ...timestamps,
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('exercise_progress_user_day').on(t.userId, t.dayNumber),
    dayNumberCheck('exercise_progress_day_range', t.dayNumber),
    check('exercise_progress_time_range', sql`${t.totalTimeSeconds} between 0 and 86400`),
    check('exercise_progress_reps_range', sql`${t.repetitionsCompleted} between 0 and 100000`),
  ],
);

export const wellnessTracking = pgTable(
  'wellness_tracking',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dayNumber: smallint('day_number').notNull(),
    feelingRating: smallint('feeling_rating').notNull(),
    energyLevel: smallint('energy_level').notNull(),
    ...timestamps,
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('wellness_tracking_user_day').on(t.userId, t.dayNumber),
    dayNumberCheck('wellness_tracking_day_range', t.dayNumber),
    check('wellness_tracking_feeling_range', sql`${t.feelingRating} between 1 and 5`),
    check('wellness_tracking_energy_range', sql`${t.energyLevel} between 1 and 5`),
  ],
);

/**
 * The program as rows, day → exercise and its prescription (core session-plan.ts),
 * instead of "day N is the Nth exercise by id". Seeded for all 28 days; the coach edits them.
 */
export const programDays = pgTable(
  'program_days',
  {
    day: smallint('day').primaryKey(),
    exerciseId: integer('exercise_id')
      .notNull()
      .references(() => exercises.id, { onDelete: 'restrict' }),
    sets: smallint('sets').notNull(),
    workSeconds: smallint('work_seconds'),
    targetReps: smallint('target_reps'),
    restSeconds: smallint('rest_seconds').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The coach who last changed the day; null for the seed. */
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  // The bounds of core PRESCRIPTION_BOUNDS; whether work seconds or reps fit the exercise's
  // category is checked by the admin route (a check cannot look at another table).
  (t) => [
    dayNumberCheck('program_days_day_range', t.day),
    check('program_days_sets_range', sql`${t.sets} between 1 and 10`),
    check('program_days_work_range', sql`${t.workSeconds} is null or ${t.workSeconds} between 10 and 300`),
    check('program_days_reps_range', sql`${t.targetReps} is null or ${t.targetReps} between 1 and 100`),
    check('program_days_rest_range', sql`${t.restSeconds} between 0 and 300`),
    check('program_days_work_or_reps', sql`(${t.workSeconds} is null) <> (${t.targetReps} is null)`),
    index('program_days_exercise_idx').on(t.exerciseId),
  ],
);

/**
 * A member's Idempotency-Key and the first successful answer it got: the same key
 * again answers that, writing nothing. Scoped to the member; kept IDEMPOTENCY_KEY_TTL_MS.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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

export const discussionTopics = pgTable(
  'discussion_topics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    isArchived: boolean('is_archived').notNull().default(false),
    /** When the member / the coaches were last e-mailed about an unread message here. */
    memberNotifiedAt: timestamp('member_notified_at', { withTimezone: true }),
    coachNotifiedAt: timestamp('coach_notified_at', { withTimezone: true }),
    ...timestamps,
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('discussion_topics_title_not_blank', sql`length(trim(${t.title})) > 0`),
    index('discussion_topics_user_updated_idx').on(t.userId, t.updatedAt),
    index('discussion_topics_archived_updated_idx').on(t.isArchived, t.updatedAt),
  ],
);

export const discussionMessages = pgTable(
  'discussion_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    topicId: uuid('topic_id')
      .notNull()
      .references(() => discussionTopics.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    ...timestamps,
  },
  (t) => [
    index('contact_messages_created_idx').on(t.createdAt),
    index('contact_messages_ip_idx').on(t.clientIp, t.createdAt),
  ],
);

/**
 * A member's choice per kind of notification; no row is the default (on). E-mail is the
 * one channel; push (the installable app) becomes a column beside it.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    email: boolean('email').notNull(),
    /** A push notification instead of the e-mail, on the member's push-enabled devices. */
    push: boolean('push').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
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
      enum: ['customer', 'checkout_session', 'subscription', 'payment_method', 'invoice'],
    }).notNull(),
    customerId: text('customer_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('demo_provider_objects_customer_idx').on(t.customerId, t.kind)],
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

// Aggregates kept by triggers on every insert, update and delete (migration 0005; member_progress's
// activity and wellness columns since decision 0016), so the admin pages read a few hundred rows
// instead of scanning 1.5 million; they count everyone, and the readers subtract the few admins'
// own rows. The two program-wide counters are split into shards, one per database connection
// (`pg_backend_pid() % 32`, migration 0015): a single row per day was locked by every member
// completing that day until their transaction ended, so completions of one day ran one at a time.
// Readers sum a key's shards.

export const programDayStats = pgTable(
  'program_day_stats',
  {
    dayNumber: smallint('day_number').notNull(),
    shard: smallint('shard').notNull().default(0),
    completions: integer('completions').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.dayNumber, t.shard] })],
);

export const memberProgress = pgTable(
  'member_progress',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    completedDays: integer('completed_days').notNull().default(0),
    /** The completed days as bits (day d is bit d-1), for days missed in a row in SQL. */
    completedMask: integer('completed_mask').notNull().default(0),
    /**
     * The latest of a session touched, a day completed, results saved, a message written (kept by
     * triggers on those four tables; docs/decisions/0016). Every profile has a row, so the coach's
     * list sorts on this table's index.
     */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    /** Feeling and energy of the last three logged days, oldest first (kept by a wellness trigger). */
    recentFeeling: smallint('recent_feeling').array().notNull().default(sql`'{}'`),
    recentEnergy: smallint('recent_energy').array().notNull().default(sql`'{}'`),
    /**
     * The SQL twin of core isWellnessFalling: feeling or energy down two points or more from the
     * first to the last of the last three logged days (summaries.test.ts compares them). A column
     * rather than an expression, so the planner knows how many members it holds for.
     */
    wellnessFalling: boolean('wellness_falling')
      .notNull()
      .generatedAlwaysAs(
        sql`coalesce(cardinality(recent_feeling) = 3 and (recent_feeling[1] - recent_feeling[3] >= 2 or recent_energy[1] - recent_energy[3] >= 2), false)`,
      ),
  },
  (t) => [
    index('member_progress_completed_idx').on(t.completedDays),
    index('member_progress_last_active_idx').on(t.lastActiveAt.desc().nullsLast(), t.userId.desc()),
    index('member_progress_wellness_falling_idx').on(t.userId).where(sql`wellness_falling`),
  ],
);

export const wellnessWeekStats = pgTable(
  'wellness_week_stats',
  {
    week: smallint('week').notNull(),
    shard: smallint('shard').notNull().default(0),
    entries: integer('entries').notNull().default(0),
    feelingSum: bigint('feeling_sum', { mode: 'number' }).notNull().default(0),
    energySum: bigint('energy_sum', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.week, t.shard] })],
);

/**
 * A browser's Web Push subscription. An endpoint is one browser's, so it belongs to one
 * member: subscribing it again (another member signed in on that browser) moves it. Removed when
 * the member turns push off there or the push service answers 404/410.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique('push_subscriptions_endpoint_key'),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

// ---- the coach's workspace (docs/decisions/0016) ----

/** A 1-on-1 Burn member's own version of a program day; the standard day otherwise. */
export const memberProgramDays = pgTable(
  'member_program_days',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: smallint('day').notNull(),
    exerciseId: integer('exercise_id')
      .notNull()
      .references(() => exercises.id, { onDelete: 'restrict' }),
    sets: smallint('sets').notNull(),
    workSeconds: smallint('work_seconds'),
    targetReps: smallint('target_reps'),
    restSeconds: smallint('rest_seconds').notNull(),
    note: text('note').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day] }),
    dayNumberCheck('member_program_days_day_range', t.day),
    check('member_program_days_sets_range', sql`${t.sets} between 1 and 10`),
    check(
      'member_program_days_work_range',
      sql`${t.workSeconds} is null or ${t.workSeconds} between 10 and 300`,
    ),
    check(
      'member_program_days_reps_range',
      sql`${t.targetReps} is null or ${t.targetReps} between 1 and 100`,
    ),
    check('member_program_days_rest_range', sql`${t.restSeconds} between 0 and 300`),
    check('member_program_days_work_or_reps', sql`(${t.workSeconds} is null) <> (${t.targetReps} is null)`),
    index('member_program_days_exercise_idx').on(t.exerciseId),
  ],
);

/** Every change to a member's plan: who, when, the day before and after (null: the standard day). */
export const memberProgramDayChanges = pgTable(
  'member_program_day_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: smallint('day').notNull(),
    changedBy: text('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('member_program_day_changes_user_idx').on(t.userId, t.changedAt)],
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
    ...timestamps,
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_replies_coach_idx').on(t.coachId, t.title)],
);
