import { Worker } from 'node:worker_threads';
import {
  exportForwardedSpans,
  noteSkippedEvent,
  tracingStarted,
  within,
  type BankLogger,
  type EventStore,
  type Pool,
} from '@bank/infra';
import { allProjections, createProjectionRunner, type ProjectionRunner } from '@bank/projections';
import type { FromThread, ProjectionThreadData, ToThread } from './protocol.ts';

export interface ThreadedRunnerOptions extends ProjectionThreadData {
  /** The main thread's pool and store, for catchUp(). */
  pool: Pool;
  store: EventStore;
  logger: BankLogger;
  /** Whether an error says PostgreSQL is unreachable, logged once elsewhere (a DatabaseWatch). */
  databaseUnreachable?: (error: unknown) => boolean;
}

export interface ThreadedProjectionRunner extends ProjectionRunner {
  /** The thread running the loops, while there is one. */
  readonly thread: Worker | undefined;
  /**
   * Projections whose last attempt on the thread failed, with the error, until one succeeds:
   * /api/health names them, as scale mode's workers' (FailingProjections).
   */
  failing(): ReadonlyMap<string, string>;
  /**
   * The process is stopping, and PostgreSQL may be stopping with it (Ctrl-C reaches the whole
   * process group): from now on a projection's failure is part of the stop, not logged as an
   * error, and a thread that exits is not started again.
   */
  stopping(): void;
}

const RESTART_DELAY_MS = 1000;

/** The log line of a parked event: ops list, retry and skip them under /api/ops/parked-events. */
export function logParked(
  logger: BankLogger,
  parked: { projection: string; eventId: string; type: string; error: string },
): void {
  logger.error(
    {
      projection: parked.projection,
      event_id: parked.eventId,
      event_type: parked.type,
      err: parked.error,
    },
    'projection parked an event after retries',
  );
}

/**
 * The projection runner on its own thread. catchUp() still runs here, on the caller's pool: it
 * and the thread's loops share checkpoints in PostgreSQL, where a batch applied by one is
 * skipped by the other, so they can run at once.
 */
export function createThreadedProjectionRunner(
  options: ThreadedRunnerOptions,
): ThreadedProjectionRunner {
  const inline = createProjectionRunner({
    pool: options.pool,
    store: options.store,
    projections: allProjections,
    onParked: (parked) => logParked(options.logger, parked),
  });
  const data: ProjectionThreadData = {
    databaseUrl: options.databaseUrl,
    secretsKeyHex: options.secretsKeyHex,
    poolSize: options.poolSize,
    ...(options.limits ? { limits: options.limits } : {}),
    forwardSpans: tracingStarted(),
  };
  let worker: Worker | undefined;
  const failing = new Map<string, string>();
  let stopping = false;
  let restart: NodeJS.Timeout | undefined;

  const send = (message: ToThread) => worker?.postMessage(message);
  // Every committed command wakes the thread, and a group commit settles several commands in one
  // turn of the event loop: one message at the end of the turn wakes the thread as well as one
  // per command would (it reads whatever was committed), and each postMessage cost the main
  // thread a structured clone and a cross-thread signal, the thread a message event.
  let wakeQueued = false;
  const wakeAtEndOfTurn = () => {
    if (wakeQueued) return;
    wakeQueued = true;
    setImmediate(() => {
      wakeQueued = false;
      send({ kind: 'wake' });
    });
  };

  function spawn(): Promise<void> {
    return new Promise((resolve, reject) => {
      const thread = new Worker(new URL('./thread-entry.mjs', import.meta.url), {
        workerData: data,
      });
      worker = thread;
      // A new thread starts every projection afresh: the old one's failures are its to report.
      failing.clear();
      let started = false;
      let failure = '';
      thread.on('message', (message: FromThread) => {
        if (message.kind === 'started') {
          started = true;
          resolve();
        } else if (message.kind === 'failed') {
          failure = message.message;
          options.logger.fatal({ err: message.message }, 'projections thread failed to start');
        } else if (message.kind === 'projection-recovered') {
          failing.delete(message.projection);
          options.logger.info({ projection: message.projection }, 'projection recovered');
        } else if (message.kind === 'projection-failing') {
          failing.set(message.projection, message.message);
        } else if (message.kind === 'projection-error') {
          if (stopping) return;
          const { message: text, code, syscall } = message;
          if (options.databaseUnreachable?.(Object.assign(new Error(text), { code, syscall }))) {
            return;
          }
          options.logger.error(
            { projection: message.projection, err: message.message },
            'projection failed',
          );
        } else if (message.kind === 'event-parked') {
          logParked(options.logger, message);
        } else if (message.kind === 'event-skipped') {
          noteSkippedEvent(message.skipped);
        } else if (message.kind === 'spans') {
          exportForwardedSpans(message.spans);
        }
      });
      thread.on('error', (error) => {
        failure = error.message;
        options.logger.error({ err: error.message }, 'projections thread failed');
      });
      thread.on('exit', (code) => {
        if (worker === thread) worker = undefined;
        if (!started) reject(new Error(`The projections thread exited (code ${code}): ${failure}`));
        else if (!stopping) {
          // The read models would stop moving: start a new thread (it resumes from checkpoints).
          options.logger.warn({ code }, 'projections thread exited; restarting');
          restart = setTimeout(() => void spawn().catch(() => {}), RESTART_DELAY_MS);
        }
      });
    });
  }

  return {
    async start() {
      stopping = false;
      await spawn();
    },
    async stop() {
      stopping = true;
      clearTimeout(restart);
      const thread = worker;
      if (!thread) return;
      const exited = new Promise<void>((resolve) => thread.once('exit', () => resolve()));
      send({ kind: 'stop' });
      await within(exited, 10_000, undefined);
      await thread.terminate();
    },
    stopping() {
      stopping = true;
      clearTimeout(restart);
    },
    catchUp: (options) => inline.catchUp(options),
    wake: wakeAtEndOfTurn,
    get thread() {
      return worker;
    },
    failing: () => failing,
  };
}
