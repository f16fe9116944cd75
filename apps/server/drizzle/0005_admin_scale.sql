CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "member_progress" (
	"user_id" text PRIMARY KEY NOT NULL,
	"completed_days" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "program_day_stats" (
	"day_number" smallint PRIMARY KEY NOT NULL,
	"completions" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wellness_week_stats" (
	"week" smallint PRIMARY KEY NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	"feeling_sum" bigint DEFAULT 0 NOT NULL,
	"energy_sum" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_progress" ADD CONSTRAINT "member_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_progress_completed_idx" ON "member_progress" USING btree ("completed_days");--> statement-breakpoint
CREATE INDEX "profiles_display_name_trgm_idx" ON "profiles" USING gin ("display_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_full_name_trgm_idx" ON "profiles" USING gin ((coalesce("first_name", '') || ' ' || coalesce("last_name", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
-- Statement-level triggers with transition tables: one aggregated update per statement, so a
-- bulk load costs one pass and a single completion a couple of primary-key upserts.
CREATE FUNCTION core28_count_completions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE program_day_stats s SET completions = s.completions - d.n
      FROM (SELECT day_number, count(*)::int AS n FROM old_rows GROUP BY day_number) d
      WHERE s.day_number = d.day_number;
    UPDATE member_progress m SET completed_days = m.completed_days - d.n
      FROM (SELECT user_id, count(*)::int AS n FROM old_rows GROUP BY user_id) d
      WHERE m.user_id = d.user_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO program_day_stats AS s (day_number, completions)
      SELECT day_number, count(*)::int FROM new_rows GROUP BY day_number
      ON CONFLICT (day_number) DO UPDATE SET completions = s.completions + excluded.completions;
    INSERT INTO member_progress AS m (user_id, completed_days)
      SELECT user_id, count(*)::int FROM new_rows GROUP BY user_id
      ON CONFLICT (user_id) DO UPDATE SET completed_days = m.completed_days + excluded.completed_days;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER workout_completions_counts_insert AFTER INSERT ON workout_completions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION core28_count_completions();--> statement-breakpoint
CREATE TRIGGER workout_completions_counts_update AFTER UPDATE ON workout_completions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION core28_count_completions();--> statement-breakpoint
CREATE TRIGGER workout_completions_counts_delete AFTER DELETE ON workout_completions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION core28_count_completions();--> statement-breakpoint
CREATE FUNCTION core28_sum_wellness() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE wellness_week_stats s
      SET entries = s.entries - d.n, feeling_sum = s.feeling_sum - d.f, energy_sum = s.energy_sum - d.e
      FROM (SELECT ((day_number - 1) / 7 + 1)::smallint AS week, count(*)::int AS n,
                   sum(feeling_rating)::bigint AS f, sum(energy_level)::bigint AS e
            FROM old_rows GROUP BY 1) d
      WHERE s.week = d.week;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO wellness_week_stats AS s (week, entries, feeling_sum, energy_sum)
      SELECT ((day_number - 1) / 7 + 1)::smallint, count(*)::int, sum(feeling_rating)::bigint, sum(energy_level)::bigint
      FROM new_rows GROUP BY 1
      ON CONFLICT (week) DO UPDATE SET entries = s.entries + excluded.entries,
        feeling_sum = s.feeling_sum + excluded.feeling_sum, energy_sum = s.energy_sum + excluded.energy_sum;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER wellness_tracking_sums_insert AFTER INSERT ON wellness_tracking
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION core28_sum_wellness();--> statement-breakpoint
CREATE TRIGGER wellness_tracking_sums_update AFTER UPDATE ON wellness_tracking
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION core28_sum_wellness();--> statement-breakpoint
CREATE TRIGGER wellness_tracking_sums_delete AFTER DELETE ON wellness_tracking
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION core28_sum_wellness();--> statement-breakpoint
INSERT INTO program_day_stats (day_number, completions)
  SELECT day_number, count(*)::int FROM workout_completions GROUP BY day_number;--> statement-breakpoint
INSERT INTO member_progress (user_id, completed_days)
  SELECT user_id, count(*)::int FROM workout_completions GROUP BY user_id;--> statement-breakpoint
INSERT INTO wellness_week_stats (week, entries, feeling_sum, energy_sum)
  SELECT ((day_number - 1) / 7 + 1)::smallint, count(*)::int, sum(feeling_rating)::bigint, sum(energy_level)::bigint
  FROM wellness_tracking GROUP BY 1;
