-- Saved recipients (projection saved-recipients): the customer's address book of external and
-- SEPA accounts, masked (the full number stays encrypted in the log).
CREATE TABLE rm_saved_recipients (
  recipient_id uuid PRIMARY KEY,
  customer_id uuid NOT NULL,
  type text NOT NULL,
  nickname text NOT NULL,
  recipient_name text NOT NULL,
  bank_name text NOT NULL,
  account_last4 text NOT NULL,
  routing_number text,
  country text,
  swift_code text,
  saved_at timestamptz NOT NULL,
  position bigint NOT NULL
);
CREATE INDEX rm_saved_recipients_customer ON rm_saved_recipients (customer_id, nickname);
