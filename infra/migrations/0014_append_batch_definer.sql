-- Least privilege: the application role may not write `events` directly, so append_batch() runs
-- with the rights of its owner (the migration role). search_path is pinned so that a caller's
-- objects cannot stand in for the ones it uses. A later CREATE OR REPLACE of append_batch must
-- keep SECURITY DEFINER and this search_path.
ALTER FUNCTION append_batch(jsonb) SECURITY DEFINER SET search_path = public, pg_temp;
-- Only append_batch() calls the per-command fallback; nobody else may.
REVOKE EXECUTE ON FUNCTION append_batch_each(jsonb) FROM PUBLIC;
