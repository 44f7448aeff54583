-- One part of migration 0935_alerts_and_insights.sql, which changed several read models' tables:
-- each read model's folder holds the part for its own tables. Files of one name are one
-- migration, applied together and recorded once.
-- Spending insights (projection insights): the last price of each crypto asset on each bank day,
-- from the market-data refreshes, for the portfolio's value over time.
CREATE TABLE rm_crypto_price_days (
  symbol text NOT NULL,
  day date NOT NULL,
  price_cents bigint NOT NULL,
  as_of timestamptz NOT NULL,
  PRIMARY KEY (symbol, day)
);
