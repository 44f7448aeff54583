import { unitsToCoinText } from '@bank/events';
import type { CoinPosition } from '@bank/projections';

/**
 * The invariants of the crypto books, checked by `audit verify` on the log and by GET
 * /api/ops/ledger on the read models:
 * - custody: customers' coins of each kind never exceed the coins in the bank's custody wallets
 *   (each is booked against custody in coin units, 10^-8, as dollars are against clearing);
 * - no customer holds fewer than zero coins;
 * - clearing: no clearing account drifts past its bound, in either direction.
 */
export const CLEARING_BOUNDS_CENTS: Readonly<Record<string, number>> = {
  /** The crypto desk's dollars: what customers paid for coins less what sales paid out. */
  'clearing:crypto': 10_000_000_00,
};

export interface BookBreak {
  kind: 'custody_shortfall' | 'coin_overdrawn' | 'clearing_mismatch' | 'clearing_out_of_bounds';
  message: string;
  symbol?: string;
  ledgerAccount?: string;
  /** The stream whose event caused it, if one did. */
  stream?: string;
}

export function custodyBreaks(positions: readonly CoinPosition[]): BookBreak[] {
  return positions
    .filter((p) => p.customerUnits > p.custodyUnits)
    .map((p) => ({
      kind: 'custody_shortfall',
      symbol: p.symbol,
      message: `${p.symbol}: customers hold ${unitsToCoinText(p.customerUnits)} but custody holds only ${unitsToCoinText(p.custodyUnits)}, a shortfall of ${unitsToCoinText(p.customerUnits - p.custodyUnits)} ${p.symbol}`,
    }));
}

export function clearingBreaks(balances: ReadonlyMap<string, number>): BookBreak[] {
  const breaks: BookBreak[] = [];
  for (const [ledgerAccount, bound] of Object.entries(CLEARING_BOUNDS_CENTS)) {
    const cents = balances.get(ledgerAccount) ?? 0;
    if (Math.abs(cents) <= bound) continue;
    breaks.push({
      kind: 'clearing_out_of_bounds',
      ledgerAccount,
      message: `ledger account ${ledgerAccount} stands at ${(cents / 100).toFixed(2)}, past its bound of ±${(bound / 100).toFixed(2)}`,
    });
  }
  return breaks;
}

/** Crypto events the coin fold reads, by the stream family they live in. */
export const WALLET_STREAM_PREFIX = 'crypto-wallet-';
export const CUSTODY_STREAM_PREFIX = 'crypto-custody-';
const COIN_EVENT_TYPES = new Set([
  'CryptoBought',
  'CryptoSold',
  'CryptoWithdrawn',
  'CryptoDepositConfirmed',
  'CryptoCustodyMoved',
]);

export function isCoinEvent(stream: string, type: string): boolean {
  return (
    COIN_EVENT_TYPES.has(type) &&
    (stream.startsWith(WALLET_STREAM_PREFIX) || stream.startsWith(CUSTODY_STREAM_PREFIX))
  );
}

interface CoinEventData {
  symbol: string;
  units: number;
  usdCents?: number;
  grossCents?: number;
}

/**
 * Re-derives the coin books from the log: each customer's coins from their wallet stream, the
 * custody wallets from the custody streams, and what the trades say clearing:crypto should be.
 */
export class CoinFold {
  private readonly customerTotals = new Map<string, number>();
  private readonly custody = new Map<string, number>();
  private wallet = new Map<string, number>();
  private walletStream = '';
  private tradeClearingCents = 0;
  private postedClearingCents = 0;
  readonly breaks: BookBreak[] = [];

  /** One coin event, in stream order. */
  apply(stream: string, type: string, data: CoinEventData): void {
    if (type === 'CryptoCustodyMoved') {
      this.custody.set(data.symbol, (this.custody.get(data.symbol) ?? 0) + data.units);
      return;
    }
    if (stream !== this.walletStream) {
      this.walletStream = stream;
      this.wallet = new Map();
    }
    const sign = type === 'CryptoBought' || type === 'CryptoDepositConfirmed' ? 1 : -1;
    const held = (this.wallet.get(data.symbol) ?? 0) + sign * data.units;
    this.wallet.set(data.symbol, held);
    this.customerTotals.set(
      data.symbol,
      (this.customerTotals.get(data.symbol) ?? 0) + sign * data.units,
    );
    if (held < 0) {
      this.breaks.push({
        kind: 'coin_overdrawn',
        stream,
        message: `${stream}: ${type} leaves ${unitsToCoinText(held)} ${data.symbol}, less than none`,
      });
    }
    if (type === 'CryptoBought') this.tradeClearingCents += data.usdCents ?? 0;
    if (type === 'CryptoSold') this.tradeClearingCents -= data.grossCents ?? 0;
  }

  /** A posting against clearing:crypto, as the ledger leg (cents) of an account event. */
  postClearing(cents: number): void {
    this.postedClearingCents += cents;
  }

  positions(): CoinPosition[] {
    const symbols = new Set([...this.customerTotals.keys(), ...this.custody.keys()]);
    return [...symbols].sort().map((symbol) => ({
      symbol,
      customerUnits: this.customerTotals.get(symbol) ?? 0,
      custodyUnits: this.custody.get(symbol) ?? 0,
    }));
  }

  /** Every break of the coin books once the whole log is folded. */
  finish(): BookBreak[] {
    const breaks: BookBreak[] = [...this.breaks, ...custodyBreaks(this.positions())];
    if (this.postedClearingCents !== this.tradeClearingCents) {
      breaks.push({
        kind: 'clearing_mismatch',
        message: `clearing:crypto: account postings give ${(this.postedClearingCents / 100).toFixed(2)}, the trades behind them ${(this.tradeClearingCents / 100).toFixed(2)}; dollars moved against clearing:crypto without a trade, or a trade without its dollars`,
      });
    }
    return breaks;
  }
}
