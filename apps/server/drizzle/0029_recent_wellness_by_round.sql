-- The last three logged days' feeling and energy (oldest first), in the order they were trained:
-- by round, then day. Ordered by day number alone, a second round's days 1 to 3 came after the
-- first round's days 26 to 28, so a member's "recent" wellness stayed that of the round before.
-- A member's rounds are numbered in the order they start (rounds.number).
CREATE OR REPLACE FUNCTION core28_recent_wellness(uids text[])
  RETURNS TABLE (user_id text, feeling smallint[], energy smallint[]) LANGUAGE sql STABLE AS $$
  SELECT u.id,
    coalesce(array_agg(r.feeling_rating ORDER BY r.round_number, r.day_number) FILTER (WHERE r.day_number IS NOT NULL), '{}'),
    coalesce(array_agg(r.energy_level ORDER BY r.round_number, r.day_number) FILTER (WHERE r.day_number IS NOT NULL), '{}')
  FROM unnest(uids) u(id)
  LEFT JOIN LATERAL (SELECT w.day_number, rd.number AS round_number, w.feeling_rating::smallint, w.energy_level::smallint
    FROM wellness_tracking w JOIN rounds rd ON rd.id = w.round_id
    WHERE w.user_id = u.id ORDER BY rd.number DESC, w.day_number DESC LIMIT 3) r ON true
  GROUP BY u.id
$$;--> statement-breakpoint
-- Members past their first round get their recent wellness read again by the rule above.
UPDATE member_progress m SET recent_feeling = r.feeling, recent_energy = r.energy
  FROM core28_recent_wellness(ARRAY(SELECT DISTINCT user_id FROM rounds WHERE number > 1)) r
  WHERE m.user_id = r.user_id;
