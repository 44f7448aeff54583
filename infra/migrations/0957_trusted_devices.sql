-- Browsers a customer has signed in from, each known by a random token kept in an HttpOnly
-- cookie (only its SHA-256 is stored). Wrong passwords sent from such a browser are counted for
-- it alone, so that strangers who lock the account number out (five wrong passwords) do not lock
-- out its owner's own browsers, which have their own five.
CREATE TABLE trusted_devices (
  token_hash bytea PRIMARY KEY,
  customer_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz NOT NULL DEFAULT now(),
  failed_count integer NOT NULL DEFAULT 0,
  locked_until timestamptz
);
CREATE INDEX trusted_devices_customer ON trusted_devices (customer_id);
