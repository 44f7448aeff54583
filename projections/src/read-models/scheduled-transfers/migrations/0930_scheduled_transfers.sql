-- Scheduled and recurring transfers (projection scheduled-transfers): one row per schedule, with
-- its plan as last edited, the next run date and the outcome of the last run.
-- status: active (more runs to come), completed (its end was reached), cancelled.
CREATE TABLE rm_scheduled_transfers (
  schedule_id uuid PRIMARY KEY,
  customer_id uuid NOT NULL,
  type text NOT NULL,
  from_account_id uuid NOT NULL,
  to_account_id uuid,
  recipient_name text NOT NULL,
  recipient_detail text,
  amount_cents bigint NOT NULL CHECK (amount_cents >= 0),
  memo text NOT NULL DEFAULT '',
  start_date date NOT NULL,
  frequency text,
  end_date date,
  end_count integer,
  next_date date,
  runs integer NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'active',
  last_run_date date,
  last_run_status text,
  last_reference text,
  last_failure text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  position bigint NOT NULL
);
CREATE INDEX rm_scheduled_transfers_customer ON rm_scheduled_transfers (customer_id, status, next_date);
