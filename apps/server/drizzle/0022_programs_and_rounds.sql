-- Programs and rounds (docs/decisions/0026). The spec's 28 program days become the first program,
-- Core28, unchanged; every member gets round 1 of it, started at registration, and everything they
-- logged (completions, results, wellness, their coach's own days) moves into that round.
CREATE TABLE "programs" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"level" text NOT NULL,
	"days" smallint NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"circuit" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "programs_slug_unique" UNIQUE("slug"),
	CONSTRAINT "programs_name_not_blank" CHECK (length(trim("programs"."name")) > 0),
	CONSTRAINT "programs_level_valid" CHECK ("programs"."level" in ('beginner','intermediate','advanced')),
	CONSTRAINT "programs_days_range" CHECK ("programs"."days" between 7 and 42),
	CONSTRAINT "programs_status_valid" CHECK ("programs"."status" in ('draft','published','retired'))
);
--> statement-breakpoint
CREATE TABLE "program_exercises" (
	"program_id" integer NOT NULL,
	"day" smallint NOT NULL,
	"position" smallint DEFAULT 1 NOT NULL,
	"exercise_id" integer NOT NULL,
	"sets" smallint NOT NULL,
	"work_seconds" smallint,
	"target_reps" smallint,
	"rest_seconds" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "program_exercises_program_id_day_position_pk" PRIMARY KEY("program_id","day","position"),
	CONSTRAINT "program_exercises_day_range" CHECK ("program_exercises"."day" between 1 and 42),
	CONSTRAINT "program_exercises_position_range" CHECK ("program_exercises"."position" between 1 and 8),
	CONSTRAINT "program_exercises_sets_range" CHECK ("program_exercises"."sets" between 1 and 10),
	CONSTRAINT "program_exercises_work_range" CHECK ("program_exercises"."work_seconds" is null or "program_exercises"."work_seconds" between 10 and 300),
	CONSTRAINT "program_exercises_reps_range" CHECK ("program_exercises"."target_reps" is null or "program_exercises"."target_reps" between 1 and 100),
	CONSTRAINT "program_exercises_rest_range" CHECK ("program_exercises"."rest_seconds" between 0 and 300),
	CONSTRAINT "program_exercises_work_or_reps" CHECK (("program_exercises"."work_seconds" is null) <> ("program_exercises"."target_reps" is null))
);
--> statement-breakpoint
CREATE TABLE "rounds" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"program_id" integer NOT NULL,
	"number" smallint NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rounds_user_number" UNIQUE("user_id","number"),
	CONSTRAINT "rounds_number_positive" CHECK ("rounds"."number" >= 1)
);
--> statement-breakpoint
ALTER TABLE "program_exercises" ADD CONSTRAINT "program_exercises_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_exercises" ADD CONSTRAINT "program_exercises_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_exercises" ADD CONSTRAINT "program_exercises_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rounds" ADD CONSTRAINT "rounds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rounds" ADD CONSTRAINT "rounds_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "program_exercises_exercise_idx" ON "program_exercises" USING btree ("exercise_id");--> statement-breakpoint
CREATE INDEX "rounds_program_idx" ON "rounds" USING btree ("program_id","started_at");--> statement-breakpoint
-- Core28: the spec's program, its 28 days as they are.
INSERT INTO programs (slug, name, level, days, description, status, position) VALUES ('core28', 'Core28', 'intermediate', 28,
  'The original 28 days: one core exercise a day, building from foundation to mastery in four weeks.', 'published', 1);--> statement-breakpoint
INSERT INTO program_exercises (program_id, day, position, exercise_id, sets, work_seconds, target_reps, rest_seconds, updated_at, updated_by)
  SELECT (SELECT id FROM programs WHERE slug = 'core28'), day, 1, exercise_id, sets, work_seconds, target_reps, rest_seconds, updated_at, updated_by
  FROM program_days;--> statement-breakpoint
DROP TABLE "program_days" CASCADE;--> statement-breakpoint
-- Round 1 for every member, and for any account that logged a day without a profile.
INSERT INTO rounds (user_id, program_id, number, started_at)
  SELECT u.id, (SELECT id FROM programs WHERE slug = 'core28'), 1, coalesce(p.registration_date, u.created_at)
  FROM users u LEFT JOIN profiles p ON p.user_id = u.id
  WHERE p.user_id IS NOT NULL
     OR EXISTS (SELECT 1 FROM workout_completions w WHERE w.user_id = u.id)
     OR EXISTS (SELECT 1 FROM exercise_progress e WHERE e.user_id = u.id)
     OR EXISTS (SELECT 1 FROM wellness_tracking t WHERE t.user_id = u.id)
     OR EXISTS (SELECT 1 FROM member_program_days m WHERE m.user_id = u.id);--> statement-breakpoint
-- What members logged moves into their round 1 (the counting triggers are not involved: an UPDATE
-- of round_id alone keeps every count).
ALTER TABLE "workout_completions" ADD COLUMN "round_id" integer;--> statement-breakpoint
ALTER TABLE "workout_completions" ADD COLUMN "program_id" integer;--> statement-breakpoint
ALTER TABLE "exercise_progress" ADD COLUMN "round_id" integer;--> statement-breakpoint
ALTER TABLE "wellness_tracking" ADD COLUMN "round_id" integer;--> statement-breakpoint
ALTER TABLE "wellness_tracking" ADD COLUMN "program_id" integer;--> statement-breakpoint
ALTER TABLE "member_program_days" ADD COLUMN "round_id" integer;--> statement-breakpoint
ALTER TABLE "member_program_days" ADD COLUMN "position" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "workout_completions" DISABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE "exercise_progress" DISABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE "wellness_tracking" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE workout_completions w SET round_id = r.id, program_id = r.program_id FROM rounds r WHERE r.user_id = w.user_id AND r.number = 1;--> statement-breakpoint
UPDATE exercise_progress e SET round_id = r.id FROM rounds r WHERE r.user_id = e.user_id AND r.number = 1;--> statement-breakpoint
UPDATE wellness_tracking t SET round_id = r.id, program_id = r.program_id FROM rounds r WHERE r.user_id = t.user_id AND r.number = 1;--> statement-breakpoint
UPDATE member_program_days m SET round_id = r.id FROM rounds r WHERE r.user_id = m.user_id AND r.number = 1;--> statement-breakpoint
ALTER TABLE "workout_completions" ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE "exercise_progress" ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE "wellness_tracking" ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE "workout_completions" ALTER COLUMN "round_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "workout_completions" ALTER COLUMN "program_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "exercise_progress" ALTER COLUMN "round_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "wellness_tracking" ALTER COLUMN "round_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "wellness_tracking" ALTER COLUMN "program_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "member_program_days" ALTER COLUMN "round_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "exercise_progress" ADD CONSTRAINT "exercise_progress_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_program_days" ADD CONSTRAINT "member_program_days_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wellness_tracking" ADD CONSTRAINT "wellness_tracking_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_completions" ADD CONSTRAINT "workout_completions_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_progress" DROP CONSTRAINT "exercise_progress_user_day";--> statement-breakpoint
ALTER TABLE "wellness_tracking" DROP CONSTRAINT "wellness_tracking_user_day";--> statement-breakpoint
ALTER TABLE "workout_completions" DROP CONSTRAINT "workout_completions_user_day";--> statement-breakpoint
ALTER TABLE "exercise_progress" ADD CONSTRAINT "exercise_progress_round_day" UNIQUE("round_id","day_number");--> statement-breakpoint
ALTER TABLE "wellness_tracking" ADD CONSTRAINT "wellness_tracking_round_day" UNIQUE("round_id","day_number");--> statement-breakpoint
ALTER TABLE "workout_completions" ADD CONSTRAINT "workout_completions_round_day" UNIQUE("round_id","day_number");--> statement-breakpoint
CREATE INDEX "exercise_progress_user_idx" ON "exercise_progress" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "wellness_tracking_user_idx" ON "wellness_tracking" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "workout_completions_user_idx" ON "workout_completions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "member_program_days_user_idx" ON "member_program_days" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "member_program_days" DROP CONSTRAINT "member_program_days_user_id_day_pk";--> statement-breakpoint
ALTER TABLE "member_program_days" ADD CONSTRAINT "member_program_days_round_id_day_position_pk" PRIMARY KEY("round_id","day","position");--> statement-breakpoint
ALTER TABLE "member_program_days" ADD CONSTRAINT "member_program_days_position_range" CHECK ("member_program_days"."position" between 1 and 8);--> statement-breakpoint
-- Programs run 7 to 42 days.
ALTER TABLE "exercise_progress" DROP CONSTRAINT "exercise_progress_day_range";--> statement-breakpoint
ALTER TABLE "member_program_days" DROP CONSTRAINT "member_program_days_day_range";--> statement-breakpoint
ALTER TABLE "wellness_tracking" DROP CONSTRAINT "wellness_tracking_day_range";--> statement-breakpoint
ALTER TABLE "workout_completions" DROP CONSTRAINT "workout_completions_day_range";--> statement-breakpoint
ALTER TABLE "exercise_progress" ADD CONSTRAINT "exercise_progress_day_range" CHECK ("exercise_progress"."day_number" between 1 and 42);--> statement-breakpoint
ALTER TABLE "member_program_days" ADD CONSTRAINT "member_program_days_day_range" CHECK ("member_program_days"."day" between 1 and 42);--> statement-breakpoint
ALTER TABLE "wellness_tracking" ADD CONSTRAINT "wellness_tracking_day_range" CHECK ("wellness_tracking"."day_number" between 1 and 42);--> statement-breakpoint
ALTER TABLE "workout_completions" ADD CONSTRAINT "workout_completions_day_range" CHECK ("workout_completions"."day_number" between 1 and 42);--> statement-breakpoint
-- The program-wide counters, per program (all of today's are Core28's).
ALTER TABLE "program_day_stats" DROP CONSTRAINT "program_day_stats_day_number_shard_pk";--> statement-breakpoint
ALTER TABLE "wellness_week_stats" DROP CONSTRAINT "wellness_week_stats_week_shard_pk";--> statement-breakpoint
ALTER TABLE "program_day_stats" ADD COLUMN "program_id" integer;--> statement-breakpoint
ALTER TABLE "wellness_week_stats" ADD COLUMN "program_id" integer;--> statement-breakpoint
UPDATE program_day_stats SET program_id = (SELECT id FROM programs WHERE slug = 'core28');--> statement-breakpoint
UPDATE wellness_week_stats SET program_id = (SELECT id FROM programs WHERE slug = 'core28');--> statement-breakpoint
ALTER TABLE "program_day_stats" ALTER COLUMN "program_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "wellness_week_stats" ALTER COLUMN "program_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "program_day_stats" ADD CONSTRAINT "program_day_stats_program_id_day_number_shard_pk" PRIMARY KEY("program_id","day_number","shard");--> statement-breakpoint
ALTER TABLE "wellness_week_stats" ADD CONSTRAINT "wellness_week_stats_program_id_week_shard_pk" PRIMARY KEY("program_id","week","shard");--> statement-breakpoint
-- member_progress keeps a copy of each member's current round, so the coach's lists count days
-- and missed days from one row; 42 days of bits need a bigint.
ALTER TABLE "member_progress" ALTER COLUMN "completed_mask" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "member_progress" ADD COLUMN "round_id" integer;--> statement-breakpoint
ALTER TABLE "member_progress" ADD COLUMN "round_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_progress" ADD COLUMN "round_days" smallint DEFAULT 28 NOT NULL;--> statement-breakpoint
UPDATE member_progress m SET round_id = r.id, round_started_at = r.started_at, round_days = 28
  FROM rounds r WHERE r.user_id = m.user_id AND r.number = 1;--> statement-breakpoint
-- A row that does not name its round (a fixture, a script) is the member's current round's; a
-- member without one (an account that never made a profile) gets round 1 of Core28 first.
CREATE FUNCTION core28_current_round(uid text) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  found integer;
BEGIN
  SELECT id INTO found FROM rounds WHERE user_id = uid ORDER BY number DESC LIMIT 1;
  IF found IS NULL THEN
    INSERT INTO rounds (user_id, program_id, number, started_at)
      SELECT uid, (SELECT id FROM programs WHERE slug = 'core28'), 1,
        coalesce((SELECT registration_date FROM profiles WHERE user_id = uid), now())
      ON CONFLICT (user_id, number) DO NOTHING
      RETURNING id INTO found;
    IF found IS NULL THEN
      SELECT id INTO found FROM rounds WHERE user_id = uid ORDER BY number DESC LIMIT 1;
    END IF;
  END IF;
  RETURN found;
END $$;--> statement-breakpoint
CREATE FUNCTION core28_row_round() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.round_id IS NULL THEN
    NEW.round_id := core28_current_round(NEW.user_id);
  END IF;
  -- The program a completion or a wellness entry counts for: its round's. The app never names it;
  -- a bulk load that does (the benches, generating rows in SQL) saves a lookup per row.
  -- Nested: a table without program_id must never have the field read.
  IF TG_ARGV[0] = 'with_program' THEN
    IF NEW.program_id IS NULL OR TG_OP = 'UPDATE' THEN
      NEW.program_id := (SELECT program_id FROM rounds WHERE id = NEW.round_id);
    END IF;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER workout_completions_round BEFORE INSERT OR UPDATE OF round_id ON workout_completions
  FOR EACH ROW EXECUTE FUNCTION core28_row_round('with_program');--> statement-breakpoint
CREATE TRIGGER wellness_tracking_round BEFORE INSERT OR UPDATE OF round_id ON wellness_tracking
  FOR EACH ROW EXECUTE FUNCTION core28_row_round('with_program');--> statement-breakpoint
CREATE TRIGGER exercise_progress_round BEFORE INSERT ON exercise_progress
  FOR EACH ROW EXECUTE FUNCTION core28_row_round('');--> statement-breakpoint
CREATE TRIGGER member_program_days_round BEFORE INSERT ON member_program_days
  FOR EACH ROW EXECUTE FUNCTION core28_row_round('');--> statement-breakpoint
-- A new profile starts round 1 of Core28 at its registration.
CREATE FUNCTION core28_profile_first_round() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO rounds (user_id, program_id, number, started_at)
    SELECT user_id, (SELECT id FROM programs WHERE slug = 'core28'), 1, registration_date FROM new_rows
    ON CONFLICT (user_id, number) DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER profiles_first_round AFTER INSERT ON profiles
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION core28_profile_first_round();--> statement-breakpoint
-- Round 1 starts at registration (spec §4): a registration date set again (an import, support
-- correcting it) moves round 1's start with it, unless the member moved it since (continuing).
CREATE FUNCTION core28_profile_round_start() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE rounds r SET started_at = n.registration_date
    FROM new_rows n JOIN old_rows o ON o.user_id = n.user_id
    WHERE r.user_id = n.user_id AND r.number = 1 AND r.started_at = o.registration_date
      AND n.registration_date IS DISTINCT FROM o.registration_date;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER profiles_round_start AFTER UPDATE ON profiles
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION core28_profile_round_start();--> statement-breakpoint
-- The copy in member_progress follows the member's latest round: a new one starts with nothing
-- completed; a moved start (continuing after a break) moves the copy's.
CREATE FUNCTION core28_round_progress() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO member_progress AS m (user_id, round_id, round_started_at, round_days, completed_days, completed_mask)
    SELECT n.user_id, n.id, n.started_at, p.days,
      (SELECT count(*)::int FROM workout_completions w WHERE w.round_id = n.id),
      coalesce((SELECT bit_or(1::bigint << (w.day_number - 1)) FROM workout_completions w WHERE w.round_id = n.id), 0)
    FROM new_rows n JOIN programs p ON p.id = n.program_id
    WHERE n.number = (SELECT max(number) FROM rounds r WHERE r.user_id = n.user_id)
    ON CONFLICT (user_id) DO UPDATE SET round_id = excluded.round_id, round_started_at = excluded.round_started_at,
      round_days = excluded.round_days, completed_days = excluded.completed_days, completed_mask = excluded.completed_mask;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER rounds_progress_insert AFTER INSERT ON rounds
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION core28_round_progress();--> statement-breakpoint
CREATE TRIGGER rounds_progress_update AFTER UPDATE ON rounds
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION core28_round_progress();--> statement-breakpoint
-- The counters, per program; a member's own counts only for their current round.
CREATE OR REPLACE FUNCTION core28_count_completions() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  my_shard smallint := pg_backend_pid() % 32;
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO program_day_stats AS s (program_id, day_number, shard, completions)
      SELECT program_id, day_number, my_shard, -count(*)::int FROM old_rows GROUP BY program_id, day_number
      ON CONFLICT (program_id, day_number, shard) DO UPDATE SET completions = s.completions + excluded.completions;
    UPDATE member_progress m SET completed_days = m.completed_days - d.n, completed_mask = m.completed_mask & ~d.mask
      FROM (SELECT user_id, round_id, count(*)::int AS n, bit_or(1::bigint << (day_number - 1)) AS mask
            FROM old_rows GROUP BY user_id, round_id) d
      WHERE m.user_id = d.user_id AND m.round_id = d.round_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO program_day_stats AS s (program_id, day_number, shard, completions)
      SELECT program_id, day_number, my_shard, count(*)::int FROM new_rows GROUP BY program_id, day_number
      ON CONFLICT (program_id, day_number, shard) DO UPDATE SET completions = s.completions + excluded.completions;
    UPDATE member_progress m SET completed_days = m.completed_days + d.n, completed_mask = m.completed_mask | d.mask
      FROM (SELECT user_id, round_id, count(*)::int AS n, bit_or(1::bigint << (day_number - 1)) AS mask
            FROM new_rows GROUP BY user_id, round_id) d
      WHERE m.user_id = d.user_id AND m.round_id = d.round_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION core28_sum_wellness() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  my_shard smallint := pg_backend_pid() % 32;
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO wellness_week_stats AS s (program_id, week, shard, entries, feeling_sum, energy_sum)
      SELECT program_id, ((day_number - 1) / 7 + 1)::smallint, my_shard, -count(*)::int, -sum(feeling_rating)::bigint, -sum(energy_level)::bigint
      FROM old_rows GROUP BY 1, 2
      ON CONFLICT (program_id, week, shard) DO UPDATE SET entries = s.entries + excluded.entries,
        feeling_sum = s.feeling_sum + excluded.feeling_sum, energy_sum = s.energy_sum + excluded.energy_sum;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO wellness_week_stats AS s (program_id, week, shard, entries, feeling_sum, energy_sum)
      SELECT program_id, ((day_number - 1) / 7 + 1)::smallint, my_shard, count(*)::int, sum(feeling_rating)::bigint, sum(energy_level)::bigint
      FROM new_rows GROUP BY 1, 2
      ON CONFLICT (program_id, week, shard) DO UPDATE SET entries = s.entries + excluded.entries,
        feeling_sum = s.feeling_sum + excluded.feeling_sum, energy_sum = s.energy_sum + excluded.energy_sum;
  END IF;
  RETURN NULL;
END $$;
