-- Issue 23: a row written to sessions, workout_completions, exercise_progress or
-- discussion_messages moved its member's "last active" through EXECUTE format(…), which PostgreSQL
-- parses and plans again on every call (a coaching message: ~0.1 ms of its ~0.6 ms). The same
-- statements, written out once per time column, are planned once per connection. UPDATE and
-- DELETE are unchanged (migration 0017).
CREATE OR REPLACE FUNCTION core28_touch_last_active() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV[0] is the table's time column. An insert can only move the time forward (greatest); an
  -- update or delete may move it back, so the member's time is computed again.
  IF TG_OP = 'INSERT' THEN
    IF TG_ARGV[0] = 'created_at' THEN
      INSERT INTO member_progress AS m (user_id, last_active_at)
        SELECT user_id, max(created_at) FROM new_rows GROUP BY user_id
        ON CONFLICT (user_id) DO UPDATE SET last_active_at = greatest(m.last_active_at, excluded.last_active_at);
    ELSIF TG_ARGV[0] = 'completed_at' THEN
      INSERT INTO member_progress AS m (user_id, last_active_at)
        SELECT user_id, max(completed_at) FROM new_rows GROUP BY user_id
        ON CONFLICT (user_id) DO UPDATE SET last_active_at = greatest(m.last_active_at, excluded.last_active_at);
    ELSIF TG_ARGV[0] = 'updated_at' THEN
      INSERT INTO member_progress AS m (user_id, last_active_at)
        SELECT user_id, max(updated_at) FROM new_rows GROUP BY user_id
        ON CONFLICT (user_id) DO UPDATE SET last_active_at = greatest(m.last_active_at, excluded.last_active_at);
    ELSE
      RAISE EXCEPTION 'core28_touch_last_active: no statement for the time column %', TG_ARGV[0];
    END IF;
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
END $$;
