-- Cashback earned per customer and bank month (New York). The one row per customer kept only the
-- month it last earned in, reset whenever a posting of another month came: a purchase dated back
-- to last month, posted after this month's, set this month's figure to nothing. The row now
-- keeps the totals, and each month its own sum. What the old row knew of its month is kept;
-- `npm run rebuild-projection -- cashback` fills in every month from the log.
CREATE TABLE rm_cashback_months (
  customer_id uuid NOT NULL,
  month text NOT NULL,
  earned_cents bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (customer_id, month)
);

INSERT INTO rm_cashback_months (customer_id, month, earned_cents)
SELECT customer_id, month, month_earned_cents FROM rm_cashback WHERE month_earned_cents > 0;

ALTER TABLE rm_cashback DROP COLUMN month, DROP COLUMN month_earned_cents;
