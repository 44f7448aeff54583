-- The heads (last version and hash) of several streams the event store has not seen, read in one
-- call for a commit that writes to them. As a statement of its own, PostgreSQL planned it again on
-- every call: its generic plan is costed for an array of about ten streams, dearer than a custom
-- plan for a commit's two or three. The generic plan has the right shape whatever the array holds
-- (one key probe per stream, the newest version first), so the function keeps it.
CREATE FUNCTION stream_heads(p_streams text[])
RETURNS TABLE (head_stream text, head_version integer, head_hash text)
LANGUAGE plpgsql STABLE
SET search_path = public, pg_temp
SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN QUERY
    SELECT s.stream, coalesce(h.stream_version, 0), encode(h.hash, 'hex')
      FROM unnest(p_streams) AS s(stream)
      LEFT JOIN LATERAL (SELECT e.stream_version, e.hash FROM events e
                          WHERE e.stream_id = s.stream
                          ORDER BY e.stream_version DESC LIMIT 1) h ON true;
END
$$;
