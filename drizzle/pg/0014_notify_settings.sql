-- Settings each replica keeps in memory (docs/architecture.md, Settings kept in memory): a guild's whitelists, its
-- wordings, a whitelist's deny list. A change is told to every replica at its commit (a rolled-back one notifies
-- nobody, the same notice twice in one transaction arrives once) as `<kind>:<key>` on wls_settings, and each drops
-- what it keeps of that key (src/cluster/kept.ts). The trigger's arguments: the kind, and the column holding the key.
CREATE FUNCTION wls_notify_settings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := to_jsonb(OLD); ELSE changed := to_jsonb(NEW); END IF;
  PERFORM pg_notify('wls_settings', TG_ARGV[0] || ':' || (changed ->> TG_ARGV[1]));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER whitelists_notify_settings AFTER INSERT OR UPDATE OR DELETE ON whitelists FOR EACH ROW EXECUTE FUNCTION wls_notify_settings('whitelists', 'guild_id');
--> statement-breakpoint
CREATE TRIGGER guild_texts_notify_settings AFTER INSERT OR UPDATE OR DELETE ON guild_texts FOR EACH ROW EXECUTE FUNCTION wls_notify_settings('texts', 'guild_id');
--> statement-breakpoint
CREATE TRIGGER denied_nicks_notify_settings AFTER INSERT OR UPDATE OR DELETE ON denied_nicks FOR EACH ROW EXECUTE FUNCTION wls_notify_settings('denials', 'whitelist_id');
