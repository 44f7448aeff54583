-- A stream that was closed takes nothing in. Credits are appended without waiting for the
-- recipient's account to stand still (expected version "open" rather than the version read), so
-- that many payments to one account do not make each other retry; but an append that checks no
-- version also missed a close that landed between the recipient's load and the credit, and the
-- money sat in a closed account whose owner is gone. "open" is checked here, where every append
-- goes through (both statements, whichever process appends, the scale mode's too): the append
-- fails as a conflict if the stream holds a closing event, and the command is decided again on
-- what is stored, which refuses it.
--
-- A closing event is an AccountClosed (the bank's only one; the event store's CLOSING_EVENT_TYPES
-- names the same). Events are never updated or deleted, so a stream that holds one stays closed:
-- this partial index holds one entry per closed account, and checking a stream is one probe.
CREATE INDEX events_closed_streams ON events (stream_id) WHERE type = 'AccountClosed';

-- append_events() with the streams of the batch that must not be closed (open_streams, each one
-- of head_streams, so locked). If one is closed, nothing is inserted and it is returned in
-- closed_streams: the bank marks its head closed and decides the batch again.
DROP FUNCTION append_events(text[], integer[], text[], uuid[], text[], integer[], text[],
                            integer[], timestamptz[], text[], integer[], jsonb, jsonb);
CREATE FUNCTION append_events(
  head_streams text[], head_versions integer[], head_hashes text[],
  event_ids uuid[], event_streams text[], event_versions integer[], event_types text[],
  schema_versions integer[], recorded_ats timestamptz[], hashes text[], owners integer[],
  datas jsonb, metadatas jsonb, open_streams text[] DEFAULT '{}')
RETURNS TABLE (stale_streams text[], positions bigint[], txid text, closed_streams text[])
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  -- The same locks, in the same order, as append_batch(): the two may run side by side.
  PERFORM pg_advisory_xact_lock(7431002, k)
    FROM (SELECT DISTINCT hashtext(s) AS k FROM unnest(head_streams) s ORDER BY 1) keys;

  SELECT array_agg(b.stream) INTO stale_streams
    FROM unnest(head_streams, head_versions, head_hashes) AS b(stream, version, hash)
    LEFT JOIN LATERAL (SELECT e.stream_version, e.hash FROM events e
                        WHERE e.stream_id = b.stream
                        ORDER BY e.stream_version DESC LIMIT 1) h ON true
   WHERE coalesce(h.stream_version, 0) <> b.version
      OR h.hash IS DISTINCT FROM decode(b.hash, 'hex');
  IF stale_streams IS NOT NULL THEN
    RETURN NEXT;
    RETURN;
  END IF;

  SELECT array_agg(o.stream) INTO closed_streams
    FROM unnest(open_streams) AS o(stream)
   WHERE EXISTS (SELECT 1 FROM events e WHERE e.stream_id = o.stream AND e.type = 'AccountClosed');
  IF closed_streams IS NOT NULL THEN
    RETURN NEXT;
    RETURN;
  END IF;

  -- Each stream's events must be the versions right after its head, one each.
  IF EXISTS (
    SELECT 1
      FROM (SELECT s, min(v) AS low, max(v) AS high, count(*) AS n
              FROM unnest(event_streams, event_versions) AS x(s, v) GROUP BY s) g
      LEFT JOIN unnest(head_streams, head_versions) AS b(s, version) USING (s)
     WHERE b.version IS NULL OR g.low <> b.version + 1 OR g.high <> b.version + g.n
  ) THEN
    RAISE EXCEPTION 'append_events: versions do not continue their streams' USING ERRCODE = 'data_exception';
  END IF;

  -- Positions come from the sequence in insertion order.
  WITH inserted AS (
    INSERT INTO events (event_id, stream_id, stream_version, type, schema_version, data,
                        metadata, recorded_at, hash)
    SELECT x.id, x.stream, x.version, x.type, x.schema_version, d.value, m.value, x.recorded,
           decode(x.hash, 'hex')
      FROM unnest(event_ids, event_streams, event_versions, event_types, schema_versions,
                  recorded_ats, hashes, owners)
             WITH ORDINALITY AS x(id, stream, version, type, schema_version, recorded, hash, owner, n)
      JOIN jsonb_array_elements(datas) WITH ORDINALITY AS d(value, n) ON d.n = x.n
      JOIN jsonb_array_elements(metadatas) WITH ORDINALITY AS m(value, n) ON m.n = x.owner + 1
     ORDER BY x.n
    RETURNING event_id, global_position
  )
  SELECT array_agg(i.global_position ORDER BY x.n) INTO positions
    FROM inserted i JOIN unnest(event_ids) WITH ORDINALITY AS x(id, n) ON x.id = i.event_id;
  txid := pg_current_xact_id()::text;
  RETURN NEXT;
END;
$$;

-- The per-command fallback: "open" fails its command when the stream holds a closing event
-- (the events of the batch's earlier commands included: they were inserted before it).
CREATE OR REPLACE FUNCTION append_batch_each(commands jsonb)
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
           OR (expected = '"no_stream"'::jsonb AND current_version <> 0)
           OR (expected = '"open"'::jsonb AND EXISTS (
                 SELECT 1 FROM events e
                  WHERE e.stream_id = stream_name AND e.type = 'AccountClosed')) THEN
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

-- The group commit decided in the database: each stream's head also says whether it is closed,
-- as it stands before the batch and after each command's events, and "open" fails its command on
-- a closed stream. It stays SECURITY DEFINER with its search_path pinned (see 0014).
CREATE OR REPLACE FUNCTION append_batch(commands jsonb)
RETURNS TABLE (command_index integer, conflict_stream text, last_position bigint, versions jsonb)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  command jsonb;
  stream_append jsonb;
  event jsonb;
  i integer := 0;
  stream_name text;
  expected jsonb;
  head jsonb;
  heads jsonb;
  current_version integer;
  chain_hash bytea;
  stream_closed boolean;
  failed_stream text;
  stream_versions jsonb;
  recorded timestamptz;
  conflicts text[] := '{}';
  command_versions jsonb[] := '{}';
  ids uuid[] := '{}';
  owners integer[] := '{}';
  stream_ids text[] := '{}';
  stream_versions_out integer[] := '{}';
  types text[] := '{}';
  schema_versions integer[] := '{}';
  datas jsonb[] := '{}';
  metadatas jsonb[] := '{}';
  recorded_ats timestamptz[] := '{}';
  hashes bytea[] := '{}';
  positions bigint[];
BEGIN
  PERFORM pg_advisory_xact_lock(7431002, k)
    FROM (SELECT DISTINCT hashtext(a.value ->> 'stream') AS k
            FROM jsonb_array_elements(commands) c,
                 jsonb_array_elements(c.value -> 'appends') a
           ORDER BY 1) keys;

  -- Every stream's current head: [version, hash as hex, closed]; absent streams are at version 0.
  SELECT coalesce(jsonb_object_agg(s.stream, jsonb_build_array(h.stream_version, encode(h.hash, 'hex'),
                    EXISTS (SELECT 1 FROM events c
                             WHERE c.stream_id = s.stream AND c.type = 'AccountClosed')))
                    FILTER (WHERE h.stream_version IS NOT NULL), '{}'::jsonb)
    INTO heads
    FROM (SELECT DISTINCT a.value ->> 'stream' AS stream
            FROM jsonb_array_elements(commands) c,
                 jsonb_array_elements(c.value -> 'appends') a) s
    LEFT JOIN LATERAL (SELECT e.stream_version, e.hash FROM events e
                        WHERE e.stream_id = s.stream
                        ORDER BY e.stream_version DESC LIMIT 1) h ON true;

  FOR command IN SELECT value FROM jsonb_array_elements(commands) LOOP
    failed_stream := NULL;
    FOR stream_append IN SELECT value FROM jsonb_array_elements(command -> 'appends') LOOP
      stream_name := stream_append ->> 'stream';
      current_version := coalesce((heads -> stream_name ->> 0)::integer, 0);
      expected := stream_append -> 'expected';
      IF (jsonb_typeof(expected) = 'number' AND (expected)::integer <> current_version)
         OR (expected = '"no_stream"'::jsonb AND current_version <> 0)
         OR (expected = '"open"'::jsonb AND coalesce((heads -> stream_name ->> 2)::boolean, false)) THEN
        failed_stream := stream_name;
        EXIT;
      END IF;
    END LOOP;
    stream_versions := '{}'::jsonb;
    IF failed_stream IS NULL THEN
      FOR stream_append IN SELECT value FROM jsonb_array_elements(command -> 'appends') LOOP
        stream_name := stream_append ->> 'stream';
        head := heads -> stream_name;
        current_version := coalesce((head ->> 0)::integer, 0);
        chain_hash := CASE WHEN head IS NULL THEN NULL ELSE decode(head ->> 1, 'hex') END;
        stream_closed := coalesce((head ->> 2)::boolean, false);
        FOR event IN SELECT value FROM jsonb_array_elements(stream_append -> 'events') LOOP
          current_version := current_version + 1;
          recorded := clock_timestamp();
          chain_hash := event_hash(chain_hash, (event ->> 'id')::uuid, stream_name, current_version,
                                   event ->> 'type', (event ->> 'version')::integer, event -> 'data',
                                   command -> 'metadata', recorded);
          ids := ids || (event ->> 'id')::uuid;
          owners := owners || i;
          stream_ids := stream_ids || stream_name;
          stream_versions_out := stream_versions_out || current_version;
          types := types || (event ->> 'type');
          schema_versions := schema_versions || (event ->> 'version')::integer;
          datas := datas || (event -> 'data');
          metadatas := metadatas || (command -> 'metadata');
          recorded_ats := recorded_ats || recorded;
          hashes := hashes || chain_hash;
          stream_closed := stream_closed OR (event ->> 'type') = 'AccountClosed';
        END LOOP;
        heads := heads || jsonb_build_object(stream_name,
                   jsonb_build_array(current_version, encode(chain_hash, 'hex'), stream_closed));
        stream_versions := stream_versions || jsonb_build_object(stream_name, current_version);
      END LOOP;
    END IF;
    conflicts := conflicts || failed_stream;
    command_versions := command_versions || stream_versions;
    i := i + 1;
  END LOOP;

  BEGIN
    -- Positions come from the sequence in insertion order; each command reports its last one.
    WITH inserted AS (
      INSERT INTO events (event_id, stream_id, stream_version, type, schema_version, data,
                          metadata, recorded_at, hash)
      SELECT * FROM unnest(ids, stream_ids, stream_versions_out, types, schema_versions, datas,
                           metadatas, recorded_ats, hashes)
      RETURNING event_id, global_position
    )
    SELECT array_agg(p.last ORDER BY p.owner) INTO positions
      FROM (SELECT o.owner, max(inserted.global_position) AS last
              FROM inserted
              JOIN unnest(ids, owners) AS o(event_id, owner) USING (event_id)
             GROUP BY o.owner) p;
  EXCEPTION
    WHEN unique_violation THEN
      RETURN QUERY SELECT * FROM append_batch_each(commands);
      RETURN;
  END;

  -- positions holds one entry per accepted command, in command order.
  i := 0;
  -- (An integer FOR loop declares its own variable, so the OUT column is assigned explicitly.)
  FOR n IN 1 .. coalesce(array_length(conflicts, 1), 0) LOOP
    command_index := n - 1;
    conflict_stream := conflicts[n];
    versions := command_versions[n];
    IF conflict_stream IS NULL THEN
      i := i + 1;
      last_position := positions[i];
    ELSE
      last_position := NULL;
      versions := '{}'::jsonb;
    END IF;
    RETURN NEXT;
  END LOOP;
END;
$$;
