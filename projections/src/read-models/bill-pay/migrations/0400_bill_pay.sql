-- Bill pay read models (projection bill-pay).
CREATE TABLE rm_bill_payees (
  payee_id uuid PRIMARY KEY,
  customer_id uuid NOT NULL,
  name text NOT NULL,
  display_name text,
  category text NOT NULL,
  -- Only the last four digits: the full number is kept encrypted in the event.
  account_last4 text NOT NULL,
  address text,
  city text,
  state text,
  zip_code text,
  phone text,
  default_amount_cents bigint,
  autopay_enabled boolean NOT NULL,
  autopay_day int,
  autopay_amount_cents bigint,
  autopay_account_id uuid,
  removed boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  position bigint NOT NULL
);
CREATE INDEX rm_bill_payees_customer ON rm_bill_payees (customer_id, position);

-- One row per occurrence of a scheduled payment or of a payee's AutoPay:
-- id is '<source>:<schedule id>:<date>'. status: scheduled, completed, failed, cancelled.
CREATE TABLE rm_bill_payments (
  id text PRIMARY KEY,
  customer_id uuid NOT NULL,
  source text NOT NULL,
  schedule_id uuid NOT NULL,
  payee_id uuid NOT NULL,
  payee_name text NOT NULL,
  category text NOT NULL,
  from_account_id uuid NOT NULL,
  amount_cents bigint NOT NULL,
  scheduled_date date NOT NULL,
  memo text,
  is_recurring boolean NOT NULL DEFAULT false,
  recurring_frequency text,
  recurring_end_date date,
  status text NOT NULL,
  failure_reason text,
  reference_number text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  position bigint NOT NULL
);
CREATE INDEX rm_bill_payments_customer ON rm_bill_payments (customer_id, scheduled_date);
CREATE INDEX rm_bill_payments_payee ON rm_bill_payments (payee_id, status, scheduled_date);
