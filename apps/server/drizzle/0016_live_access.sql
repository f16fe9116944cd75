-- Issue 23: live sockets keep their session and their member's access in memory; these changes,
-- whoever makes them (better-auth, a webhook, an admin, a cascade), tell every instance at commit
-- on the realtime hub's channel (platform/realtime/channel.ts), at most 100 ids per NOTIFY.
CREATE FUNCTION core28_live_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text := TG_ARGV[0]; -- 'sessionsEnded' or 'accessChanged'
  id_column text := TG_ARGV[1]; -- the session's id, or the member's user_id
BEGIN
  -- Only the branch that runs is planned: a DELETE has old_rows, the others new_rows.
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('core28_realtime', json_build_object(kind, json_agg(id))::text)
      FROM (SELECT id, (row_number() OVER ()) / 100 AS chunk
              FROM (SELECT DISTINCT to_jsonb(o)->>id_column AS id FROM old_rows o) ids) numbered
      GROUP BY chunk;
  ELSE
    PERFORM pg_notify('core28_realtime', json_build_object(kind, json_agg(id))::text)
      FROM (SELECT id, (row_number() OVER ()) / 100 AS chunk
              FROM (SELECT DISTINCT to_jsonb(n)->>id_column AS id FROM new_rows n) ids) numbered
      GROUP BY chunk;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER sessions_live_ended AFTER DELETE ON sessions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION core28_live_changed('sessionsEnded', 'id');--> statement-breakpoint
CREATE TRIGGER subscribers_live_insert AFTER INSERT ON subscribers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION core28_live_changed('accessChanged', 'user_id');--> statement-breakpoint
CREATE TRIGGER subscribers_live_update AFTER UPDATE ON subscribers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION core28_live_changed('accessChanged', 'user_id');--> statement-breakpoint
CREATE TRIGGER subscribers_live_delete AFTER DELETE ON subscribers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION core28_live_changed('accessChanged', 'user_id');--> statement-breakpoint
CREATE TRIGGER user_roles_live_insert AFTER INSERT ON user_roles
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION core28_live_changed('accessChanged', 'user_id');--> statement-breakpoint
CREATE TRIGGER user_roles_live_update AFTER UPDATE ON user_roles
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION core28_live_changed('accessChanged', 'user_id');--> statement-breakpoint
CREATE TRIGGER user_roles_live_delete AFTER DELETE ON user_roles
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION core28_live_changed('accessChanged', 'user_id');
--> statement-breakpoint
-- A session cut short (better-auth only ever extends one): its member's sessions are looked up again.
CREATE FUNCTION core28_live_session_shortened() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('core28_realtime', json_build_object('accessChanged', json_build_array(NEW.user_id))::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER sessions_live_shortened AFTER UPDATE OF expires_at ON sessions
  FOR EACH ROW WHEN (NEW.expires_at < OLD.expires_at) EXECUTE FUNCTION core28_live_session_shortened();
