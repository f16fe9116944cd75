import { VIDEO_TYPES } from '@core28/core/exercise-media';
import { EXERCISE_CATEGORIES } from '@core28/core/exercises';
import { type SQLWrapper, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
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
import { memberId, users } from './auth.ts';
import { dayNumberCheck, timestamps, updatedAt } from './columns.ts';

// The exercises, the programs and their days (and a 1-on-1 Burn member's own, docs/decisions/0016),
// each member's rounds of a program (docs/decisions/0026), and what members log on each day of a round.

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
    updatedAt: updatedAt(),
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

// A day's prescription, the same on the program's 28 days and a member's own days: its columns and
// the bounds of core's PRESCRIPTION_BOUNDS. Whether work seconds or reps fit the exercise's
// category is checked by the admin route (a check cannot look at another table).

export const prescriptionColumns = () => ({
  exerciseId: integer('exercise_id')
    .notNull()
    .references(() => exercises.id, { onDelete: 'restrict' }),
  sets: smallint('sets').notNull(),
  workSeconds: smallint('work_seconds'),
  targetReps: smallint('target_reps'),
  restSeconds: smallint('rest_seconds').notNull(),
});

type Prescribed = { [K in keyof ReturnType<typeof prescriptionColumns>]: SQLWrapper & AnyPgColumn };

export const prescriptionChecks = (table: string, t: Prescribed) => [
  check(`${table}_sets_range`, sql`${t.sets} between 1 and 10`),
  check(`${table}_work_range`, sql`${t.workSeconds} is null or ${t.workSeconds} between 10 and 300`),
  check(`${table}_reps_range`, sql`${t.targetReps} is null or ${t.targetReps} between 1 and 100`),
  check(`${table}_rest_range`, sql`${t.restSeconds} between 0 and 300`),
  check(`${table}_work_or_reps`, sql`(${t.workSeconds} is null) <> (${t.targetReps} is null)`),
  index(`${table}_exercise_idx`).on(t.exerciseId),
];

/** A program: its days are program_exercises rows. Core28 (the spec's 28 days) is the first. */
export const programs = pgTable(
  'programs',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    level: text('level', { enum: ['beginner', 'intermediate', 'advanced'] }).notNull(),
    days: smallint('days').notNull(),
    description: text('description').notNull().default(''),
    /** A circuit: each round goes through every exercise of the day once (Express); else set by set. */
    circuit: boolean('circuit').notNull().default(false),
    /** draft: coaches only; published: in the library; retired: its running rounds go on, no new ones. */
    status: text('status', { enum: ['draft', 'published', 'retired'] })
      .notNull()
      .default('draft'),
    /** The library's order. */
    position: smallint('position').notNull().default(0),
    ...timestamps,
    updatedAt: updatedAt(),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('programs_name_not_blank', sql`length(trim(${t.name})) > 0`),
    check('programs_level_valid', sql`${t.level} in ('beginner','intermediate','advanced')`),
    check('programs_days_range', sql`${t.days} between 7 and 42`),
    check('programs_status_valid', sql`${t.status} in ('draft','published','retired')`),
  ],
);

/**
 * A program's days as rows, day → its exercises in order, each with its prescription (core
 * session-plan.ts), instead of spec §4's "day N is the Nth exercise by id".
 */
export const programExercises = pgTable(
  'program_exercises',
  {
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    day: smallint('day').notNull(),
    position: smallint('position').notNull().default(1),
    ...prescriptionColumns(),
    updatedAt: updatedAt(),
    /** The coach who last changed the day; null for the seed. */
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.programId, t.day, t.position] }),
    dayNumberCheck('program_exercises_day_range', t.day),
    check('program_exercises_position_range', sql`${t.position} between 1 and 8`),
    ...prescriptionChecks('program_exercises', t),
  ],
);

/**
 * One run of a program by a member. Round 1 (Core28) starts at registration; the current round is
 * the member's highest number. A round's day is whole calendar days since `startedAt`, in the
 * member's time zone, plus one (core rounds.ts). `endedAt`: left for another program before its end.
 */
export const rounds = pgTable(
  'rounds',
  {
    id: serial('id').primaryKey(),
    userId: memberId(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'restrict' }),
    number: smallint('number').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    ...timestamps,
    /** The member's last change to it (started, moved): a calendar feed's dates change with it. */
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('rounds_user_number').on(t.userId, t.number),
    check('rounds_number_positive', sql`${t.number} >= 1`),
    index('rounds_program_idx').on(t.programId, t.startedAt),
  ],
);

/**
 * The round a member's row belongs to. The app always names it; an insert that leaves it out (a
 * fixture, a script) gets the member's current round from the core28_current_round trigger.
 */
const roundId = () =>
  integer('round_id')
    .notNull()
    .default(sql`null`)
    .references(() => rounds.id, { onDelete: 'cascade' });

/** The round's program, always set from the round by the same trigger (the counters are per program). */
const roundProgramId = () => integer('program_id').notNull().default(sql`null`);

export const workoutCompletions = pgTable(
  'workout_completions',
  {
    id: serial('id').primaryKey(),
    userId: memberId(),
    roundId: roundId(),
    programId: roundProgramId(),
    dayNumber: smallint('day_number').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('workout_completions_round_day').on(t.roundId, t.dayNumber),
    index('workout_completions_user_idx').on(t.userId),
    dayNumberCheck('workout_completions_day_range', t.dayNumber),
    index('workout_completions_completed_at_idx').on(t.completedAt),
    index('workout_completions_day_idx').on(t.dayNumber),
  ],
);

export const exerciseProgress = pgTable(
  'exercise_progress',
  {
    id: serial('id').primaryKey(),
    userId: memberId(),
    roundId: roundId(),
    dayNumber: smallint('day_number').notNull(),
    name: text('name').notNull().default('Workout'),
    totalTimeSeconds: integer('total_time_seconds').notNull().default(0),
    repetitionsCompleted: integer('repetitions_completed').notNull().default(0),
    ...timestamps,
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('exercise_progress_round_day').on(t.roundId, t.dayNumber),
    index('exercise_progress_user_idx').on(t.userId),
    dayNumberCheck('exercise_progress_day_range', t.dayNumber),
    check('exercise_progress_time_range', sql`${t.totalTimeSeconds} between 0 and 86400`),
    check('exercise_progress_reps_range', sql`${t.repetitionsCompleted} between 0 and 100000`),
  ],
);

export const wellnessTracking = pgTable(
  'wellness_tracking',
  {
    id: serial('id').primaryKey(),
    userId: memberId(),
    roundId: roundId(),
    programId: roundProgramId(),
    dayNumber: smallint('day_number').notNull(),
    feelingRating: smallint('feeling_rating').notNull(),
    energyLevel: smallint('energy_level').notNull(),
    ...timestamps,
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('wellness_tracking_round_day').on(t.roundId, t.dayNumber),
    index('wellness_tracking_user_idx').on(t.userId),
    dayNumberCheck('wellness_tracking_day_range', t.dayNumber),
    check('wellness_tracking_feeling_range', sql`${t.feelingRating} between 1 and 5`),
    check('wellness_tracking_energy_range', sql`${t.energyLevel} between 1 and 5`),
  ],
);

// ---- the coach's workspace (docs/decisions/0016) ----

/**
 * A 1-on-1 Burn member's own version of a day of a round, its exercises in order; the program's
 * day otherwise.
 */
export const memberProgramDays = pgTable(
  'member_program_days',
  {
    userId: memberId(),
    roundId: roundId(),
    day: smallint('day').notNull(),
    position: smallint('position').notNull().default(1),
    ...prescriptionColumns(),
    note: text('note').notNull().default(''),
    updatedAt: updatedAt(),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.roundId, t.day, t.position] }),
    index('member_program_days_user_idx').on(t.userId),
    dayNumberCheck('member_program_days_day_range', t.day),
    check('member_program_days_position_range', sql`${t.position} between 1 and 8`),
    ...prescriptionChecks('member_program_days', t),
  ],
);

/** Every change to a member's plan: who, when, the day before and after (null: the standard day). */
export const memberProgramDayChanges = pgTable(
  'member_program_day_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: memberId(),
    day: smallint('day').notNull(),
    changedBy: text('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('member_program_day_changes_user_idx').on(t.userId, t.changedAt)],
);
