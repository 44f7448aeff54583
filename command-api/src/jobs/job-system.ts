import type { BankEvent } from '@bank/events';
import {
  addMetricsSource,
  createSubscription,
  queueJobDelay,
  queueJobFailures,
  queueJobs,
  queueLost,
  resetFollower,
  untilCommittedVisible,
  type EventStore,
  type Pool,
  type RecordedEvent,
} from '@bank/infra';
import { Queue, Worker, type Job, type JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';
import { withCorrelationId } from '../kernel/command-correlation.ts';
import {
  JOB_CORRELATION_FIELD,
  jobCorrelationId,
  withSchedulingCorrelation,
} from './job-correlation.ts';

export const QUEUE_NAME = 'bank-jobs';

export interface ScheduledJob {
  name: string;
  data: Record<string, unknown>;
  /** Unique per logical job, so a job scheduled twice (after a restart) runs once. */
  jobId: string;
  delayMs?: number;
}

type EventOf<T extends BankEvent['type']> = RecordedEvent<Extract<BankEvent, { type: T }>>;

/** Maps an event to the jobs it calls for: the event log is the outbox of the job queue. */
export interface JobScheduler {
  /** The only event types it schedules work for: the dispatcher opens and reads only these. */
  readonly types: readonly BankEvent['type'][];
  schedule(event: RecordedEvent<BankEvent>): ScheduledJob[];
}

/**
 * A scheduler of the given event types: `schedule` sees only events of those types (typed as
 * such), so it cannot come to depend on one the dispatcher would not read.
 */
export function defineScheduler<T extends BankEvent['type']>(
  types: readonly T[],
  schedule: (event: EventOf<T>) => ScheduledJob[],
): JobScheduler {
  const accepted = new Set<string>(types);
  return {
    types,
    schedule: (event) => (accepted.has(event.event.type) ? schedule(event as EventOf<T>) : []),
  };
}

export type JobProcessor = (data: Record<string, unknown>, job: Job) => Promise<unknown>;

export interface JobSystemOptions {
  redisUrl: string;
  pool: Pool;
  store: EventStore;
  processors: Record<string, JobProcessor>;
  schedulers: JobScheduler[];
  /** Repeating jobs: name → interval. */
  repeating?: Record<string, number>;
  /**
   * What to do once a job of that name has used up its tries (e.g. tell the customer a payment
   * due that day was not made). Run as a job of its own, with its own tries.
   */
  gaveUp?: Record<string, JobProcessor>;
  /** Redis key prefix (tests give each file its own). */
  prefix?: string;
  runWorker?: boolean;
  runDispatcher?: boolean;
  /**
   * How often a running bank looks whether Redis lost the queue (one EXISTS or two): a quiet
   * bank queues no job that would notice it, and due payments would wait. 5 s by default.
   */
  queueCheckEveryMs?: number;
  onError?: (error: unknown) => void;
  /**
   * Where a line per finished or failed job goes (pino's signature); failed jobs go to onError
   * instead when absent.
   */
  logger?: JobLogger;
}

/** The part of a pino logger the job system writes to. */
export interface JobLogger {
  debug(fields: Record<string, unknown>, message: string): void;
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

/** A repeating job whose last run failed: how many runs in a row, since when, and the error. */
export interface FailingJob {
  failures: number;
  since: Date;
  error: string;
}

export interface JobSystem {
  queue: Queue;
  /** Repeating jobs whose last run in this process failed (none once a run succeeds). */
  failingRepeating(): ReadonlyMap<string, FailingJob>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Hands every job called for by events committed so far to the queue. */
  dispatchPending(): Promise<void>;
  wake(): void;
}

const DISPATCHER = 'job-dispatcher';

/** Redis lost the queue: the subscription reads its checkpoint again, now the log's start. */
class QueueLost extends Error {
  constructor() {
    super('The job queue lost its jobs (Redis lost its data): handing the event log over again.');
  }
}

/** What a job's log line names it by (never its data, which can hold a customer's). */
const jobFields = (job: Job) => ({ job_name: job.name, job_id: job.id });
/** The job states the queue-depth gauge reports. */
const QUEUE_STATES = ['waiting', 'active', 'delayed', 'prioritized', 'failed'] as const;
const KEEP: JobsOptions = {
  removeOnComplete: { age: 7 * 24 * 3600, count: 10_000 },
  removeOnFail: { age: 30 * 24 * 3600 },
  attempts: 8,
  backoff: { type: 'exponential', delay: 1000 },
};

/** The longest wait between two tries of a job the event log called for. */
const RETRY_CAP_MS = 5 * 60_000;
/**
 * A job the event log called for (a payment due, a settlement, an expiry) is the only thing that
 * will ever do that work: nothing queues it again. It is retried for a day, 1 s, 2 s, 4 s... then
 * every 5 minutes, so an outage of PostgreSQL at midnight, when scheduled payments fall due,
 * delays them instead of dropping them after four minutes of tries.
 */
const DISPATCHED: JobsOptions = {
  ...KEEP,
  attempts: 8 + (24 * 3_600_000) / RETRY_CAP_MS,
  backoff: { type: 'capped-exponential', delay: 1000 },
};
/** The job that runs `gaveUp` for a job that failed for good; its data names that job. */
export const GAVE_UP_JOB = 'job-gave-up';

/**
 * A repeating job runs this long after each multiple of its interval since the epoch, on the
 * clock, not at the phase of whenever its process started: the price refresh then runs as the
 * feed's 30-second bucket turns, so the market shows the price a trade would get, not the last
 * bucket's for most of this one. (BullMQ aligns an interval to its slots only given an offset.)
 */
export const REPEAT_OFFSET_MS = 1;

const cappedExponential = (attemptsMade: number) =>
  Math.min(1000 * 2 ** Math.max(0, attemptsMade - 1), RETRY_CAP_MS);

/**
 * BullMQ on Redis for delayed and repeating work. Jobs are not enqueued by the request that
 * caused them: a dispatcher follows the event log and enqueues them, advancing its checkpoint
 * only after Redis accepted them. Redis being down delays jobs; it never loses them.
 */
export function createJobSystem(options: JobSystemOptions): JobSystem {
  const connection = new Redis(options.redisUrl, { maxRetriesPerRequest: null, lazyConnect: true });
  connection.on('error', () => {});
  const prefix = options.prefix ?? 'bull';
  const queue = new Queue(QUEUE_NAME, { connection, prefix, defaultJobOptions: KEEP });
  queue.on('error', () => {});
  let worker: Worker | undefined;
  let stopQueueMetrics = () => {};
  const repeating = options.repeating ?? {};
  const failingRepeating = new Map<string, FailingJob>();
  const gaveUp = options.gaveUp ?? {};
  const processors: Record<string, JobProcessor> = {
    ...options.processors,
    async [GAVE_UP_JOB](data, job) {
      return gaveUp[String(data.name)]?.(data.data as Record<string, unknown>, job);
    },
  };

  /**
   * BullMQ sets finishedOn only when a failure is final. Keyed by the failed job's id, so the
   * follow-up is queued once; an ops retry that fails again finds it there (and each handler
   * acts once per occurrence anyway).
   */
  function followUpIfGaveUp(job: Job) {
    if (!job.finishedOn || !(job.name in gaveUp)) return;
    queue
      .add(
        GAVE_UP_JOB,
        {
          [JOB_CORRELATION_FIELD]: jobCorrelationId(job.data as Record<string, unknown>, job.id),
          name: job.name,
          data: job.data,
        },
        { ...DISPATCHED, jobId: `gave-up-${job.id}` },
      )
      .catch((error: unknown) => options.onError?.(error));
  }

  /**
   * The repeating jobs (price refresh, session expiry, the log digest...) live in Redis alone, as
   * job schedulers: at start, and again whenever Redis lost them, since nothing else brings them
   * back. Upserting is idempotent, so several bank processes doing it at once is harmless.
   */
  async function registerRepeating(): Promise<void> {
    for (const [name, every] of Object.entries(repeating)) {
      await queue
        .upsertJobScheduler(name, { every, offset: REPEAT_OFFSET_MS }, { name, data: {} })
        .catch(options.onError);
      // A schedule by interval first fires one interval later: run it once now as well, so
      // that (for example) market prices exist from the start.
      await queue
        .add(name, {}, { ...KEEP, jobId: `${name}-at-start-${Date.now()}` })
        .catch(options.onError);
    }
  }

  async function enqueue(events: RecordedEvent[]): Promise<void> {
    const jobs = events.flatMap((event) =>
      options.schedulers.flatMap((scheduler) =>
        scheduler
          .schedule(event as RecordedEvent<BankEvent>)
          .map((job) => ({ ...job, data: withSchedulingCorrelation(job.data, event) })),
      ),
    );
    if (jobs.length === 0) return;
    if (await redispatchIfQueueLost(true)) throw new QueueLost();
    await queue.addBulk(
      jobs.map((j) => ({
        name: j.name,
        data: j.data,
        opts: {
          ...DISPATCHED,
          jobId: j.jobId,
          ...(j.delayMs ? { delay: Math.max(0, j.delayMs) } : {}),
        },
      })),
    );
  }

  /**
   * The queue is in Redis and the dispatcher's checkpoint in PostgreSQL. A Redis that lost its
   * data (a new server, the database restored alone, a flush) would leave every delayed job
   * behind the checkpoint, never to run: scheduled transfers and bill payments, AutoPay,
   * settlements, Zelle expiries. A key in Redis vouches that the queue holds what the checkpoint
   * says was handed to it; without it the log is handed over again from the start. Every job is
   * idempotent, so one that already ran finds its work done (or not due) and does nothing.
   * Looked at when the bank starts, before each batch is handed over and every few seconds
   * (Redis may restart empty while the bank runs); true when the log is to be handed over again.
   *
   * Several bank processes may notice the loss at once, and each resets: a reset only sends the
   * dispatcher back to the start, and the reset's epoch refuses any save read before it, so
   * resets in any number lose nothing; they cost a log handed over twice at most. The marker is
   * set only after the reset (never before, or a process that died between the two would leave
   * a marker vouching for a queue the log was never handed to again), and with NX: the process
   * whose SET created it is the one that tells the operator, once per loss.
   */
  const dispatchedMarker = `${prefix}:${QUEUE_NAME}:dispatched`;
  async function redispatchIfQueueLost(whileRunning: boolean): Promise<boolean> {
    if ((await connection.exists(dispatchedMarker)) === 1) return false;
    // Not a DELETE: another bank process may be handing over a batch it read before this, and
    // its save would write that batch's end over a deleted row; the reset's epoch refuses it.
    await resetFollower(options.pool, DISPATCHER);
    const first = await connection.set(dispatchedMarker, new Date().toISOString(), 'NX');
    if (first === 'OK' && whileRunning) {
      queueLost.inc({ queue: QUEUE_NAME });
      const fields = { queue: QUEUE_NAME, prefix };
      const message =
        'Redis lost the job queue (restarted empty, or flushed): handing the event log over again';
      if (options.logger) options.logger.warn(fields, message);
      else options.onError?.(new Error(message));
    }
    return true;
  }

  const runsWorker = options.runWorker !== false;
  const runsDispatcher = options.runDispatcher !== false;
  /**
   * What the timer looks at: the marker where this process dispatches, and where it registers
   * the repeating jobs, their schedulers (gone with the rest, they would never run again).
   */
  async function checkQueue(): Promise<void> {
    if (runsDispatcher) {
      await recovered;
      if (!stopped && (await redispatchIfQueueLost(true))) dispatcher.reread();
    }
    if (runsWorker && Object.keys(repeating).length > 0 && !stopped) {
      if ((await connection.exists(queue.keys.repeat!)) === 0) {
        options.logger?.info({ queue: QUEUE_NAME }, 'repeating jobs registered again');
        await registerRepeating();
      }
    }
  }
  let queueCheck: NodeJS.Timeout | undefined;
  let checking = false;
  function startQueueCheck() {
    queueCheck = setInterval(() => {
      // One look at a time: with Redis down a command waits for it, and looks would pile up.
      if (checking) return;
      checking = true;
      checkQueue()
        // A look under way when the bank stops finds its connection closed: no error then.
        .catch((error: unknown) => !stopped && options.onError?.(error))
        .finally(() => {
          checking = false;
        });
    }, options.queueCheckEveryMs ?? 5000);
    queueCheck.unref();
  }
  let stopped = false;
  let recovered: Promise<void> = Promise.resolve();

  const dispatcher = createSubscription({
    pool: options.pool,
    store: options.store,
    name: DISPATCHER,
    handle: enqueue,
    types: [...new Set(options.schedulers.flatMap((scheduler) => scheduler.types))],
    // Jobs may start up to 20 ms later; the bank's busiest moments read the log far less often.
    settleMs: 20,
    onError: options.onError,
  });

  return {
    queue,
    failingRepeating: () => failingRepeating,
    async start() {
      if (runsWorker) {
        const workerConnection = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
        workerConnection.on('error', () => {});
        worker = new Worker(
          QUEUE_NAME,
          async (job) => {
            const dueAt = job.timestamp + (job.opts.delay ?? 0);
            queueJobDelay.observe(
              { queue: QUEUE_NAME, job_name: job.name },
              Math.max(0, Date.now() - dueAt) / 1000,
            );
            const processor = processors[job.name];
            if (!processor) throw new Error(`No processor for job ${job.name}`);
            const data = job.data as Record<string, unknown>;
            const correlationId = jobCorrelationId(data, job.id);
            const started = Date.now();
            const result = await withCorrelationId(correlationId, () => processor(data, job));
            // Repeating jobs (price refresh, statement checks) run every few seconds: an
            // operator reads their failures, not each run.
            const level = job.name in repeating ? 'debug' : 'info';
            options.logger?.[level](
              { ...jobFields(job), correlation_id: correlationId, ms: Date.now() - started },
              'job done',
            );
            return result;
          },
          {
            connection: workerConnection,
            prefix,
            concurrency: 8,
            settings: { backoffStrategy: cappedExponential },
          },
        );
        worker.on('error', () => {});
        worker.on('completed', (job) => failingRepeating.delete(job.name));
        worker.on('failed', (job, error) => {
          queueJobFailures.inc({ queue: QUEUE_NAME, job_name: job?.name ?? 'unknown' });
          if (job) followUpIfGaveUp(job);
          if (job && job.name in repeating) {
            const before = failingRepeating.get(job.name);
            failingRepeating.set(job.name, {
              failures: (before?.failures ?? 0) + 1,
              since: before?.since ?? new Date(),
              error: error.message,
            });
          }
          if (!options.logger) return options.onError?.(error);
          const data = (job?.data ?? {}) as Record<string, unknown>;
          options.logger.error(
            {
              ...(job ? jobFields(job) : {}),
              correlation_id: jobCorrelationId(data, job?.id),
              attempt: job?.attemptsMade,
              err: error.message,
            },
            'job failed',
          );
        });
        await registerRepeating();
      }
      if (runsDispatcher) {
        // Not awaited: with Redis down the bank starts anyway, and dispatches once it is back.
        recovered = redispatchIfQueueLost(false).then(
          () => undefined,
          (error: unknown) => options.onError?.(error),
        );
        void recovered.then(() => {
          if (!stopped) dispatcher.start();
        });
      }
      startQueueCheck();
      stopQueueMetrics = addMetricsSource(async () => {
        const counts = await queue.getJobCounts(...QUEUE_STATES);
        for (const state of QUEUE_STATES) {
          queueJobs.set({ queue: QUEUE_NAME, state }, counts[state] ?? 0);
        }
      });
    },
    async stop() {
      stopped = true;
      clearInterval(queueCheck);
      stopQueueMetrics();
      await dispatcher.stop();
      await worker?.close();
      await queue.close();
      connection.disconnect();
    },
    async dispatchPending() {
      await recovered;
      // A transaction still open anywhere on the server hides later commits from the log's reader:
      // without this wait, an event committed just before the call could be handed over after it.
      await untilCommittedVisible(options.pool);
      // Once more from the start when the queue turned out lost.
      await dispatcher.drain().catch((error: unknown) => {
        if (!(error instanceof QueueLost)) throw error;
        return dispatcher.drain();
      });
    },
    wake: () => dispatcher.wake(),
  };
}
