-- The balances of the bank's internal ledger accounts are kept as one sum per shard: in scale
-- mode each Kafka partition adds to its own row (shard = the partition), so partitions applying at
-- once never wait on one another's row (every teller deposit moves cash:teller); the embedded
-- runner writes shard 0. A balance is the sum over its shards: ledger_balances() reads them so.
ALTER TABLE rm_ledger_balances ADD COLUMN shard integer NOT NULL DEFAULT 0;
ALTER TABLE rm_ledger_balances DROP CONSTRAINT rm_ledger_balances_pkey;
ALTER TABLE rm_ledger_balances ADD PRIMARY KEY (ledger_account, shard);

-- A string body is looked up when called, not when created: a rebuild that swaps the table in
-- leaves this function reading the new one.
CREATE FUNCTION ledger_balances() RETURNS TABLE (ledger_account text, balance_cents bigint)
LANGUAGE sql STABLE AS $$
  SELECT ledger_account, sum(balance_cents)::bigint FROM rm_ledger_balances GROUP BY ledger_account
$$;
