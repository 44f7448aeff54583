-- One part of migration 0200_money_movement.sql, which changed several read models' tables:
-- each read model's folder holds the part for its own tables. Files of one name are one
-- migration, applied together and recorded once.
CREATE TABLE rm_transfers (
  transfer_id uuid PRIMARY KEY,
  customer_id uuid NOT NULL,
  type text NOT NULL,
  status text NOT NULL,
  from_account_id uuid NOT NULL,
  from_account_name text NOT NULL,
  to_account_id uuid,
  to_account_name text,
  recipient_name text NOT NULL,
  description text NOT NULL,
  amount_cents bigint NOT NULL,
  fee_cents bigint NOT NULL,
  memo text NOT NULL,
  transfer_date text NOT NULL,
  reference_number text NOT NULL,
  -- What may be shown of the destination (never the encrypted account number).
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  exchange jsonb,
  settle_after timestamptz,
  settled_at timestamptz,
  failure_reason text,
  repeat_of uuid,
  initiated_at timestamptz NOT NULL,
  position bigint NOT NULL
);
CREATE INDEX rm_transfers_customer ON rm_transfers (customer_id, initiated_at DESC, position DESC);
