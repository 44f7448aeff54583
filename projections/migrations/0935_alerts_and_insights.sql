-- Spending insights (projection insights): the last price of each crypto asset on each bank day,
-- from the market-data refreshes, for the portfolio's value over time.
CREATE TABLE rm_crypto_price_days (
  symbol text NOT NULL,
  day date NOT NULL,
  price_cents bigint NOT NULL,
  as_of timestamptz NOT NULL,
  PRIMARY KEY (symbol, day)
);
