import { NOTIFICATION_KINDS } from '@core28/core/notifications';
import { CHECKOUT_PLAN_IDS } from '@core28/core/plans';
import { FITNESS_LEVELS, GENDERS } from '@core28/core/profile';
import { TIERS } from '@core28/core/subscriptions';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { memberId, users } from './auth.ts';
import { timestamps, updatedAt } from './columns.ts';

// A member's own rows besides their training: profile, role, plan, notification choices, devices.

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
    updatedAt: updatedAt(),
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
    userId: memberId(),
    /** A staff role or grant (core staff.ts STAFF_ROLES): any row makes the account staff. */
    role: text('role', { enum: ['owner', 'coach', 'editor', 'all_members', 'support'] }).notNull(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.role] }),
    index('user_roles_role_idx').on(t.role),
    check('user_roles_role_known', sql`${t.role} in ('owner', 'coach', 'editor', 'all_members', 'support')`),
  ],
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
    updatedAt: updatedAt(),
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

/**
 * A member's choice per kind of notification; no row is the default (on). E-mail is the
 * one channel; push (the installable app) becomes a column beside it.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: memberId(),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    email: boolean('email').notNull(),
    /** A push notification instead of the e-mail, on the member's push-enabled devices. */
    push: boolean('push').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
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
    userId: memberId(),
    endpoint: text('endpoint').notNull().unique('push_subscriptions_endpoint_key'),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);
