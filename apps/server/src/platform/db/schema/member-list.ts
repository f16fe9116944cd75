import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

// The coach's member list at a million members (docs/decisions/0030, "The admin pages at 1M"): its
// totals are sums over member_list_counts, counters that triggers keep per key (plan, 1-on-1 Burn,
// wellness falling, time zone, the dates of the current round's three highest completed days, its
// whole weeks done), so
// "how many missed 2 days in a row" reads a few thousand rows at any hour instead of every member.
// The dates, not the days missed, are kept: the days missed change at each member's midnight with
// no write, the dates only when the member trains, changes zone or starts a round (migration 0033).

/** Each member's key as last counted (the counters' decrement needs the old one). */
export const memberListKeys = pgTable(
  'member_list_keys',
  {
    // No foreign key: a cascade from users would drop the row before the trigger that uncounts it.
    userId: text('user_id').primaryKey(),
    /** A profile, and no staff role: what the member list lists. */
    listed: boolean('listed').notNull().default(false),
    /** 'paid', 'trial' or 'none', as the list's plan filter reads subscribers. */
    plan: text('plan').notNull().default('none'),
    burn: boolean('burn').notNull().default(false),
    falling: boolean('falling').notNull().default(false),
    timeZone: text('time_zone').notNull().default('UTC'),
    /**
     * The local dates of the current round's highest, second and third completed days (day 0's, the
     * eve of the round's start, for each missing); null without a round. Days missed in a row are
     * the days before today back to the highest of these before today (missedFromKeysSql).
     */
    topDayOn: date('top_day_on', { mode: 'string' }),
    secondDayOn: date('second_day_on', { mode: 'string' }),
    thirdDayOn: date('third_day_on', { mode: 'string' }),
    /** Whole weeks of the current round's days completed, up to 4: program analytics' "past week n". */
    weeksDone: smallint('weeks_done').notNull().default(0),
    /** The profile's registration (the list's default order), for the falling members' index. */
    registeredAt: timestamp('registered_at', { withTimezone: true }),
  },
  (t) => [
    // "Wellness falling", newest first: 8 % of the members, and the fewest among the newest.
    index('member_list_keys_falling_idx')
      .on(t.registeredAt.desc(), t.userId.desc())
      .where(sql`listed and falling`),
    // "Sorted by days missed" walks the oldest first (member-list-missed.ts).
    index('member_list_keys_top_day_idx').on(t.topDayOn).where(sql`listed`),
    index('member_list_keys_third_day_idx').on(t.thirdDayOn).where(sql`listed`),
  ],
);

/**
 * Listed members per key, split into shards by the writing connection as program_day_stats is
 * (migration 0015), so members completing a day at once do not wait on one row. Only sums mean
 * anything: a shard may go negative. The fold (core28_member_list_counts_fold, a job each hour)
 * merges the shards and the keys whose members have missed 28 days or more whatever the hour.
 */
export const memberListCounts = pgTable(
  'member_list_counts',
  {
    plan: text('plan').notNull(),
    burn: boolean('burn').notNull(),
    falling: boolean('falling').notNull(),
    timeZone: text('time_zone').notNull(),
    topDayOn: date('top_day_on', { mode: 'string' }),
    secondDayOn: date('second_day_on', { mode: 'string' }),
    thirdDayOn: date('third_day_on', { mode: 'string' }),
    weeksDone: smallint('weeks_done').notNull(),
    shard: smallint('shard').notNull().default(0),
    members: integer('members').notNull().default(0),
  },
  (t) => [
    unique('member_list_counts_key')
      .on(
        t.plan,
        t.burn,
        t.falling,
        t.timeZone,
        t.topDayOn,
        t.secondDayOn,
        t.thirdDayOn,
        t.weeksDone,
        t.shard,
      )
      .nullsNotDistinct(),
  ],
);

/**
 * Each member's part in their coach's load as last counted (migration 0033): their coach, whether
 * their plan is a paid 1-on-1 Burn by its flags, and their open conversations.
 */
export const coachLoadKeys = pgTable('coach_load_keys', {
  userId: text('user_id').primaryKey(),
  coachId: text('coach_id'),
  burn: boolean('burn').notNull().default(false),
  openTopics: integer('open_topics').notNull().default(0),
});

/**
 * Per coach, their paid 1-on-1 Burn members (by the flags: the reader takes off those whose period
 * has ended by the hour asked) and open conversations, sharded as member_list_counts.
 */
export const coachLoadCounts = pgTable(
  'coach_load_counts',
  {
    coachId: text('coach_id').notNull(),
    shard: smallint('shard').notNull().default(0),
    members: integer('members').notNull().default(0),
    openConversations: integer('open_conversations').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.coachId, t.shard] })],
);

/**
 * The dashboard's counts that are not per member (migration 0033), kept by triggers on the row
 * that changes them, sharded as the others: 'paid' (subscribers paid for a paid tier by their
 * flags; the reader takes off those whose period has ended by the hour asked and the staff's) and
 * 'open-conversations' (topics not archived).
 */
export const dashboardCounts = pgTable(
  'dashboard_counts',
  {
    name: text('name').notNull(),
    shard: smallint('shard').notNull().default(0),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.name, t.shard] })],
);
