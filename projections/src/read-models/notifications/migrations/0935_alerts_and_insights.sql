-- One part of migration 0935_alerts_and_insights.sql, which changed several read models' tables:
-- each read model's folder holds the part for its own tables. Files of one name are one
-- migration, applied together and recorded once.
-- Alerts the customer sets (projection notifications): the notifications projection keeps each
-- account's posted balance beside its routing row, so a low-balance alert fires on the posting that
-- takes the balance from at or above the threshold to below it, and once per crossing.
ALTER TABLE rm_notification_routing ADD COLUMN balance_cents bigint NOT NULL DEFAULT 0;

CREATE TABLE rm_alert_preferences (
  customer_id uuid PRIMARY KEY,
  low_balance_cents bigint CHECK (low_balance_cents > 0),
  -- Null with a threshold: every account of the customer.
  low_balance_account_id uuid,
  large_transaction_cents bigint CHECK (large_transaction_cents > 0),
  card_abroad boolean NOT NULL DEFAULT false
);

-- The balances start from the log: the notifications projection starts over from the beginning
-- (its notification ids derive from the events, so the same notifications come back, with their
-- read and deleted states).
TRUNCATE rm_notifications, rm_notification_routing, rm_notification_preferences;
DELETE FROM projection_checkpoints WHERE projection = 'notifications';
