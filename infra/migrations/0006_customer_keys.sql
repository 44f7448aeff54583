-- One data key per customer, wrapped by the master key (SECRETS_KEY). Personal data in that
-- customer's events is encrypted with it; erasure destroys it (crypto-shredding), which leaves the
-- events, balances and books intact while the personal data in them can no longer be read.
CREATE TABLE customer_keys (
  customer_id uuid PRIMARY KEY,
  wrapped_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  destroyed_at timestamptz,
  CHECK ((wrapped_key IS NULL) = (destroyed_at IS NOT NULL))
);
