-- Group commit: appends the events of many commands in one call inside one transaction. Each
-- command runs in its own subtransaction (the EXCEPTION block), so a command whose expected
-- version does not hold is rolled back alone and reported, while the others commit together.
--
-- commands: [{ "appends": [{ "stream": text, "expected": int | "any" | "no_stream",
--              "events": [{ "id": uuid, "type": text, "version": int, "data": {}, }] }],
--              "metadata": {} }]
CREATE FUNCTION append_batch(commands jsonb)
RETURNS TABLE (command_index integer, conflict_stream text, last_position bigint, versions jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  command jsonb;
  stream_append jsonb;
  event jsonb;
  i integer := 0;
  current_version integer;
  next_version integer;
  expected jsonb;
  failed_stream text;
  position bigint;
  stream_versions jsonb;
BEGIN
  FOR command IN SELECT value FROM jsonb_array_elements(commands) LOOP
    failed_stream := NULL;
    position := NULL;
    stream_versions := '{}'::jsonb;
    BEGIN
      FOR stream_append IN SELECT value FROM jsonb_array_elements(command -> 'appends') LOOP
        SELECT max(e.stream_version) INTO current_version
          FROM events e WHERE e.stream_id = stream_append ->> 'stream';
        current_version := coalesce(current_version, 0);
        expected := stream_append -> 'expected';
        IF (jsonb_typeof(expected) = 'number' AND (expected)::integer <> current_version)
           OR (expected = '"no_stream"'::jsonb AND current_version <> 0) THEN
          failed_stream := stream_append ->> 'stream';
          RAISE EXCEPTION USING ERRCODE = 'serialization_failure', MESSAGE = 'expected version';
        END IF;
        next_version := current_version;
        FOR event IN SELECT value FROM jsonb_array_elements(stream_append -> 'events') LOOP
          next_version := next_version + 1;
          INSERT INTO events (event_id, stream_id, stream_version, type, schema_version, data, metadata)
          VALUES ((event ->> 'id')::uuid, stream_append ->> 'stream', next_version, event ->> 'type',
                  (event ->> 'version')::integer, event -> 'data', command -> 'metadata')
          RETURNING global_position INTO position;
        END LOOP;
        stream_versions := stream_versions || jsonb_build_object(stream_append ->> 'stream', next_version);
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
