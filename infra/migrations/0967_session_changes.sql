-- Every change to a session that could end it or change what it allows is announced on the
-- channel sessions_changed, with the token's hash in hex: the bank's processes keep live sessions
-- in memory for a few seconds between lookups and drop one when told. A trigger, not the bank's
-- code, announces it, so a change made any way (a staff tool, psql, another version of the bank)
-- still reaches every cache. An expiry pushed later is not announced: a cache that still holds the
-- earlier one only looks the session up again sooner.
CREATE FUNCTION announce_session_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sessions_changed', encode(OLD.token_hash, 'hex'));
  RETURN NULL;
END;
$$;

CREATE TRIGGER sessions_changed_update AFTER UPDATE ON sessions
  FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at
        OR OLD.stepped_up_at IS DISTINCT FROM NEW.stepped_up_at
        OR OLD.customer_id IS DISTINCT FROM NEW.customer_id
        OR OLD.token_hash IS DISTINCT FROM NEW.token_hash
        OR NEW.expires_at < OLD.expires_at
        OR NEW.created_at IS DISTINCT FROM OLD.created_at)
  EXECUTE FUNCTION announce_session_change();

CREATE TRIGGER sessions_changed_delete AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION announce_session_change();
