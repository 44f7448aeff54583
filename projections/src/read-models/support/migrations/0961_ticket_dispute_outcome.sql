-- How staff decided a disputed charge, shown on its receipt: refunded or declined, and when.
ALTER TABLE rm_support_tickets ADD COLUMN dispute_outcome text,
  ADD COLUMN dispute_resolved_at timestamptz;
