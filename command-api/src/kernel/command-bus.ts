import {
  ConcurrencyError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
} from '@bank/infra';
import { StateCache } from './state-cache.ts';
import { UnitOfWork } from './unit-of-work.ts';

export interface CommandOutcome<R> {
  result: R;
  /** Undefined when the command decided that nothing needed to change. */
  appended: AppendResult | undefined;
}

export interface CommandBus {
  /**
   * Runs a command: load, decide, append with expected versions. On a concurrency conflict the
   * whole command runs again on fresh state, a bounded number of times.
   */
  execute<R>(
    metadata: EventMetadata,
    work: (uow: UnitOfWork) => Promise<R>,
  ): Promise<CommandOutcome<R>>;
  store: EventStore;
  cache: StateCache;
}

export class TooMuchContentionError extends Error {}

export function createCommandBus(
  store: EventStore,
  options: { maxAttempts?: number; onAppended?: () => void } = {},
): CommandBus {
  const cache = new StateCache();
  const maxAttempts = options.maxAttempts ?? 8;
  return {
    store,
    cache,
    async execute(metadata, work) {
      for (let attempt = 1; ; attempt += 1) {
        const uow = new UnitOfWork(store, cache);
        const result = await work(uow);
        try {
          const appended = await uow.commit(metadata);
          if (appended) options.onAppended?.();
          return { result, appended };
        } catch (error) {
          if (!(error instanceof ConcurrencyError)) throw error;
          if (attempt >= maxAttempts) throw new TooMuchContentionError(error.message);
          // Small random back-off so racing commands do not collide in lock-step.
          await new Promise((r) => setTimeout(r, Math.random() * 4 * attempt));
        }
      }
    },
  };
}
