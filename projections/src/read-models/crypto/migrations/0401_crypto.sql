-- Crypto read models (projection crypto). Quantities are integer units of 10^-8 coin.
CREATE TABLE rm_crypto_market (
  symbol text PRIMARY KEY,
  price_cents bigint NOT NULL,
  change_24h_bps int NOT NULL,
  volume_dollars bigint NOT NULL,
  market_cap_dollars bigint NOT NULL,
  source text NOT NULL,
  as_of timestamptz NOT NULL
);

CREATE TABLE rm_crypto_holdings (
  customer_id uuid NOT NULL,
  symbol text NOT NULL,
  units bigint NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (customer_id, symbol)
);

-- type: buy, sell, deposit, withdraw; status: completed, pending.
CREATE TABLE rm_crypto_transactions (
  id uuid PRIMARY KEY,
  customer_id uuid NOT NULL,
  type text NOT NULL,
  symbol text NOT NULL,
  units bigint NOT NULL,
  price_cents bigint NOT NULL,
  usd_cents bigint NOT NULL,
  fee_cents bigint NOT NULL,
  total_cents bigint NOT NULL,
  network_fee_units bigint NOT NULL DEFAULT 0,
  status text NOT NULL,
  account_id uuid,
  network text,
  tx_hash text,
  address text,
  reference_number text,
  created_at timestamptz NOT NULL,
  executed_at timestamptz,
  position bigint NOT NULL
);
CREATE INDEX rm_crypto_transactions_customer ON rm_crypto_transactions (customer_id, created_at DESC, position DESC);
