-- One-time codes that prove a new customer owns the email or phone a Zelle payment waits for.
-- Only an argon2id hash of the code is kept for checking. No mail or SMS server exists here: the
-- message to the contact sits in the ops outbox (`message`) until the code is used, replaced or
-- spent, and is blanked then. Where it went is the customer's own email or phone, read from their
-- profile when the outbox is listed, so no contact is copied here.
CREATE TABLE zelle_claim_codes (
  code_id uuid PRIMARY KEY,
  customer_id uuid NOT NULL,
  contact_kind text NOT NULL CHECK (contact_kind IN ('email', 'phone')),
  code_hash text NOT NULL,
  message text,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  closed_at timestamptz
);
CREATE INDEX zelle_claim_codes_customer ON zelle_claim_codes (customer_id, contact_kind, created_at);
