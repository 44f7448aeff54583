-- When an attempt within a trusted browser's allowance was last counted: an unlocked count at or
-- past the allowance that has not moved for a minute was left by attempts that never finished
-- (a process stopped between counting and checking), and no longer holds the browser out.
ALTER TABLE trusted_devices ADD COLUMN counted_at timestamptz NOT NULL DEFAULT now();
