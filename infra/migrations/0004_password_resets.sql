-- Password-reset tokens (only their hash). No mail server exists here: staff see the reset
-- links under /ops and pass them on.
CREATE TABLE password_resets (
  token_hash bytea PRIMARY KEY,
  customer_id uuid NOT NULL,
  reset_link text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_resets_customer ON password_resets (customer_id);
