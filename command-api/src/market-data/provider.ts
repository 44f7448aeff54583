import type { CryptoQuote, CryptoSymbol } from '@bank/events';

/** A quote a trade can execute at: the mid, and the bid and ask either side of it. */
export type TradeQuote = CryptoQuote &
  Required<Pick<CryptoQuote, 'priceMicroUsd' | 'bidMicroUsd' | 'askMicroUsd'>>;

/** Where crypto prices come from. Prices are integer millionths of a dollar per whole coin. */
export interface MarketDataProvider {
  /** Names the source in recorded events, e.g. "simulated". */
  readonly name: string;
  /** A quote for every supported symbol as of an instant. */
  quotes(at: Date): Promise<TradeQuote[]>;
  /** The prices a trade executes at, as of an instant: customers buy at the ask, sell at the bid. */
  quote(symbol: CryptoSymbol, at: Date): Promise<TradeQuote>;
}
