CREATE TABLE "coach_load_counts" (
	"coach_id" text NOT NULL,
	"shard" smallint DEFAULT 0 NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	"open_conversations" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "coach_load_counts_coach_id_shard_pk" PRIMARY KEY("coach_id","shard")
);
--> statement-breakpoint
CREATE TABLE "coach_load_keys" (
	"user_id" text PRIMARY KEY NOT NULL,
	"coach_id" text,
	"burn" boolean DEFAULT false NOT NULL,
	"open_topics" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_counts" (
	"name" text NOT NULL,
	"shard" smallint DEFAULT 0 NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_counts_name_shard_pk" PRIMARY KEY("name","shard")
);
--> statement-breakpoint
CREATE TABLE "member_list_counts" (
	"plan" text NOT NULL,
	"burn" boolean NOT NULL,
	"falling" boolean NOT NULL,
	"time_zone" text NOT NULL,
	"top_day_on" date,
	"second_day_on" date,
	"third_day_on" date,
	"weeks_done" smallint NOT NULL,
	"shard" smallint DEFAULT 0 NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "member_list_counts_key" UNIQUE NULLS NOT DISTINCT("plan","burn","falling","time_zone","top_day_on","second_day_on","third_day_on","weeks_done","shard")
);
--> statement-breakpoint
CREATE TABLE "member_list_keys" (
	"user_id" text PRIMARY KEY NOT NULL,
	"listed" boolean DEFAULT false NOT NULL,
	"plan" text DEFAULT 'none' NOT NULL,
	"burn" boolean DEFAULT false NOT NULL,
	"falling" boolean DEFAULT false NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"top_day_on" date,
	"second_day_on" date,
	"third_day_on" date,
	"weeks_done" smallint DEFAULT 0 NOT NULL,
	"registered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "discussion_topics" ADD COLUMN "unread_by_coach" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "member_list_keys_falling_idx" ON "member_list_keys" USING btree ("registered_at" DESC NULLS LAST,"user_id" DESC NULLS LAST) WHERE listed and falling;--> statement-breakpoint
CREATE INDEX "member_list_keys_top_day_idx" ON "member_list_keys" USING btree ("top_day_on") WHERE listed;--> statement-breakpoint
CREATE INDEX "member_list_keys_third_day_idx" ON "member_list_keys" USING btree ("third_day_on") WHERE listed;--> statement-breakpoint
CREATE INDEX "discussion_topics_unread_idx" ON "discussion_topics" USING btree ("user_id") WHERE "discussion_topics"."unread_by_coach" > 0 and not "discussion_topics"."is_archived";--> statement-breakpoint
-- docs/decisions/0030 "The admin pages at 1M": the member list's totals from counters kept here.
-- The dates of a round's three highest completed days (1-based day numbers; fewer when fewer done).
CREATE FUNCTION core28_top_days(mask bigint) RETURNS int[] LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  days int[] := '{}';
  rest bigint := coalesce(mask, 0);
  day int;
BEGIN
  WHILE cardinality(days) < 3 LOOP
    day := length(ltrim(rest::bit(64)::text, '0'));
    EXIT WHEN day = 0;
    days := days || day;
    rest := rest & ~(1::bigint << (day - 1));
  END LOOP;
  RETURN days;
END $$;--> statement-breakpoint
-- Each profile's key, from the rows the list filters on (member-list.ts): one definition for the
-- triggers and the backfill. Day k of the round falls on its start's local date + k - 1.
CREATE VIEW member_list_key_source AS
  SELECT p.user_id,
    NOT EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = p.user_id) AS listed,
    CASE WHEN s.is_trial THEN 'trial' WHEN s.subscribed THEN 'paid' ELSE 'none' END AS plan,
    coalesce(s.subscribed AND s.subscription_tier = '1-on-1 Burn', false) AS burn,
    coalesce(m.wellness_falling, false) AS falling,
    coalesce(p.time_zone, 'UTC') AS time_zone,
    d.start + coalesce(d.days[1], 0) - 1 AS top_day_on,
    d.start + coalesce(d.days[2], 0) - 1 AS second_day_on,
    d.start + coalesce(d.days[3], 0) - 1 AS third_day_on,
    least(4, coalesce(m.completed_days, 0) / 7)::smallint AS weeks_done,
    p.registration_date AS registered_at
  FROM profiles p
  LEFT JOIN subscribers s ON s.user_id = p.user_id
  LEFT JOIN member_progress m ON m.user_id = p.user_id
  LEFT JOIN LATERAL (
    SELECT (m.round_started_at AT TIME ZONE coalesce(p.time_zone, 'UTC'))::date AS start,
      core28_top_days(m.completed_mask) AS days
  ) d ON true;--> statement-breakpoint
-- Counts these members again: lock their keys (a concurrent writer of the same member has then
-- committed, or waits), read their sources in a fresh statement (READ COMMITTED), move each changed
-- member from the old key's count to the new one's, in this connection's shard.
-- Each member's sources are read by their own lookups (LATERAL … OFFSET 0, never joined as sets)
-- and each key updated by its primary key: a plan made from small or stale statistics (a fresh
-- database, a bulk statement) cannot turn into a nested loop over every member for each member,
-- which made an insert of 10,000 profiles run past the statement timeout.
CREATE FUNCTION core28_member_list_refresh(uids text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  fresh member_list_keys[];
  f member_list_keys;
BEGIN
  INSERT INTO member_list_keys (user_id) SELECT DISTINCT unnest(uids) ON CONFLICT (user_id) DO NOTHING;
  PERFORM 1 FROM member_list_keys WHERE user_id = ANY (uids) ORDER BY user_id FOR UPDATE;
  WITH pairs AS MATERIALIZED (
    SELECT o, n FROM member_list_keys o
    CROSS JOIN LATERAL (
      SELECT ROW(o.user_id, coalesce(v.listed, false), coalesce(v.plan, 'none'), coalesce(v.burn, false),
        coalesce(v.falling, false), coalesce(v.time_zone, 'UTC'), v.top_day_on, v.second_day_on, v.third_day_on,
        coalesce(v.weeks_done, 0::smallint), v.registered_at)::member_list_keys AS n
      FROM (SELECT 1) one LEFT JOIN member_list_key_source v ON v.user_id = o.user_id
      OFFSET 0
    ) src
    WHERE o.user_id = ANY (uids) AND o IS DISTINCT FROM src.n
  ), counted AS (
    INSERT INTO member_list_counts AS c (plan, burn, falling, time_zone, top_day_on, second_day_on, third_day_on, weeks_done, shard, members)
      SELECT (k).plan, (k).burn, (k).falling, (k).time_zone, (k).top_day_on, (k).second_day_on, (k).third_day_on,
        (k).weeks_done, pg_backend_pid() % 16, sum(d)
      FROM (SELECT o AS k, -1 AS d FROM pairs WHERE (o).listed UNION ALL SELECT n, 1 FROM pairs WHERE (n).listed) moved
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 HAVING sum(d) <> 0
      ON CONFLICT ON CONSTRAINT member_list_counts_key DO UPDATE SET members = c.members + excluded.members
  )
  SELECT array_agg(n) INTO fresh FROM pairs;
  FOREACH f IN ARRAY coalesce(fresh, '{}') LOOP
    IF f.listed THEN
      UPDATE member_list_keys SET listed = f.listed, plan = f.plan, burn = f.burn, falling = f.falling,
          time_zone = f.time_zone, top_day_on = f.top_day_on, second_day_on = f.second_day_on,
          third_day_on = f.third_day_on, weeks_done = f.weeks_done, registered_at = f.registered_at
        WHERE user_id = f.user_id;
    ELSE
      DELETE FROM member_list_keys WHERE user_id = f.user_id;
    END IF;
  END LOOP;
  -- Keys inserted above for members not listed and unchanged (staff, or gone): not kept.
  DELETE FROM member_list_keys WHERE user_id = ANY (uids) AND NOT listed;
END $$;--> statement-breakpoint
-- Statement triggers with transition tables: one refresh per statement, for every member it
-- changed. A row trigger refreshed one member per row, with the plan PostgreSQL cached when the
-- tables were small: a statement inserting 4,000 profiles (an import, the bench's loading) scanned
-- every profile for each and ran past the statement timeout. An update counts only when a column of
-- the key changed: member_progress is written at every session touched (last active). The changed
-- rows are found with EXCEPT ALL, never a join of the two transition tables: PL/pgSQL keeps the plan
-- it made for one-row statements, and a nested loop over 20,000 rows each way ran past the timeout.
CREATE FUNCTION core28_member_list_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  uids text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT user_id) INTO uids FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT user_id) INTO uids FROM old_rows;
  ELSIF TG_TABLE_NAME = 'profiles' THEN
    SELECT array_agg(DISTINCT user_id) INTO uids FROM (
      (SELECT user_id, time_zone, registration_date FROM new_rows EXCEPT ALL SELECT user_id, time_zone, registration_date FROM old_rows)
      UNION ALL (SELECT user_id, time_zone, registration_date FROM old_rows EXCEPT ALL SELECT user_id, time_zone, registration_date FROM new_rows)) d;
  ELSIF TG_TABLE_NAME = 'member_progress' THEN
    SELECT array_agg(DISTINCT user_id) INTO uids FROM (
      (SELECT user_id, round_started_at, completed_mask, completed_days, wellness_falling FROM new_rows EXCEPT ALL SELECT user_id, round_started_at, completed_mask, completed_days, wellness_falling FROM old_rows)
      UNION ALL (SELECT user_id, round_started_at, completed_mask, completed_days, wellness_falling FROM old_rows EXCEPT ALL SELECT user_id, round_started_at, completed_mask, completed_days, wellness_falling FROM new_rows)) d;
  ELSIF TG_TABLE_NAME = 'subscribers' THEN
    SELECT array_agg(DISTINCT user_id) INTO uids FROM (
      (SELECT user_id, subscribed, is_trial, subscription_tier FROM new_rows EXCEPT ALL SELECT user_id, subscribed, is_trial, subscription_tier FROM old_rows)
      UNION ALL (SELECT user_id, subscribed, is_trial, subscription_tier FROM old_rows EXCEPT ALL SELECT user_id, subscribed, is_trial, subscription_tier FROM new_rows)) d;
  ELSE
    -- user_roles: any row makes its account staff; a changed row may have moved to another account.
    SELECT array_agg(DISTINCT user_id) INTO uids FROM (SELECT user_id FROM new_rows UNION SELECT user_id FROM old_rows) r;
  END IF;
  IF uids IS NOT NULL THEN PERFORM core28_member_list_refresh(uids); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER profiles_member_list_insert AFTER INSERT ON profiles REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION core28_member_list_changed();--> statement-breakpoint
CREATE TRIGGER profiles_member_list_delete AFTER DELETE ON profiles REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION core28_member_list_changed();--> statement-breakpoint
CREATE TRIGGER profiles_member_list_update AFTER UPDATE ON profiles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION core28_member_list_changed();--> statement-breakpoint
CREATE TRIGGER member_progress_member_list_insert AFTER INSERT ON member_progress REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION core28_member_list_changed();--> statement-breakpoint
CREATE TRIGGER member_progress_member_list_delete AFTER DELETE ON member_progress REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION core28_member_list_changed();--> statement-breakpoint
CREATE TRIGGER member_progress_member_list_update AFTER UPDATE ON member_progress REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION core28_member_list_changed();--> statement-breakpoint
CREATE TRIGGER subscribers_member_list_insert AFTER INSERT ON subscribers REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION core28_member_list_changed();--> statement-breakpoint
CREATE TRIGGER subscribers_member_list_delete AFTER DELETE ON subscribers REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION core28_member_list_changed();--> statement-breakpoint
CREATE TRIGGER subscribers_member_list_update AFTER UPDATE ON subscribers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION core28_member_list_changed();--> statement-breakpoint
CREATE TRIGGER user_roles_member_list_insert AFTER INSERT ON user_roles REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION core28_member_list_changed();--> statement-breakpoint
CREATE TRIGGER user_roles_member_list_delete AFTER DELETE ON user_roles REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION core28_member_list_changed();--> statement-breakpoint
CREATE TRIGGER user_roles_member_list_update AFTER UPDATE ON user_roles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION core28_member_list_changed();--> statement-breakpoint
-- Merges what no reader tells apart: the shards of a key, and the keys whose members have missed 28
-- days or more (the list's most, MemberListQuerySchema) on every day from `upto` on, whatever their
-- zone: the highest completed day 30 days or more before it.
CREATE FUNCTION core28_member_list_counts_fold(upto date) RETURNS void LANGUAGE sql AS $$
  WITH taken AS (
    DELETE FROM member_list_counts RETURNING *
  )
  INSERT INTO member_list_counts AS c (plan, burn, falling, time_zone, top_day_on, second_day_on, third_day_on, weeks_done, shard, members)
    SELECT plan, burn, falling, time_zone, top_day_on, second_day_on, third_day_on, weeks_done, 0, sum(members)
    FROM (
      SELECT plan, burn, falling,
        CASE WHEN top_day_on < upto - 30 THEN 'UTC' ELSE time_zone END AS time_zone,
        CASE WHEN top_day_on < upto - 30 THEN date '2000-01-01' ELSE top_day_on END AS top_day_on,
        CASE WHEN top_day_on < upto - 30 THEN date '2000-01-01' ELSE second_day_on END AS second_day_on,
        CASE WHEN top_day_on < upto - 30 THEN date '2000-01-01' ELSE third_day_on END AS third_day_on,
        weeks_done, members
      FROM taken
    ) t
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 HAVING sum(members) <> 0
    ON CONFLICT ON CONSTRAINT member_list_counts_key DO UPDATE SET members = c.members + excluded.members
$$;--> statement-breakpoint
-- Existing members: every profile's key and the counts, set-based, then folded.
INSERT INTO member_list_keys SELECT * FROM member_list_key_source WHERE listed;--> statement-breakpoint
INSERT INTO member_list_counts (plan, burn, falling, time_zone, top_day_on, second_day_on, third_day_on, weeks_done, members)
  SELECT plan, burn, falling, time_zone, top_day_on, second_day_on, third_day_on, weeks_done, count(*)
  FROM member_list_keys GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;--> statement-breakpoint
SELECT core28_member_list_counts_fold((now() AT TIME ZONE 'UTC')::date);
--> statement-breakpoint
-- The coaches' loads (the team page, the waitlist, the plan cards' free seats) from counters, by the
-- same pattern: each assigned member's part (coach, paid 1-on-1 Burn by its flags, open
-- conversations) as last counted, and per coach the sums.
CREATE VIEW coach_load_key_source AS
  SELECT ca.user_id, ca.coach_id,
    coalesce(s.subscribed AND NOT s.is_trial AND s.subscription_tier = '1-on-1 Burn', false) AS burn,
    (SELECT count(*)::int FROM discussion_topics t WHERE t.user_id = ca.user_id AND NOT t.is_archived) AS open_topics
  FROM coach_assignments ca LEFT JOIN subscribers s ON s.user_id = ca.user_id;--> statement-breakpoint
-- Each member's part read by their own lookups and each key written by its primary key, as the
-- member list's refresh above.
CREATE FUNCTION core28_coach_load_refresh(uids text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  fresh coach_load_keys[];
  f coach_load_keys;
BEGIN
  INSERT INTO coach_load_keys (user_id) SELECT DISTINCT unnest(uids) ON CONFLICT (user_id) DO NOTHING;
  PERFORM 1 FROM coach_load_keys WHERE user_id = ANY (uids) ORDER BY user_id FOR UPDATE;
  WITH pairs AS MATERIALIZED (
    SELECT o, n FROM coach_load_keys o
    CROSS JOIN LATERAL (
      SELECT ROW(o.user_id, v.coach_id, coalesce(v.burn, false), coalesce(v.open_topics, 0))::coach_load_keys AS n
      FROM (SELECT 1) one LEFT JOIN coach_load_key_source v ON v.user_id = o.user_id
      OFFSET 0
    ) src
    WHERE o.user_id = ANY (uids) AND o IS DISTINCT FROM src.n
  ), counted AS (
    INSERT INTO coach_load_counts AS c (coach_id, shard, members, open_conversations)
      SELECT coach_id, pg_backend_pid() % 16, sum(members), sum(topics)
      FROM (SELECT (o).coach_id, -((o).burn::int) AS members, -(o).open_topics AS topics FROM pairs WHERE (o).coach_id IS NOT NULL
            UNION ALL SELECT (n).coach_id, (n).burn::int, (n).open_topics FROM pairs WHERE (n).coach_id IS NOT NULL) moved
      GROUP BY 1 HAVING sum(members) <> 0 OR sum(topics) <> 0
      ON CONFLICT (coach_id, shard) DO UPDATE SET members = c.members + excluded.members,
        open_conversations = c.open_conversations + excluded.open_conversations
  )
  SELECT array_agg(n) INTO fresh FROM pairs;
  FOREACH f IN ARRAY coalesce(fresh, '{}') LOOP
    IF f.coach_id IS NOT NULL THEN
      UPDATE coach_load_keys SET coach_id = f.coach_id, burn = f.burn, open_topics = f.open_topics
        WHERE user_id = f.user_id;
    ELSE
      DELETE FROM coach_load_keys WHERE user_id = f.user_id;
    END IF;
  END LOOP;
  DELETE FROM coach_load_keys WHERE user_id = ANY (uids) AND coach_id IS NULL;
END $$;--> statement-breakpoint
-- Statement triggers, as the member list's above (one refresh per statement).
CREATE FUNCTION core28_coach_load_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  uids text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT user_id) INTO uids FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT user_id) INTO uids FROM old_rows;
  ELSIF TG_TABLE_NAME = 'coach_assignments' THEN
    SELECT array_agg(DISTINCT u) INTO uids FROM (SELECT user_id AS u FROM new_rows UNION SELECT user_id FROM old_rows) r;
  ELSIF TG_TABLE_NAME = 'subscribers' THEN
    SELECT array_agg(DISTINCT user_id) INTO uids FROM (
      (SELECT user_id, subscribed, is_trial, subscription_tier FROM new_rows EXCEPT ALL SELECT user_id, subscribed, is_trial, subscription_tier FROM old_rows)
      UNION ALL (SELECT user_id, subscribed, is_trial, subscription_tier FROM old_rows EXCEPT ALL SELECT user_id, subscribed, is_trial, subscription_tier FROM new_rows)) d;
  ELSE
    -- discussion_topics: archived or moved to another member.
    SELECT array_agg(DISTINCT user_id) INTO uids FROM (
      (SELECT user_id, is_archived FROM new_rows EXCEPT ALL SELECT user_id, is_archived FROM old_rows)
      UNION ALL (SELECT user_id, is_archived FROM old_rows EXCEPT ALL SELECT user_id, is_archived FROM new_rows)) d;
  END IF;
  IF uids IS NOT NULL THEN PERFORM core28_coach_load_refresh(uids); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER coach_assignments_coach_load_insert AFTER INSERT ON coach_assignments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION core28_coach_load_changed();--> statement-breakpoint
CREATE TRIGGER coach_assignments_coach_load_delete AFTER DELETE ON coach_assignments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION core28_coach_load_changed();--> statement-breakpoint
CREATE TRIGGER coach_assignments_coach_load_update AFTER UPDATE ON coach_assignments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION core28_coach_load_changed();--> statement-breakpoint
CREATE TRIGGER subscribers_coach_load_insert AFTER INSERT ON subscribers REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION core28_coach_load_changed();--> statement-breakpoint
CREATE TRIGGER subscribers_coach_load_delete AFTER DELETE ON subscribers REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION core28_coach_load_changed();--> statement-breakpoint
CREATE TRIGGER subscribers_coach_load_update AFTER UPDATE ON subscribers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION core28_coach_load_changed();--> statement-breakpoint
CREATE TRIGGER discussion_topics_coach_load_insert AFTER INSERT ON discussion_topics REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION core28_coach_load_changed();--> statement-breakpoint
CREATE TRIGGER discussion_topics_coach_load_delete AFTER DELETE ON discussion_topics REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION core28_coach_load_changed();--> statement-breakpoint
CREATE TRIGGER discussion_topics_coach_load_update AFTER UPDATE ON discussion_topics REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION core28_coach_load_changed();--> statement-breakpoint
INSERT INTO coach_load_keys SELECT * FROM coach_load_key_source;--> statement-breakpoint
INSERT INTO coach_load_counts (coach_id, members, open_conversations)
  SELECT coach_id, count(*) FILTER (WHERE burn), sum(open_topics) FROM coach_load_keys GROUP BY 1;
--> statement-breakpoint
-- The dashboard's paid subscribers and open conversations: each row's own change is the delta.
CREATE FUNCTION core28_dashboard_count(counted text, delta int) RETURNS void LANGUAGE sql AS $$
  INSERT INTO dashboard_counts AS c (name, shard, n) VALUES (counted, pg_backend_pid() % 16, delta)
    ON CONFLICT (name, shard) DO UPDATE SET n = c.n + excluded.n
$$;--> statement-breakpoint
CREATE FUNCTION core28_dashboard_paid_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta int := 0;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.subscribed AND NOT OLD.is_trial
      AND OLD.subscription_tier IN ('The Daily Core', '1-on-1 Burn') THEN delta := delta - 1; END IF;
  IF TG_OP <> 'DELETE' AND NEW.subscribed AND NOT NEW.is_trial
      AND NEW.subscription_tier IN ('The Daily Core', '1-on-1 Burn') THEN delta := delta + 1; END IF;
  IF delta <> 0 THEN PERFORM core28_dashboard_count('paid', delta); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION core28_dashboard_open_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta int := 0;
BEGIN
  IF TG_OP <> 'INSERT' AND NOT OLD.is_archived THEN delta := delta - 1; END IF;
  IF TG_OP <> 'DELETE' AND NOT NEW.is_archived THEN delta := delta + 1; END IF;
  IF delta <> 0 THEN PERFORM core28_dashboard_count('open-conversations', delta); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER subscribers_dashboard_paid AFTER INSERT OR UPDATE OR DELETE ON subscribers
  FOR EACH ROW EXECUTE FUNCTION core28_dashboard_paid_row();--> statement-breakpoint
CREATE TRIGGER discussion_topics_dashboard_open AFTER INSERT OR UPDATE OF is_archived OR DELETE ON discussion_topics
  FOR EACH ROW EXECUTE FUNCTION core28_dashboard_open_row();--> statement-breakpoint
INSERT INTO dashboard_counts (name, n)
  SELECT 'paid', count(*) FROM subscribers s
  WHERE s.subscribed AND NOT s.is_trial AND s.subscription_tier IN ('The Daily Core', '1-on-1 Burn')
  UNION ALL SELECT 'open-conversations', count(*) FROM discussion_topics WHERE NOT is_archived;--> statement-breakpoint
-- Unread topics: each member message no coach has opened counts on its topic; a topic with any
-- (and not archived) counts once in 'unread-topics', the owner's navigation count.
CREATE FUNCTION core28_topic_unread_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND NOT OLD.is_coach_reply AND NOT OLD.read_by_coach THEN
    UPDATE discussion_topics SET unread_by_coach = unread_by_coach - 1 WHERE id = OLD.topic_id;
  END IF;
  IF TG_OP <> 'DELETE' AND NOT NEW.is_coach_reply AND NOT NEW.read_by_coach THEN
    UPDATE discussion_topics SET unread_by_coach = unread_by_coach + 1 WHERE id = NEW.topic_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER discussion_messages_topic_unread AFTER INSERT OR DELETE ON discussion_messages
  FOR EACH ROW EXECUTE FUNCTION core28_topic_unread_row();--> statement-breakpoint
CREATE TRIGGER discussion_messages_topic_unread_update AFTER UPDATE ON discussion_messages
  FOR EACH ROW WHEN (OLD.is_coach_reply IS DISTINCT FROM NEW.is_coach_reply
    OR OLD.read_by_coach IS DISTINCT FROM NEW.read_by_coach OR OLD.topic_id IS DISTINCT FROM NEW.topic_id)
  EXECUTE FUNCTION core28_topic_unread_row();--> statement-breakpoint
-- The existing topics' counts, before the trigger that counts them into 'unread-topics' below.
UPDATE discussion_topics t SET unread_by_coach = c.n
  FROM (SELECT topic_id, count(*)::int AS n FROM discussion_messages
        WHERE NOT is_coach_reply AND NOT read_by_coach GROUP BY 1) c
  WHERE t.id = c.topic_id;--> statement-breakpoint
CREATE FUNCTION core28_dashboard_unread_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta int := 0;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.unread_by_coach > 0 AND NOT OLD.is_archived THEN delta := delta - 1; END IF;
  IF TG_OP <> 'DELETE' AND NEW.unread_by_coach > 0 AND NOT NEW.is_archived THEN delta := delta + 1; END IF;
  IF delta <> 0 THEN PERFORM core28_dashboard_count('unread-topics', delta); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER discussion_topics_dashboard_unread AFTER INSERT OR UPDATE OF unread_by_coach, is_archived OR DELETE
  ON discussion_topics FOR EACH ROW EXECUTE FUNCTION core28_dashboard_unread_row();--> statement-breakpoint
INSERT INTO dashboard_counts (name, n)
  SELECT 'unread-topics', count(*) FROM discussion_topics WHERE unread_by_coach > 0 AND NOT is_archived;--> statement-breakpoint
-- Statistics for the first reads, which come before autovacuum has looked at the new tables.
ANALYZE member_list_keys;--> statement-breakpoint
ANALYZE member_list_counts;--> statement-breakpoint
ANALYZE coach_load_keys;--> statement-breakpoint
ANALYZE coach_load_counts;
