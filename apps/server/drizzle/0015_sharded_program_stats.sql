-- issue 23: the program-wide counters get one row per (key, shard), the shard being the writing
-- connection's (pg_backend_pid() % 32). One row per day was locked by every completion of that
-- day until its transaction ended, so members completing the same day waited for each other.
-- Readers sum a key's shards; a decrement goes to the writer's own shard (only sums matter).
ALTER TABLE "program_day_stats" DROP CONSTRAINT "program_day_stats_pkey";--> statement-breakpoint
ALTER TABLE "wellness_week_stats" DROP CONSTRAINT "wellness_week_stats_pkey";--> statement-breakpoint
ALTER TABLE "program_day_stats" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wellness_week_stats" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "program_day_stats" ADD CONSTRAINT "program_day_stats_day_number_shard_pk" PRIMARY KEY("day_number","shard");--> statement-breakpoint
ALTER TABLE "wellness_week_stats" ADD CONSTRAINT "wellness_week_stats_week_shard_pk" PRIMARY KEY("week","shard");--> statement-breakpoint
CREATE OR REPLACE FUNCTION core28_count_completions() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  my_shard smallint := pg_backend_pid() % 32;
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO program_day_stats AS s (day_number, shard, completions)
      SELECT day_number, my_shard, -count(*)::int FROM old_rows GROUP BY day_number
      ON CONFLICT (day_number, shard) DO UPDATE SET completions = s.completions + excluded.completions;
    UPDATE member_progress m SET completed_days = m.completed_days - d.n, completed_mask = m.completed_mask & ~d.mask
      FROM (SELECT user_id, count(*)::int AS n, bit_or(1 << (day_number - 1))::int AS mask FROM old_rows GROUP BY user_id) d
      WHERE m.user_id = d.user_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO program_day_stats AS s (day_number, shard, completions)
      SELECT day_number, my_shard, count(*)::int FROM new_rows GROUP BY day_number
      ON CONFLICT (day_number, shard) DO UPDATE SET completions = s.completions + excluded.completions;
    INSERT INTO member_progress AS m (user_id, completed_days, completed_mask)
      SELECT user_id, count(*)::int, bit_or(1 << (day_number - 1))::int FROM new_rows GROUP BY user_id
      ON CONFLICT (user_id) DO UPDATE SET completed_days = m.completed_days + excluded.completed_days,
        completed_mask = m.completed_mask | excluded.completed_mask;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION core28_sum_wellness() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  my_shard smallint := pg_backend_pid() % 32;
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO wellness_week_stats AS s (week, shard, entries, feeling_sum, energy_sum)
      SELECT ((day_number - 1) / 7 + 1)::smallint, my_shard, -count(*)::int, -sum(feeling_rating)::bigint, -sum(energy_level)::bigint
      FROM old_rows GROUP BY 1
      ON CONFLICT (week, shard) DO UPDATE SET entries = s.entries + excluded.entries,
        feeling_sum = s.feeling_sum + excluded.feeling_sum, energy_sum = s.energy_sum + excluded.energy_sum;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO wellness_week_stats AS s (week, shard, entries, feeling_sum, energy_sum)
      SELECT ((day_number - 1) / 7 + 1)::smallint, my_shard, count(*)::int, sum(feeling_rating)::bigint, sum(energy_level)::bigint
      FROM new_rows GROUP BY 1
      ON CONFLICT (week, shard) DO UPDATE SET entries = s.entries + excluded.entries,
        feeling_sum = s.feeling_sum + excluded.feeling_sum, energy_sum = s.energy_sum + excluded.energy_sum;
  END IF;
  RETURN NULL;
END $$;
