-- Tamper evidence: every event carries a SHA-256 chained to the previous event of its stream.
-- Changing, removing or reordering a stored event breaks the chain from that event on, which
-- `npm run audit -- verify` recomputes independently of this function.
--
-- hash = sha256(field(prev_hash) || field(event_id) || field(stream_id) || field(version)
--               || field(type) || field(schema_version) || field(data) || field(metadata)
--               || field(recorded_at))
-- where field(x) = int4 big-endian byte length of x || x; text is UTF-8, jsonb is its canonical
-- PostgreSQL text form, integers are big-endian int4, recorded_at is int8 microseconds since the
-- Unix epoch, and the first event of a stream has an empty prev_hash.
ALTER TABLE events ADD COLUMN hash bytea;

CREATE FUNCTION event_hash_field(value bytea) RETURNS bytea
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT int4send(octet_length(value)) || value
$$;

CREATE FUNCTION event_hash(
  prev_hash bytea, event_id uuid, stream_id text, stream_version integer, type text,
  schema_version integer, data jsonb, metadata jsonb, recorded_at timestamptz
) RETURNS bytea
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT sha256(
    event_hash_field(coalesce(prev_hash, '\x'::bytea))
    || event_hash_field(convert_to(event_id::text, 'UTF8'))
    || event_hash_field(convert_to(stream_id, 'UTF8'))
    || event_hash_field(int4send(stream_version))
    || event_hash_field(convert_to(type, 'UTF8'))
    || event_hash_field(int4send(schema_version))
    || event_hash_field(convert_to(data::text, 'UTF8'))
    || event_hash_field(convert_to(coalesce(metadata, '{}'::jsonb)::text, 'UTF8'))
    || event_hash_field(int8send((extract(epoch FROM recorded_at) * 1000000)::bigint))
  )
$$;

-- Chain what is already stored (a database created before this migration).
ALTER TABLE events DISABLE TRIGGER events_no_update;
DO $$
DECLARE
  r record;
  previous_stream text := NULL;
  previous_hash bytea := NULL;
BEGIN
  FOR r IN SELECT * FROM events ORDER BY stream_id, stream_version LOOP
    IF previous_stream IS DISTINCT FROM r.stream_id THEN
      previous_hash := NULL;
      previous_stream := r.stream_id;
    END IF;
    previous_hash := event_hash(previous_hash, r.event_id, r.stream_id, r.stream_version, r.type,
                                r.schema_version, r.data, r.metadata, r.recorded_at);
    UPDATE events SET hash = previous_hash WHERE global_position = r.global_position;
  END LOOP;
END;
$$;
ALTER TABLE events ENABLE TRIGGER events_no_update;
ALTER TABLE events ALTER COLUMN hash SET NOT NULL;

-- Writers other than append_batch (bulk loads, direct INSERTs) get their hash here. A row may
-- only continue a stream whose previous version is already stored (or inserted earlier in the
-- same statement, which a row trigger sees).
CREATE FUNCTION events_fill_hash() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.hash := event_hash(
    (SELECT e.hash FROM events e
      WHERE e.stream_id = NEW.stream_id AND e.stream_version = NEW.stream_version - 1),
    NEW.event_id, NEW.stream_id, NEW.stream_version, NEW.type, NEW.schema_version, NEW.data,
    NEW.metadata, NEW.recorded_at);
  RETURN NEW;
END;
$$;
CREATE TRIGGER events_hash BEFORE INSERT ON events
  FOR EACH ROW WHEN (NEW.hash IS NULL) EXECUTE FUNCTION events_fill_hash();

-- Group commit, as in 0002, now stamping each event with its recorded_at and chained hash. Each
-- command still runs in its own subtransaction, so a conflict rolls back that command alone.
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
