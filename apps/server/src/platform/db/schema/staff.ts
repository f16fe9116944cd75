import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { memberId, users } from './auth.ts';
import { timestamps, updatedAt } from './columns.ts';

// The coaching team: coaches' profiles and seats, who coaches whom, seats held during a
// checkout, the waitlist, invitations, and the audit log of staff writes.

/** A coach as members see them, and how many 1-on-1 Burn members they take. */
export const coachProfiles = pgTable(
  'coach_profiles',
  {
    userId: memberId().primaryKey(),
    name: text('name').notNull(),
    bio: text('bio').notNull().default(''),
    /** The photo's storage key (re-encoded like an avatar). */
    photoKey: text('photo_key'),
    seats: integer('seats').notNull().default(0),
    ...timestamps,
    updatedAt: updatedAt(),
  },
  (t) => [
    check('coach_profiles_seats_range', sql`${t.seats} between 0 and 10000`),
    check('coach_profiles_name_not_blank', sql`length(trim(${t.name})) > 0`),
  ],
);

/** Each 1-on-1 Burn member's coach. A coach cannot be deleted while they have members. */
export const coachAssignments = pgTable(
  'coach_assignments',
  {
    userId: memberId().primaryKey(),
    coachId: text('coach_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
    assignedBy: text('assigned_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('coach_assignments_coach_idx').on(t.coachId)],
);

/**
 * A seat kept for someone between the start of a 1-on-1 Burn checkout (or a waitlist offer) and
 * its end: counted as taken until `released_at` or `expires_at`, so two checkouts cannot both
 * take the last seat.
 */
export const seatHolds = pgTable(
  'seat_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    coachId: text('coach_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    waitlistId: uuid('waitlist_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('seat_holds_open_idx').on(t.coachId, t.expiresAt).where(sql`${t.releasedAt} is null`),
    index('seat_holds_user_idx').on(t.userId),
  ],
);

/** People waiting for a 1-on-1 Burn seat, first come first served. */
export const coachWaitlist = pgTable(
  'coach_waitlist',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    interval: text('interval', { enum: ['month', 'year'] }).notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** When a seat was offered (a hold and a mail with a checkout link), and until when. */
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    /** Subscribed, or left the list: no longer waiting. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('coach_waitlist_waiting_email_idx')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.closedAt} is null`),
    index('coach_waitlist_order_idx').on(t.createdAt).where(sql`${t.closedAt} is null`),
  ],
);

/** An invitation to join the team: single use, expiring; only the token's hash is kept. */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    /** The roles and grants the invitation gives (user_roles.role values). */
    roles: text('roles').array().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: text('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('staff_invitations_email_idx').on(sql`lower(${t.email})`)],
);

/**
 * Every staff write: who (with their name then), what, about which member or object, when, from
 * which address. Append-only: a trigger refuses updates and deletes; no foreign keys, so the
 * rows outlive the accounts they name.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: text('actor_id'),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    memberId: text('member_id'),
    objectType: text('object_type'),
    objectId: text('object_id'),
    detail: jsonb('detail').notNull().default({}),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
    index('audit_log_member_idx').on(t.memberId, t.createdAt),
  ],
);
