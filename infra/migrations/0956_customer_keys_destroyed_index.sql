-- Every process of the bank keeps the customers' data keys it uses in memory, and looks about
-- once a second for keys destroyed since (crypto-shredding by another process): only the few
-- destroyed keys are in this index, so the look costs next to nothing however many customers.
CREATE INDEX customer_keys_destroyed_at ON customer_keys (destroyed_at)
  WHERE destroyed_at IS NOT NULL;
