-- One part of migration 0100_core_read_models.sql, which changed several read models' tables:
-- each read model's folder holds the part for its own tables. Files of one name are one
-- migration, applied together and recorded once.
CREATE TABLE rm_accounts (
  account_id uuid PRIMARY KEY,
  customer_id uuid NOT NULL,
  account_number char(12) NOT NULL UNIQUE,
  routing_number char(9) NOT NULL,
  name text NOT NULL,
  type text NOT NULL,
  product_code text NOT NULL,
  currency text NOT NULL,
  balance_cents bigint NOT NULL DEFAULT 0,
  held_cents bigint NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'active',
  opened_at timestamptz NOT NULL,
  opened_position bigint NOT NULL,
  last_transaction_at timestamptz
);
CREATE INDEX rm_accounts_customer ON rm_accounts (customer_id);

CREATE TABLE rm_account_holds (
  hold_id uuid PRIMARY KEY,
  account_id uuid NOT NULL,
  amount_cents bigint NOT NULL,
  status text NOT NULL
);

-- Balances of the bank's internal ledger accounts (clearing, fees, cash), the other legs.
CREATE TABLE rm_ledger_balances (
  ledger_account text PRIMARY KEY,
  balance_cents bigint NOT NULL DEFAULT 0
);
