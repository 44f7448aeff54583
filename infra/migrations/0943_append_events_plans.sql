-- append_events() runs the same few statements for every group commit. PL/pgSQL keeps a prepared
-- plan for each, but left to choose (plan_cache_mode = auto) PostgreSQL planned them again on
-- every call: their generic plans are costed for arrays of about ten elements, dearer than a
-- custom plan for a commit's one or two streams. The generic plans have the right shape whatever
-- the arrays hold (one key probe per stream head; the rest reads only the arrays and inserts), so
-- the function keeps them.
ALTER FUNCTION append_events(text[], integer[], text[], uuid[], text[], integer[], text[],
                             integer[], timestamptz[], text[], integer[], jsonb, jsonb)
  SET plan_cache_mode = force_generic_plan;
