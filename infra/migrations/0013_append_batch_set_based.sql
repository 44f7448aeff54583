-- Group commit without a subtransaction per command. The batch locks its streams (as in 0012),
-- reads every stream's head in one query, decides each command in order against the heads the
-- commands before it leave, and inserts all accepted events in one statement. A command whose
-- expected version does not hold is reported as a conflict and the others still commit, as before.
--
-- The per-command form (0012) stays as append_batch_each: it is the fallback when the single
-- INSERT hits a unique violation (an event id supplied twice), which must fail only its command.
ALTER FUNCTION append_batch(jsonb) RENAME TO append_batch_each;

CREATE FUNCTION append_batch(commands jsonb)
RETURNS TABLE (command_index integer, conflict_stream text, last_position bigint, versions jsonb)
LANGUAGE plpgsql AS $$
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

  -- Every stream's current head: [version, hash as hex]; absent streams are at version 0.
  SELECT coalesce(jsonb_object_agg(s.stream, jsonb_build_array(h.stream_version, encode(h.hash, 'hex')))
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
         OR (expected = '"no_stream"'::jsonb AND current_version <> 0) THEN
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
        END LOOP;
        heads := heads || jsonb_build_object(stream_name,
                   jsonb_build_array(current_version, encode(chain_hash, 'hex')));
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
