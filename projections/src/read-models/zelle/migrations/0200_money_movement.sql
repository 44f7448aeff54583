-- One part of migration 0200_money_movement.sql, which changed several read models' tables:
-- each read model's folder holds the part for its own tables. Files of one name are one
-- migration, applied together and recorded once.
-- One line per customer and payment or request, as the person-to-person activity tab lists them.
CREATE TABLE rm_zelle_activity (
  customer_id uuid NOT NULL,
  item_id uuid NOT NULL,
  type text NOT NULL CHECK (type IN ('sent', 'received', 'request')),
  direction text NOT NULL CHECK (direction IN ('outgoing', 'incoming')),
  recipient_name text NOT NULL,
  sender_name text NOT NULL,
  counterparty_name text NOT NULL,
  counterparty_contact text,
  amount_cents bigint NOT NULL,
  memo text NOT NULL,
  status text NOT NULL,
  reference_number text NOT NULL,
  account_id uuid,
  occurred_at timestamptz NOT NULL,
  position bigint NOT NULL,
  PRIMARY KEY (customer_id, item_id)
);
CREATE INDEX rm_zelle_activity_time ON rm_zelle_activity (customer_id, occurred_at DESC, position DESC);

-- People a customer has paid or asked for money, with how often.
CREATE TABLE rm_zelle_recipients (
  customer_id uuid NOT NULL,
  contact_key text NOT NULL,
  name text NOT NULL,
  email text,
  phone text,
  transaction_count integer NOT NULL DEFAULT 0,
  last_at timestamptz NOT NULL,
  PRIMARY KEY (customer_id, contact_key)
);
