-- One part of migration 0100_core_read_models.sql, which changed several read models' tables:
-- each read model's folder holds the part for its own tables. Files of one name are one
-- migration, applied together and recorded once.
CREATE TABLE rm_transactions (
  id text PRIMARY KEY,
  account_id uuid NOT NULL,
  customer_id uuid NOT NULL,
  entry_id uuid NOT NULL,
  hold_id uuid,
  direction text NOT NULL CHECK (direction IN ('credit', 'debit')),
  amount_cents bigint NOT NULL,
  description text NOT NULL,
  kind text NOT NULL,
  contra text,
  status text NOT NULL,
  reference_number text NOT NULL,
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL,
  position bigint NOT NULL
);
CREATE INDEX rm_transactions_customer_time ON rm_transactions (customer_id, created_at DESC, position DESC);
CREATE INDEX rm_transactions_account_time ON rm_transactions (account_id, created_at DESC);
CREATE UNIQUE INDEX rm_transactions_hold ON rm_transactions (account_id, hold_id) WHERE hold_id IS NOT NULL;

CREATE TABLE rm_transaction_accounts (
  account_id uuid PRIMARY KEY,
  customer_id uuid NOT NULL
);
