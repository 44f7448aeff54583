-- Wakes subscribers (projection runners, relays) when events commit. Polling stays the source
-- of truth; this only shortens the wait.
CREATE FUNCTION events_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('events_appended', '');
  RETURN NULL;
END;
$$;
CREATE TRIGGER events_appended AFTER INSERT ON events
  FOR EACH STATEMENT EXECUTE FUNCTION events_notify();
