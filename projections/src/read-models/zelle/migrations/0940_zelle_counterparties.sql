-- Zelle lines name the other party when they are a customer: erasing that customer blanks what
-- each other party's line holds about them. Scale mode applies this on the other party's own Kafka
-- partition, which finds their lines by this column alone (the erased customer's own lines may sit
-- on another partition). Existing lines take it from the other side's line of the same payment or
-- request.
ALTER TABLE rm_zelle_activity ADD COLUMN counterparty_customer_id uuid;
UPDATE rm_zelle_activity o SET counterparty_customer_id = m.customer_id
  FROM rm_zelle_activity m
 WHERE m.item_id = o.item_id AND m.customer_id <> o.customer_id;
CREATE INDEX rm_zelle_activity_counterparty ON rm_zelle_activity (counterparty_customer_id)
  WHERE counterparty_customer_id IS NOT NULL;
