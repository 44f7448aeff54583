-- The transactions read model drops its (account_id, created_at) index: every read of it names the
-- customer (findTransactions, the search, the bill-pay history), whose (customer_id, created_at,
-- position) index already gives the order, and an account filter is a filter on that customer's
-- few lines; holds are found by rm_transactions_hold. One index fewer to maintain per posting,
-- live and in a rebuild (a quarter of the table's index upkeep, measured on a 12,500-line rebuild).
DROP INDEX IF EXISTS rm_transactions_account_time;
