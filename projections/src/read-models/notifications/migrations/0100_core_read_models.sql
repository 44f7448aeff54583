-- One part of migration 0100_core_read_models.sql, which changed several read models' tables:
-- each read model's folder holds the part for its own tables. Files of one name are one
-- migration, applied together and recorded once.
CREATE TABLE rm_notifications (
  id uuid PRIMARY KEY,
  customer_id uuid NOT NULL,
  type text NOT NULL,
  title text NOT NULL,
  message text NOT NULL,
  priority text NOT NULL,
  is_read boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  position bigint NOT NULL
);
CREATE INDEX rm_notifications_customer ON rm_notifications (customer_id, created_at DESC, position DESC);

-- The notifications projection's own copies of what it needs to route and filter.
CREATE TABLE rm_notification_routing (
  account_id uuid PRIMARY KEY,
  customer_id uuid NOT NULL,
  account_name text NOT NULL
);
CREATE TABLE rm_notification_preferences (
  customer_id uuid PRIMARY KEY,
  preferences jsonb NOT NULL
);
