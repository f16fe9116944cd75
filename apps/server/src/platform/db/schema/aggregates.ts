import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

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
    programId: integer('program_id').notNull(),
    dayNumber: smallint('day_number').notNull(),
    shard: smallint('shard').notNull().default(0),
    completions: integer('completions').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.programId, t.dayNumber, t.shard] })],
);

export const memberProgress = pgTable(
  'member_progress',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The member's current round (rounds' latest): copied here, so lists filter on one row. */
    roundId: integer('round_id'),
    roundStartedAt: timestamp('round_started_at', { withTimezone: true }),
    /** The length of the current round's program. */
    roundDays: smallint('round_days').notNull().default(28),
    /** Days of the current round completed. */
    completedDays: integer('completed_days').notNull().default(0),
    /** The current round's completed days as bits (day d is bit d-1), for days missed in a row in SQL. */
    completedMask: bigint('completed_mask', { mode: 'number' }).notNull().default(0),
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
    // The reminders' sweep each minute reads only rounds started in the last weeks (0026).
    index('member_progress_round_started_idx').on(t.roundStartedAt),
    index('member_progress_last_active_idx').on(t.lastActiveAt.desc().nullsLast(), t.userId.desc()),
    index('member_progress_wellness_falling_idx').on(t.userId).where(sql`wellness_falling`),
  ],
);

export const wellnessWeekStats = pgTable(
  'wellness_week_stats',
  {
    programId: integer('program_id').notNull(),
    week: smallint('week').notNull(),
    shard: smallint('shard').notNull().default(0),
    entries: integer('entries').notNull().default(0),
    feelingSum: bigint('feeling_sum', { mode: 'number' }).notNull().default(0),
    energySum: bigint('energy_sum', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.programId, t.week, t.shard] })],
);
