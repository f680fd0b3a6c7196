-- Replicas learn of each other's commits by NOTIFY (docs/architecture.md, Replicas), sent by the database itself
-- at commit (a rolled-back change notifies nobody): a new event, a whitelist changed or deleted (cached
-- settings), a link key revoked (its sockets close on every replica).
CREATE FUNCTION wls_notify_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('wls_events', NEW.id::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER events_notify AFTER INSERT ON events FOR EACH ROW EXECUTE FUNCTION wls_notify_event();
--> statement-breakpoint
CREATE FUNCTION wls_notify_whitelist() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('wls_whitelists', OLD.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER whitelists_notify AFTER UPDATE OR DELETE ON whitelists FOR EACH ROW EXECUTE FUNCTION wls_notify_whitelist();
--> statement-breakpoint
CREATE FUNCTION wls_notify_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL THEN
    PERFORM pg_notify('wls_keys', NEW.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER link_keys_notify AFTER UPDATE OF revoked_at ON link_keys FOR EACH ROW EXECUTE FUNCTION wls_notify_key();
