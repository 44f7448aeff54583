-- Money movement read models: transfers, limit usage, person-to-person activity.

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
