-- Group commits in flight at the same time used to deadlock: each inserts the next version of
-- several streams, and two batches appending to the same streams in opposite orders waited for
-- each other's insert. A batch now first takes a transaction-scoped advisory lock per stream, in
-- one global order (by the lock key), so batches touching the same streams queue instead. The
-- two-key form keeps these locks apart from the single-key advisory locks used elsewhere.
CREATE OR REPLACE FUNCTION append_batch(commands jsonb)
RETURNS TABLE (command_index integer, conflict_stream text, last_position bigint, versions jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  command jsonb;
  stream_append jsonb;
  event jsonb;
  i integer := 0;
  stream_name text;
  current_version integer;
  next_version integer;
  expected jsonb;
  failed_stream text;
  position bigint;
  stream_versions jsonb;
  chain_hash bytea;
  recorded timestamptz;
BEGIN
  PERFORM pg_advisory_xact_lock(7431002, k)
    FROM (SELECT DISTINCT hashtext(a.value ->> 'stream') AS k
            FROM jsonb_array_elements(commands) c,
                 jsonb_array_elements(c.value -> 'appends') a
           ORDER BY 1) keys;
  FOR command IN SELECT value FROM jsonb_array_elements(commands) LOOP
    failed_stream := NULL;
    position := NULL;
    stream_versions := '{}'::jsonb;
    BEGIN
      FOR stream_append IN SELECT value FROM jsonb_array_elements(command -> 'appends') LOOP
        stream_name := stream_append ->> 'stream';
        current_version := NULL;
        chain_hash := NULL;
        SELECT e.stream_version, e.hash INTO current_version, chain_hash
          FROM events e WHERE e.stream_id = stream_name
          ORDER BY e.stream_version DESC LIMIT 1;
        current_version := coalesce(current_version, 0);
        expected := stream_append -> 'expected';
        IF (jsonb_typeof(expected) = 'number' AND (expected)::integer <> current_version)
           OR (expected = '"no_stream"'::jsonb AND current_version <> 0) THEN
          failed_stream := stream_name;
          RAISE EXCEPTION USING ERRCODE = 'serialization_failure', MESSAGE = 'expected version';
        END IF;
        next_version := current_version;
        FOR event IN SELECT value FROM jsonb_array_elements(stream_append -> 'events') LOOP
          next_version := next_version + 1;
          recorded := clock_timestamp();
          chain_hash := event_hash(chain_hash, (event ->> 'id')::uuid, stream_name, next_version,
                                   event ->> 'type', (event ->> 'version')::integer, event -> 'data',
                                   command -> 'metadata', recorded);
          INSERT INTO events (event_id, stream_id, stream_version, type, schema_version, data,
                              metadata, recorded_at, hash)
          VALUES ((event ->> 'id')::uuid, stream_name, next_version, event ->> 'type',
                  (event ->> 'version')::integer, event -> 'data', command -> 'metadata', recorded,
                  chain_hash)
          RETURNING global_position INTO position;
        END LOOP;
        stream_versions := stream_versions || jsonb_build_object(stream_name, next_version);
      END LOOP;
    EXCEPTION
      WHEN serialization_failure THEN
        position := NULL;
      WHEN unique_violation THEN
        failed_stream := coalesce(failed_stream, 'unknown');
        position := NULL;
    END;
    command_index := i;
    conflict_stream := failed_stream;
    last_position := position;
    versions := stream_versions;
    RETURN NEXT;
    i := i + 1;
  END LOOP;
END;
$$;
