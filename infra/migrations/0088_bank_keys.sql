-- The bank's own data keys, each wrapped by the master key (SECRETS_KEY): `sealing` seals the
-- secrets stored outside a customer's key (card numbers, CVVs, SSNs, external account numbers)
-- and `pii-fingerprint` keys the hashes that find a visitor's requests by email. Until the
-- master key is first rotated there are no rows and both are derived from SECRETS_KEY itself;
-- a rotation stores them here wrapped by the new key, so the sealed data (immutable events
-- included) keeps opening while only the wrapping changes.
CREATE TABLE bank_keys (
  name text PRIMARY KEY CHECK (name IN ('sealing', 'pii-fingerprint')),
  wrapped_key text NOT NULL,
  rotated_at timestamptz NOT NULL DEFAULT now()
);
