CREATE TABLE rm_support_tickets (
  id uuid PRIMARY KEY,
  customer_id uuid NOT NULL,
  customer_name text NOT NULL,
  ticket_number text NOT NULL UNIQUE,
  subject text NOT NULL,
  description text NOT NULL,
  category text NOT NULL,
  priority text NOT NULL,
  status text NOT NULL,
  reply_count integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  position bigint NOT NULL
);
CREATE INDEX rm_support_tickets_customer ON rm_support_tickets (customer_id, created_at DESC);
CREATE INDEX rm_support_tickets_status ON rm_support_tickets (status, updated_at DESC);

CREATE TABLE rm_support_replies (
  id uuid PRIMARY KEY,
  ticket_id uuid NOT NULL,
  message text NOT NULL,
  is_staff_reply boolean NOT NULL,
  author_name text NOT NULL,
  created_at timestamptz NOT NULL,
  position bigint NOT NULL
);
CREATE INDEX rm_support_replies_ticket ON rm_support_replies (ticket_id, position);
