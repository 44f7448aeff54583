-- Crypto custody and finer prices (projection crypto).
-- Prices in millionths of a dollar per coin: the mid, bid and ask of the simulated feed.
ALTER TABLE rm_crypto_market ADD COLUMN price_micro_usd bigint;
ALTER TABLE rm_crypto_market ADD COLUMN bid_micro_usd bigint;
ALTER TABLE rm_crypto_market ADD COLUMN ask_micro_usd bigint;
-- The price a trade executed at, in millionths of a dollar (null on older rows).
ALTER TABLE rm_crypto_transactions ADD COLUMN price_micro_usd bigint;
-- Deposit claims: the bank address they should have paid, and the review's outcome.
ALTER TABLE rm_crypto_transactions ADD COLUMN deposit_address text;
ALTER TABLE rm_crypto_transactions ADD COLUMN review_note text;

-- Coins in the bank's custody wallets, per coin, in units of 10^-8.
CREATE TABLE rm_crypto_custody (
  symbol text PRIMARY KEY,
  units bigint NOT NULL,
  updated_at timestamptz NOT NULL
);
