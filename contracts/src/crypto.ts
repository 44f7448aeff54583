import { z } from 'zod';
import { successOf } from './envelope.ts';
import { keysOf } from './keys.ts';

/** The supported coins by symbol, with their names. */
export const CRYPTO_COINS = {
  BTC: 'Bitcoin',
  ETH: 'Ethereum',
  BNB: 'BNB',
  ADA: 'Cardano',
  SOL: 'Solana',
  USDC: 'USD Coin',
  USDT: 'Tether',
  DOGE: 'Dogecoin',
  DOT: 'Polkadot',
  MATIC: 'Polygon',
} as const;
export type CryptoSymbol = keyof typeof CRYPTO_COINS;
export const CRYPTO_SYMBOLS = keysOf(CRYPTO_COINS);

/** The bank's advertised fee on a crypto buy and on a sale: 1 % of the amount. */
export const CRYPTO_FEE_PERCENT = 1;

/**
 * The fee on a trade of `amountCents` (a buy's amount, a sale's gross value): 1 % to the nearest
 * cent, a half cent up. Rounded up instead, a $1.01 buy paid $0.02 (1.98 %), not the 1 % the bank
 * advertises. The server charges it and the trade form shows it from this one function.
 */
export function cryptoFeeCents(amountCents: number): number {
  return Number((BigInt(amountCents) * BigInt(CRYPTO_FEE_PERCENT) + 50n) / 100n);
}

/** What the trade, deposit and withdrawal forms and the server say of what they cannot accept. */
export const CRYPTO_MESSAGES = {
  symbol: 'Please select a supported cryptocurrency.',
  account: 'Please select an account.',
  amountUsd: 'Please enter an amount of at least $1.00 with at most 2 decimals.',
  cryptoAmount: 'Please enter a positive amount with at most 8 decimals.',
  minBuy: 'The minimum purchase is $1.00.',
  minSell: 'The minimum sale amount is 0.00000001.',
  /** A sale over the holding; `held` is its exact text with 8 decimals. */
  overHolding: (symbol: string, held: string) =>
    `Insufficient ${symbol} balance: you hold ${held} ${symbol}.`,
  minDeposit: 'The minimum deposit is 0.001.',
  minWithdraw: 'The minimum withdrawal is 0.001.',
  txHash: 'Please enter the transaction hash.',
  txHashFormat: 'The transaction hash may contain only letters and digits.',
  fromAddress: 'Please enter the address you sent from.',
  toAddress: 'Please enter the destination address.',
  addressFormat: 'The address may contain only letters, digits and colons.',
  network: 'The network may contain only letters, digits, dashes and underscores.',
} as const;

const symbol = z.enum(CRYPTO_SYMBOLS);
/** Coin amounts: `*_exact` is the decimal text of the integer 10^-8 units, the number rounds. */
const coins = z.number();

/** The answer of GET /crypto/market-data: every coin's price (the bank's bid and ask). */
export const cryptoMarket = successOf(
  z.object({
    market_data: z.array(
      z.object({
        symbol,
        name: z.string(),
        price: z.number(),
        /** What the bank buys at (sales) and sells at (purchases); null before the first feed. */
        bid: z.number().nullable(),
        ask: z.number().nullable(),
        /** Percent, 2 decimals. */
        change24h: z.number(),
        volume: z.number(),
        market_cap: z.number(),
      }),
    ),
    as_of: z.string().nullable(),
    source: z.string().nullable(),
    simulated: z.boolean(),
  }),
);
export type CryptoMarketItem = z.infer<typeof cryptoMarket>['data']['market_data'][number];

/** One coin held (or waiting to be credited from a deposit claim), valued at the market price. */
export const cryptoHolding = z.object({
  id: z.string(),
  symbol,
  name: z.string(),
  balance: coins,
  balance_exact: z.string(),
  /** Deposit claims waiting for review: shown, never spendable, not in the value. */
  pending_balance: coins,
  pending_balance_exact: z.string(),
  current_price: z.number().nullable(),
  current_value: z.number(),
  change_24h: z.number(),
});
export type CryptoHolding = z.infer<typeof cryptoHolding>;

/** The answer of GET /crypto/portfolio. */
export const cryptoPortfolioData = z.object({
  portfolio: z.array(cryptoHolding),
  total_value: z.number(),
  asset_count: z.number(),
});
export type CryptoPortfolio = z.infer<typeof cryptoPortfolioData>;
export const cryptoPortfolio = successOf(cryptoPortfolioData);

/**
 * A trade, deposit or withdrawal in the history. The coin and the amounts are named twice
 * (symbol and currency_code, crypto_amount and amount): the product's screens read either.
 */
export const cryptoTransactionView = z.object({
  id: z.string(),
  type: z.enum(['buy', 'sell', 'deposit', 'withdraw']),
  symbol,
  currency_code: symbol,
  name: z.string(),
  crypto_amount: coins,
  amount: coins,
  crypto_amount_exact: z.string(),
  price_per_unit: z.number(),
  usd_amount: z.number(),
  total_value: z.number(),
  fee: z.number(),
  network_fee: coins,
  network: z.string().nullable(),
  tx_hash: z.string().nullable(),
  address: z.string().nullable(),
  reference_number: z.string().nullable(),
  deposit_address: z.string().nullable(),
  review_note: z.string().nullable(),
  /** completed, processing, pending or failed. */
  status: z.string(),
  executed_at: z.string().nullable(),
  created_at: z.string(),
  /** The dollar line whose receipt this trade opens (none for coins moved in or out). */
  receipt_id: z.string().nullable(),
});
export type CryptoTransactionView = z.infer<typeof cryptoTransactionView>;

/** The answer of GET /crypto/transactions, newest first. */
export const cryptoTransactionList = successOf(
  z.object({ transactions: z.array(cryptoTransactionView) }),
);

/** The answer of GET /crypto/deposit-methods: where to send each coin, and its network fee. */
export const cryptoDepositMethods = successOf(
  z.object({
    deposit_methods: z.array(
      z.object({
        symbol,
        name: z.string(),
        address: z.string(),
        network: z.string(),
        min_amount: z.number(),
        withdrawal_network_fee: coins,
        simulated: z.boolean(),
      }),
    ),
  }),
);
export type CryptoDepositMethod = z.infer<
  typeof cryptoDepositMethods
>['data']['deposit_methods'][number];

/** The answer of POST /crypto/buy and /crypto/sell: the trade as executed. */
export const cryptoTraded = successOf(
  z.object({
    transaction: z.object({
      id: z.string(),
      type: z.enum(['buy', 'sell']),
      symbol,
      crypto_amount: coins,
      crypto_amount_exact: z.string(),
      price_per_unit: z.number(),
      usd_amount: z.number(),
      fee: z.number(),
      total_value: z.number(),
      status: z.literal('completed'),
      reference_number: z.string(),
    }),
  }),
);

/** The answer of POST /crypto/deposit: the claim, pending until operations have verified it. */
export const cryptoDepositSubmitted = successOf(
  z.object({
    transaction: z.object({
      id: z.string(),
      type: z.literal('deposit'),
      symbol,
      crypto_amount: coins,
      crypto_amount_exact: z.string(),
      status: z.literal('pending'),
      network: z.string(),
      deposit_address: z.string().nullable(),
    }),
  }),
);

/** The answer of POST /crypto/withdraw: what was sent, and what arrives after the network fee. */
export const cryptoWithdrawn = successOf(
  z.object({
    transaction: z.object({
      id: z.string(),
      type: z.literal('withdraw'),
      symbol,
      crypto_amount: coins,
      crypto_amount_exact: z.string(),
      network_fee: coins,
      amount_received: coins,
      usd_amount: z.number(),
      network: z.string(),
      to_address: z.string(),
      status: z.literal('completed'),
    }),
  }),
);
