import type { CryptoQuote, CryptoSymbol } from '@bank/events';

/** Where crypto prices come from. Prices are integer cents per whole coin. */
export interface MarketDataProvider {
  /** Names the source in recorded events, e.g. "simulated". */
  readonly name: string;
  /** A quote for every supported symbol as of an instant. */
  quotes(at: Date): Promise<CryptoQuote[]>;
  /** The price a trade executes at, as of an instant. */
  quote(symbol: CryptoSymbol, at: Date): Promise<CryptoQuote>;
}
