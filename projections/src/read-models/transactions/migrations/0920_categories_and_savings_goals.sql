-- One part of migration 0920_categories_and_savings_goals.sql, which changed several read models' tables:
-- each read model's folder holds the part for its own tables. Files of one name are one
-- migration, applied together and recorded once.
-- Transaction categories (projection transactions): the category a posting's source gives it
-- (events/src/categories.ts) and the customer's own choice, which wins when set.
ALTER TABLE rm_transactions ADD COLUMN default_category text NOT NULL DEFAULT 'other';
ALTER TABLE rm_transactions ADD COLUMN category_override text;
-- Lines written before the column existed get their default category by projecting the log
-- again: the transactions projection starts over from the beginning.
TRUNCATE rm_transactions, rm_transaction_accounts;
DELETE FROM projection_checkpoints WHERE projection = 'transactions';
