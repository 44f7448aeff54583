-- Transaction categories (projection transactions): the category a posting's source gives it
-- (events/src/categories.ts) and the customer's own choice, which wins when set.
ALTER TABLE rm_transactions ADD COLUMN default_category text NOT NULL DEFAULT 'other';
ALTER TABLE rm_transactions ADD COLUMN category_override text;
-- Lines written before the column existed get their default category by projecting the log
-- again: the transactions projection starts over from the beginning.
TRUNCATE rm_transactions, rm_transaction_accounts;
DELETE FROM projection_checkpoints WHERE projection = 'transactions';

-- Savings goals (projection savings-goals): one target per savings account, in cents.
CREATE TABLE rm_savings_goals (
  account_id uuid PRIMARY KEY,
  customer_id uuid NOT NULL,
  target_cents bigint NOT NULL CHECK (target_cents > 0),
  set_at timestamptz NOT NULL
);
CREATE INDEX rm_savings_goals_customer ON rm_savings_goals (customer_id);
