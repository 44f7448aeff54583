import type { CommandContext } from '../services/context.ts';
import type { JobProcessor, JobScheduler } from './job-system.ts';
import {
  scheduledTransferGaveUp,
  scheduledTransferProcessors,
  scheduledTransferScheduler,
} from './scheduled-transfer-jobs.ts';
import { settlementProcessors, settlementScheduler } from './settlement.ts';
import { zelleProcessors, zelleScheduler } from './zelle-expiry.ts';

/**
 * Money movement's job wiring: transfer settlement, scheduled transfers and person-to-person
 * claim/expiry.
 */
export const moneyJobModule: {
  processors: (ctx: CommandContext) => Record<string, JobProcessor>;
  schedulers: JobScheduler[];
  gaveUp: (ctx: CommandContext) => Record<string, JobProcessor>;
} = {
  processors: (ctx) => ({
    ...settlementProcessors(ctx),
    ...scheduledTransferProcessors(ctx),
    ...zelleProcessors(ctx),
  }),
  schedulers: [settlementScheduler, scheduledTransferScheduler, zelleScheduler],
  gaveUp: scheduledTransferGaveUp,
};
