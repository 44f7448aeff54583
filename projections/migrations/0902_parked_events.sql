-- Events a projection could not apply after bounded retries: set aside so that the projection
-- carries on, listed for ops, who retry or skip them (GET /api/ops/parked-events).
CREATE TABLE IF NOT EXISTS parked_events (
  projection text NOT NULL,
  event_id uuid NOT NULL,
  transaction_id xid8 NOT NULL,
  global_position bigint NOT NULL,
  stream_id text NOT NULL,
  type text NOT NULL,
  error text NOT NULL,
  attempts integer NOT NULL,
  status text NOT NULL DEFAULT 'parked' CHECK (status IN ('parked', 'retried', 'skipped')),
  parked_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz,
  PRIMARY KEY (projection, event_id)
);

CREATE INDEX IF NOT EXISTS parked_events_open ON parked_events (parked_at) WHERE status = 'parked';
