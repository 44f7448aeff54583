-- Group commit with the hash chain computed by the bank. append_batch() decided each command,
-- built each event's jsonb and computed each event's hash in PL/pgSQL, one event at a time. The
-- bank already knows the head (version and hash) of the streams it writes: it now decides the
-- commands, numbers the events and chains their hashes itself (over the same fields, jsonb in
-- PostgreSQL's canonical text), and this function only checks that every stream is still at the
-- head the bank assumed and inserts the whole batch in one statement.
--
-- If any stream has moved (another writer, a head the bank no longer knows), nothing is inserted
-- and the streams are returned in stale_streams: the bank reads their heads and decides again.
-- Because every stream's head is checked under its lock, the bank's decisions on expected
-- versions hold; the versions given must continue each stream without a gap (checked here), and
-- the unique (stream, version) constraint still refuses a second event at a version. Hashes are
-- not recomputed here: `npm run audit -- verify` recomputes every one from the stored rows, so a
-- wrong hash is reported there, as an altered event would be.
--
-- head_*: each stream the batch touches, with the version and hash (hex; null at version 0) the
--   bank assumes it is at;
-- event_*, schema_versions, recorded_ats, hashes, owners: one entry per event, in commit order
--   (owners: the index of its command); datas: the events' data, a JSON array in the same
--   order; metadatas: one metadata object per command.
CREATE FUNCTION append_events(
  head_streams text[], head_versions integer[], head_hashes text[],
  event_ids uuid[], event_streams text[], event_versions integer[], event_types text[],
  schema_versions integer[], recorded_ats timestamptz[], hashes text[], owners integer[],
  datas jsonb, metadatas jsonb)
RETURNS TABLE (stale_streams text[], positions bigint[], txid text)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
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
