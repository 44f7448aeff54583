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

export interface CommandBusOptions {
  maxAttempts?: number;
  onAppended?: () => void;
  /**
   * This process is the only writer of the log (the one-process bank): a command's first attempt
   * decides on cached states without reading their streams. Whatever fails on them (a conflict,
   * a refusal, any error) is decided again on what is stored before it is answered.
   */
  soleWriter?: boolean;
}

export function createCommandBus(store: EventStore, options: CommandBusOptions = {}): CommandBus {
  const cache = new StateCache();
  const maxAttempts = options.maxAttempts ?? 8;
  return {
    store,
    cache,
    async execute(metadata, work) {
      for (let attempt = 1; ; attempt += 1) {
        let uow = new UnitOfWork(store, cache, options.soleWriter === true && attempt === 1);
        let result: Awaited<ReturnType<typeof work>>;
        try {
          result = await work(uow);
        } catch (error) {
          if (!uow.decidedOnCache) throw error;
          uow = new UnitOfWork(store, cache, false);
          result = await work(uow);
        }
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
