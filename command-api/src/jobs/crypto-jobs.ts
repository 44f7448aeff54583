import { BUCKET_MS } from '../market-data/index.ts';
import type { CommandContext } from '../services/context.ts';
import { refreshPrices } from '../services/crypto.ts';
import type { JobProcessor } from './job-system.ts';

export const REFRESH_PRICES_JOB = 'crypto-refresh-prices';

export function cryptoProcessors(ctx: CommandContext): Record<string, JobProcessor> {
  return {
    async [REFRESH_PRICES_JOB]() {
      const outcome = await refreshPrices(ctx);
      return { quotes: outcome.result };
    },
  };
}

/**
 * Job wiring of the crypto desk: the price refresh repeats every 30 s (the feed's bucket). Deposit
 * claims have no job: nothing credits them but an operations review.
 */
export function cryptoJobModule(options: { refreshEveryMs?: number } = {}) {
  return {
    processors: cryptoProcessors,
    schedulers: [],
    repeating: { [REFRESH_PRICES_JOB]: options.refreshEveryMs ?? BUCKET_MS },
  };
}
