-- One part of migration 0920_categories_and_savings_goals.sql, which changed several read models' tables:
-- each read model's folder holds the part for its own tables. Files of one name are one
-- migration, applied together and recorded once.
-- Savings goals (projection savings-goals): one target per savings account, in cents.
CREATE TABLE rm_savings_goals (
  account_id uuid PRIMARY KEY,
  customer_id uuid NOT NULL,
  target_cents bigint NOT NULL CHECK (target_cents > 0),
  set_at timestamptz NOT NULL
);
CREATE INDEX rm_savings_goals_customer ON rm_savings_goals (customer_id);
