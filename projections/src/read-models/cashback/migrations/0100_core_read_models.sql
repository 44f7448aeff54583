-- One part of migration 0100_core_read_models.sql, which changed several read models' tables:
-- each read model's folder holds the part for its own tables. Files of one name are one
-- migration, applied together and recorded once.
CREATE TABLE rm_cashback (
  customer_id uuid PRIMARY KEY,
  earned_cents bigint NOT NULL DEFAULT 0,
  redeemed_cents bigint NOT NULL DEFAULT 0,
  month text NOT NULL,
  month_earned_cents bigint NOT NULL DEFAULT 0
);

CREATE TABLE rm_cashback_accounts (
  account_id uuid PRIMARY KEY,
  customer_id uuid NOT NULL
);
