-- One part of migration 0200_money_movement.sql, which changed several read models' tables:
-- each read model's folder holds the part for its own tables. Files of one name are one
-- migration, applied together and recorded once.
-- Every movement counted against a limit, by the bank's (New York) calendar day and month.
CREATE TABLE rm_money_movements (
  customer_id uuid NOT NULL,
  movement_id uuid NOT NULL,
  category text NOT NULL,
  amount_cents bigint NOT NULL,
  bank_date date NOT NULL,
  bank_month text NOT NULL,
  occurred_at timestamptz NOT NULL,
  cancelled boolean NOT NULL DEFAULT false,
  PRIMARY KEY (customer_id, movement_id)
);
CREATE INDEX rm_money_movements_usage ON rm_money_movements (customer_id, category, bank_date);
