-- The append-only event log. Global order is (transaction_id, global_position): readers only read
-- below the oldest transaction still in flight, so an event that commits late is never skipped.
CREATE TABLE events (
  global_position bigserial PRIMARY KEY,
  transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  event_id uuid NOT NULL UNIQUE,
  stream_id text NOT NULL,
  stream_version integer NOT NULL CHECK (stream_version > 0),
  type text NOT NULL,
  schema_version integer NOT NULL DEFAULT 1,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  recorded_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  -- Optimistic concurrency, enforced by the database: one event per stream version.
  CONSTRAINT events_stream_version_unique UNIQUE (stream_id, stream_version)
);

CREATE INDEX events_global_order ON events (transaction_id, global_position);

CREATE FUNCTION events_are_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'events are immutable: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE TRIGGER events_no_update BEFORE UPDATE OR DELETE ON events
  FOR EACH ROW EXECUTE FUNCTION events_are_immutable();
CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events
  FOR EACH STATEMENT EXECUTE FUNCTION events_are_immutable();

-- Where each projection has got to, written in the same transaction as its read-model rows.
CREATE TABLE projection_checkpoints (
  projection text PRIMARY KEY,
  transaction_id xid8 NOT NULL DEFAULT '0'::xid8,
  global_position bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Command-side lookups that must be unique across streams (registration), written in the same
-- transaction as the events that claim them.
CREATE TABLE customer_identities (
  customer_id uuid PRIMARY KEY,
  account_number char(12) NOT NULL UNIQUE,
  email text NOT NULL UNIQUE,
  phone_digits text NOT NULL
);
CREATE INDEX customer_identities_phone ON customer_identities (phone_digits);

-- Sign-in sessions: only a SHA-256 of the opaque token is stored.
CREATE TABLE sessions (
  token_hash bytea PRIMARY KEY,
  customer_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX sessions_customer ON sessions (customer_id);

CREATE TABLE login_failures (
  account_number char(12) PRIMARY KEY,
  failed_count integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Idempotency-Key records: the first answer to a key is replayed for every retry.
CREATE TABLE idempotency_keys (
  customer_id uuid NOT NULL,
  idempotency_key text NOT NULL,
  request_hash text NOT NULL,
  status_code integer NOT NULL,
  response jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (customer_id, idempotency_key)
);
