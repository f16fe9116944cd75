ALTER TABLE "member_progress" ADD COLUMN "last_active_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_progress" ADD COLUMN "recent_feeling" smallint[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_progress" ADD COLUMN "recent_energy" smallint[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_progress" ADD COLUMN "wellness_falling" boolean GENERATED ALWAYS AS (coalesce(cardinality(recent_feeling) = 3 and (recent_feeling[1] - recent_feeling[3] >= 2 or recent_energy[1] - recent_energy[3] >= 2), false)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "member_progress_last_active_idx" ON "member_progress" USING btree ("last_active_at" DESC NULLS LAST,"user_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "member_progress_wellness_falling_idx" ON "member_progress" USING btree ("user_id") WHERE wellness_falling;--> statement-breakpoint
CREATE INDEX "subscribers_burn_idx" ON "subscribers" USING btree ("user_id") WHERE "subscribers"."subscription_tier" = '1-on-1 Burn' and "subscribers"."subscribed" and not "subscribers"."is_trial";--> statement-breakpoint
CREATE INDEX "subscribers_trial_end_idx" ON "subscribers" USING btree ("trial_end") WHERE "subscribers"."is_trial";--> statement-breakpoint
-- issue 22 (docs/decisions/0016): member_progress also keeps when each member was last active and
-- their last three wellness values, so the coach's filter, sort and card read one row per member.
-- Statement-level triggers with transition tables, as for completions: a bulk load is one pass.
-- Every profile gets a row (the list's sort then walks member_progress's index).
CREATE FUNCTION core28_profile_progress_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO member_progress (user_id) SELECT user_id FROM new_rows ON CONFLICT (user_id) DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER profiles_progress_row AFTER INSERT ON profiles
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION core28_profile_progress_row();--> statement-breakpoint
-- "Last active", the one definition: the latest of a session touched, a day completed, results
-- saved, a message written (each an indexed probe by user_id).
CREATE FUNCTION core28_last_active(uid text) RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT greatest(
    (SELECT max(s.updated_at) FROM sessions s WHERE s.user_id = uid),
    (SELECT max(w.completed_at) FROM workout_completions w WHERE w.user_id = uid),
    (SELECT max(e.updated_at) FROM exercise_progress e WHERE e.user_id = uid),
    (SELECT max(m.created_at) FROM discussion_messages m WHERE m.user_id = uid))
$$;--> statement-breakpoint
-- Before computing a member's values again from the source tables: lock their rows, then read in
-- a fresh statement (READ COMMITTED), so a transaction writing the same member at the same time
-- has either committed (and is seen) or waits for this one (and computes after it).
CREATE FUNCTION core28_lock_progress(uids text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM member_progress WHERE user_id = ANY (uids) ORDER BY user_id FOR UPDATE;
END $$;--> statement-breakpoint
-- TG_ARGV[0] is the table's time column. An insert can only move the time forward (greatest); an
-- update or delete may move it back, so the member's time is computed again.
CREATE FUNCTION core28_touch_last_active() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE format('INSERT INTO member_progress AS m (user_id, last_active_at)
        SELECT user_id, max(%I) FROM new_rows GROUP BY user_id
        ON CONFLICT (user_id) DO UPDATE SET last_active_at = greatest(m.last_active_at, excluded.last_active_at)',
      TG_ARGV[0]);
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM core28_lock_progress(ARRAY(SELECT user_id FROM new_rows UNION SELECT user_id FROM old_rows));
    INSERT INTO member_progress AS m (user_id, last_active_at)
      SELECT u.user_id, core28_last_active(u.user_id)
      FROM (SELECT user_id FROM new_rows UNION SELECT user_id FROM old_rows) u
      ON CONFLICT (user_id) DO UPDATE SET last_active_at = excluded.last_active_at;
  ELSE
    -- no insert: the rows may be going with their member (account deletion cascades)
    PERFORM core28_lock_progress(ARRAY(SELECT DISTINCT user_id FROM old_rows));
    UPDATE member_progress m SET last_active_at = core28_last_active(m.user_id)
      WHERE m.user_id IN (SELECT user_id FROM old_rows);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER sessions_last_active_insert AFTER INSERT ON sessions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION core28_touch_last_active('updated_at');--> statement-breakpoint
CREATE TRIGGER sessions_last_active_update AFTER UPDATE ON sessions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION core28_touch_last_active('updated_at');--> statement-breakpoint
CREATE TRIGGER sessions_last_active_delete AFTER DELETE ON sessions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION core28_touch_last_active('updated_at');--> statement-breakpoint
CREATE TRIGGER workout_completions_last_active_insert AFTER INSERT ON workout_completions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION core28_touch_last_active('completed_at');--> statement-breakpoint
CREATE TRIGGER workout_completions_last_active_update AFTER UPDATE ON workout_completions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION core28_touch_last_active('completed_at');--> statement-breakpoint
CREATE TRIGGER workout_completions_last_active_delete AFTER DELETE ON workout_completions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION core28_touch_last_active('completed_at');--> statement-breakpoint
CREATE TRIGGER exercise_progress_last_active_insert AFTER INSERT ON exercise_progress
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION core28_touch_last_active('updated_at');--> statement-breakpoint
CREATE TRIGGER exercise_progress_last_active_update AFTER UPDATE ON exercise_progress
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION core28_touch_last_active('updated_at');--> statement-breakpoint
CREATE TRIGGER exercise_progress_last_active_delete AFTER DELETE ON exercise_progress
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION core28_touch_last_active('updated_at');--> statement-breakpoint
CREATE TRIGGER discussion_messages_last_active_insert AFTER INSERT ON discussion_messages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION core28_touch_last_active('created_at');--> statement-breakpoint
CREATE TRIGGER discussion_messages_last_active_update AFTER UPDATE ON discussion_messages
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION core28_touch_last_active('created_at');--> statement-breakpoint
CREATE TRIGGER discussion_messages_last_active_delete AFTER DELETE ON discussion_messages
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION core28_touch_last_active('created_at');--> statement-breakpoint
-- The last three logged days' feeling and energy (oldest first) of the given members, '{}' for none.
CREATE FUNCTION core28_recent_wellness(uids text[])
  RETURNS TABLE (user_id text, feeling smallint[], energy smallint[]) LANGUAGE sql STABLE AS $$
  SELECT u.id, coalesce(array_agg(r.feeling_rating ORDER BY r.day_number) FILTER (WHERE r.day_number IS NOT NULL), '{}'),
    coalesce(array_agg(r.energy_level ORDER BY r.day_number) FILTER (WHERE r.day_number IS NOT NULL), '{}')
  FROM unnest(uids) u(id)
  LEFT JOIN LATERAL (SELECT w.day_number, w.feeling_rating::smallint, w.energy_level::smallint FROM wellness_tracking w
    WHERE w.user_id = u.id ORDER BY w.day_number DESC LIMIT 3) r ON true
  GROUP BY u.id
$$;--> statement-breakpoint
CREATE FUNCTION core28_keep_recent_wellness() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  uids text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    uids := ARRAY(SELECT DISTINCT user_id FROM new_rows);
  ELSIF TG_OP = 'UPDATE' THEN
    uids := ARRAY(SELECT user_id FROM new_rows UNION SELECT user_id FROM old_rows);
  ELSE
    uids := ARRAY(SELECT DISTINCT user_id FROM old_rows);
  END IF;
  PERFORM core28_lock_progress(uids);
  IF TG_OP = 'DELETE' THEN
    -- no insert: the rows may be going with their member (account deletion cascades)
    UPDATE member_progress m SET recent_feeling = r.feeling, recent_energy = r.energy
      FROM core28_recent_wellness(uids) r WHERE m.user_id = r.user_id;
  ELSE
    INSERT INTO member_progress AS m (user_id, recent_feeling, recent_energy)
      SELECT r.user_id, r.feeling, r.energy FROM core28_recent_wellness(uids) r
      ON CONFLICT (user_id) DO UPDATE SET recent_feeling = excluded.recent_feeling, recent_energy = excluded.recent_energy;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER wellness_tracking_recent_insert AFTER INSERT ON wellness_tracking
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION core28_keep_recent_wellness();--> statement-breakpoint
CREATE TRIGGER wellness_tracking_recent_update AFTER UPDATE ON wellness_tracking
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION core28_keep_recent_wellness();--> statement-breakpoint
CREATE TRIGGER wellness_tracking_recent_delete AFTER DELETE ON wellness_tracking
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION core28_keep_recent_wellness();--> statement-breakpoint
-- Backfill: a row for every profile, then everyone's last activity and wellness in one pass each.
INSERT INTO member_progress (user_id) SELECT user_id FROM profiles ON CONFLICT (user_id) DO NOTHING;--> statement-breakpoint
INSERT INTO member_progress AS m (user_id, last_active_at)
  SELECT user_id, max(at) FROM (
    SELECT user_id, max(updated_at) AS at FROM sessions GROUP BY user_id
    UNION ALL SELECT user_id, max(completed_at) FROM workout_completions GROUP BY user_id
    UNION ALL SELECT user_id, max(updated_at) FROM exercise_progress GROUP BY user_id
    UNION ALL SELECT user_id, max(created_at) FROM discussion_messages GROUP BY user_id) a
  GROUP BY user_id
  ON CONFLICT (user_id) DO UPDATE SET last_active_at = excluded.last_active_at;--> statement-breakpoint
INSERT INTO member_progress AS m (user_id, recent_feeling, recent_energy)
  SELECT r.user_id, r.feeling, r.energy FROM core28_recent_wellness(ARRAY(SELECT DISTINCT user_id FROM wellness_tracking)) r
  ON CONFLICT (user_id) DO UPDATE SET recent_feeling = excluded.recent_feeling, recent_energy = excluded.recent_energy;
