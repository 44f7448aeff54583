-- A ticket opened as the dispute of a card charge names the history line and the reason.
ALTER TABLE rm_support_tickets ADD COLUMN transaction_id text, ADD COLUMN dispute_reason text;
CREATE INDEX rm_support_tickets_transaction ON rm_support_tickets (transaction_id)
  WHERE transaction_id IS NOT NULL;
