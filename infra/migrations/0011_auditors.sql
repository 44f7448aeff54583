-- Read-only auditor credentials, issued under /ops. Only a SHA-256 of the opaque token is kept.
CREATE TABLE auditor_credentials (
  auditor_id uuid PRIMARY KEY,
  token_hash bytea NOT NULL UNIQUE,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);

-- The audit API replays a customer's whole history from the log: find every stream that names
-- the customer (their profile, accounts, cards, payments...) without scanning the log.
CREATE INDEX events_customer ON events ((data ->> 'customerId')) WHERE data ? 'customerId';
