import {
  ConcurrencyError,
  inSpan,
  type AppendResult,
  type EventMetadata,
  type EventStore,
} from '@bank/infra';
import { currentCorrelationId } from './command-correlation.ts';
import { HotStreams } from './hot-streams.ts';
import { InFlightAppends } from './in-flight.ts';
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
   * decides on cached states without reading their streams, including the state an append still
   * in flight will leave (so commands on a hot stream share a group commit instead of waiting for
   * each other's). Whatever fails on them (a conflict, a refusal, any error) is decided again on
   * what is stored before it is answered. Only for a process that really is the only writer: an
   * append decided on another's in flight relies on no other process appending to the stream.
   */
  soleWriter?: boolean;
}

export function createCommandBus(store: EventStore, options: CommandBusOptions = {}): CommandBus {
  const cache = new StateCache();
  const hot = new HotStreams();
  const maxAttempts = options.maxAttempts ?? 8;
  const maxFreeRetries = 4 * maxAttempts;
  const inFlight = options.soleWriter ? new InFlightAppends() : undefined;
  return {
    store,
    cache,
    execute(metadata, work) {
      const correlationId = metadata.correlationId ?? currentCorrelationId();
      const stored = correlationId ? { ...metadata, correlationId } : metadata;
      return inSpan('command', () => executeCommand(stored, work));
    },
  };

  async function executeCommand<R>(
    metadata: EventMetadata,
    work: (uow: UnitOfWork) => Promise<R>,
  ): Promise<CommandOutcome<R>> {
    {
      /**
       * Runs the work; undefined when it failed on cached states (decide again on stored ones),
       * `torn` when it failed on stored streams of which one moved after it was read.
       */
      const decide = async (trustCache: boolean) => {
        const uow = new UnitOfWork(store, cache, trustCache, hot, inFlight);
        try {
          return { uow, result: await work(uow) };
        } catch (error) {
          uow.release();
          if (uow.decidedOnCache) return undefined;
          // Streams are read one after another: another command's atomic append may show in one
          // read and not yet in an earlier one (a transfer still pending beside its account's
          // hold already released). A failure on such a view, which no moment of the log had,
          // is no answer: the command is decided again, like a conflict.
          // If the check itself fails (the database gone), the work's own error is the answer.
          if (await uow.movedSinceRead().catch(() => false)) return { torn: error };
          throw error;
        }
      };
      let freeRetries = 0;
      for (let attempt = 1; ; attempt += 1) {
        const decided =
          (await decide(options.soleWriter === true && attempt === 1)) ?? (await decide(false))!;
        if ('torn' in decided) {
          if (attempt >= maxAttempts) throw decided.torn;
          await new Promise((r) => setTimeout(r, Math.random() * 4 * attempt));
          continue;
        }
        const { uow, result } = decided;
        try {
          const appended = await uow.commit(metadata);
          if (appended) options.onAppended?.();
          return { result, appended };
        } catch (error) {
          if (!(error instanceof ConcurrencyError)) throw error;
          uow.release();
          // Commands on this stream now take turns in this process.
          hot.markHot(error.streamId);
          // A conflict owed to this process's own appends in flight (one this command built on
          // failed, or it came to the queue out of turn) is not contention: once they settled,
          // the same attempt runs again. Bounded all the same.
          const owed = uow.predecessorsSettled(error.streamId);
          if (owed && freeRetries < maxFreeRetries) {
            freeRetries += 1;
            await owed;
            attempt -= 1;
            continue;
          }
          if (attempt >= maxAttempts) throw new TooMuchContentionError(error.message);
          // Small random back-off so racing commands do not collide in lock-step.
          await new Promise((r) => setTimeout(r, Math.random() * 4 * attempt));
        } finally {
          uow.release();
        }
      }
    }
  }
}
