-- Emptying the sessions table (signing everyone out at once) fires no row trigger: it is
-- announced as a change to every session ('*'), and each process's cache empties itself.
CREATE FUNCTION announce_every_session_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sessions_changed', '*');
  RETURN NULL;
END;
$$;

CREATE TRIGGER sessions_changed_truncate AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION announce_every_session_change();
