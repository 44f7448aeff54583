import { BUCKET_MS } from '../market-data/index.ts';
import type { CommandContext } from '../services/context.ts';
import { confirmDeposit, cryptoSettings, refreshPrices } from '../services/crypto.ts';
import type { JobProcessor, JobScheduler } from './job-system.ts';

export const REFRESH_PRICES_JOB = 'crypto-refresh-prices';
export const CONFIRM_DEPOSIT_JOB = 'crypto-confirm-deposit';

/** A reported deposit is confirmed by a delayed job at its confirmAfter time. */
export const cryptoScheduler: JobScheduler = ({ event }) =>
  event.type === 'CryptoDepositSubmitted'
    ? [
        {
          name: CONFIRM_DEPOSIT_JOB,
          jobId: `crypto-deposit-${event.data.depositId}`,
          data: { customerId: event.data.customerId, depositId: event.data.depositId },
          delayMs: Date.parse(event.data.confirmAfter) - cryptoSettings.now().getTime(),
        },
      ]
    : [];

export function cryptoProcessors(ctx: CommandContext): Record<string, JobProcessor> {
  return {
    async [REFRESH_PRICES_JOB]() {
      const outcome = await refreshPrices(ctx);
      return { quotes: outcome.result };
    },
    async [CONFIRM_DEPOSIT_JOB](data) {
      const outcome = await confirmDeposit(ctx, String(data.customerId), String(data.depositId));
      return { confirmed: outcome.result };
    },
  };
}

/** Job wiring of the crypto desk; the price refresh repeats every 30 s (the feed's bucket). */
export function cryptoJobModule(options: { refreshEveryMs?: number } = {}) {
  return {
    processors: cryptoProcessors,
    schedulers: [cryptoScheduler],
    repeating: { [REFRESH_PRICES_JOB]: options.refreshEveryMs ?? BUCKET_MS },
  };
}
