import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { skippedEventCounts } from '../event-store/tolerant-read.ts';
import { within } from '../within.ts';

/**
 * The bank's Prometheus metrics: one registry per process, the same names in the one-process
 * bank and in each separate service. Counters and histograms move where the work happens;
 * gauges of state kept elsewhere (PostgreSQL, Redis, Kafka) are read when scraped, by the
 * sources registered below.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

const registers = [metricsRegistry];
const SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequestDuration = new Histogram({
  name: 'bank_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by route pattern (never the raw URL) and status.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: SECONDS,
  registers,
});

export const httpConnectionsRefused = new Counter({
  name: 'bank_http_connections_refused_total',
  help: 'Connections refused with 429: their client already held as many as it may at once.',
  registers,
});

export const httpBodiesRefused = new Counter({
  name: 'bank_http_request_bodies_refused_total',
  help: 'Request bodies refused with 429 or dropped: the bodies held at once were at their budget.',
  registers,
});

export const eventStoreAppends = new Counter({
  name: 'bank_event_store_appends_total',
  help: 'Appends to the event log, by outcome (committed, conflict, failed).',
  labelNames: ['outcome'] as const,
  registers,
});

export const eventStoreEventsAppended = new Counter({
  name: 'bank_event_store_events_appended_total',
  help: 'Events committed to the log.',
  registers,
});

export const groupCommitBatchSize = new Histogram({
  name: 'bank_event_store_group_commit_batch_size',
  help: 'Appends committed together in one group commit.',
  buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256],
  registers,
});

export const commitDuration = new Histogram({
  name: 'bank_event_store_commit_duration_seconds',
  help: 'Time from queueing an append to its commit (or refusal).',
  buckets: SECONDS,
  registers,
});

export const commitQueueWait = new Histogram({
  name: 'bank_event_store_commit_queue_wait_seconds',
  help: 'Time an append waited in the group commit queue before its commit began (a part of the commit duration).',
  buckets: SECONDS,
  registers,
});

export const groupCommitRetries = new Counter({
  name: 'bank_event_store_group_commit_retries_total',
  help: 'Group commits run again whole after PostgreSQL broke a deadlock between two of them.',
  registers,
});

export const concurrencyConflicts = new Counter({
  name: 'bank_concurrency_conflicts_total',
  help: 'Optimistic-concurrency conflicts: a stream changed after the command read it.',
  registers,
});

export const projectionLagEvents = new Gauge({
  name: 'bank_projection_lag_events',
  help: 'Committed events the projection has not applied yet.',
  labelNames: ['projection'] as const,
  registers,
});

export const projectionLagMilliseconds = new Gauge({
  name: 'bank_projection_lag_milliseconds',
  help: 'Age of the oldest committed event the projection has not applied yet (0 when caught up).',
  labelNames: ['projection'] as const,
  registers,
});

export const projectionCheckpointPosition = new Gauge({
  name: 'bank_projection_checkpoint_position',
  help: 'Global position of the last event the projection applied.',
  labelNames: ['projection'] as const,
  registers,
});

export const eventsHeadPosition = new Gauge({
  name: 'bank_events_head_position',
  help: 'Global position of the newest event in the log.',
  registers,
});

export const projectionParkedEvents = new Gauge({
  name: 'bank_projection_parked_events',
  help: 'Events the projection set aside after retries, not yet retried or skipped.',
  labelNames: ['projection'] as const,
  registers,
});

/**
 * A counter (it only grows while the process runs, and `_total` says so to Prometheus's rate()
 * and increase()), copied at each scrape from the counts the readers keep, so the projections
 * thread's skips, which the main thread notes, are in it too.
 */
export const eventsSkipped = new Counter({
  name: 'bank_events_skipped_total',
  help: 'Events of an unknown type or version, or failing their schema, that readers passed over.',
  labelNames: ['type', 'reason'] as const,
  registers,
  collect() {
    this.reset();
    for (const skipped of skippedEventCounts()) {
      this.inc({ type: skipped.type, reason: skipped.reason }, skipped.count);
    }
  },
});

export const queueJobs = new Gauge({
  name: 'bank_queue_jobs',
  help: 'BullMQ jobs by queue and state (waiting, active, delayed, failed, completed).',
  labelNames: ['queue', 'state'] as const,
  registers,
});

export const queueJobFailures = new Counter({
  name: 'bank_queue_job_failures_total',
  help: 'Job attempts that failed, by queue and job name.',
  labelNames: ['queue', 'job_name'] as const,
  registers,
});

export const queueJobDelay = new Histogram({
  name: 'bank_queue_job_delay_seconds',
  help: 'Time a job waited between when it was due and when a worker took it, by queue and job name.',
  labelNames: ['queue', 'job_name'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
  registers,
});

export const queueLost = new Counter({
  name: 'bank_queue_lost_total',
  help: 'Times the job queue was found lost while the bank ran (Redis restarted empty, or flushed) and the event log handed over again.',
  labelNames: ['queue'] as const,
  registers,
});

export const kafkaRelayLag = new Gauge({
  name: 'bank_kafka_relay_lag_events',
  help: 'Committed events the Kafka relay has not published yet (scale mode).',
  registers,
});

export const kafkaConsumerLag = new Gauge({
  name: 'bank_kafka_consumer_lag_messages',
  help: 'Messages a consumer group has not consumed yet, by group and partition (scale mode).',
  labelNames: ['group', 'partition'] as const,
  registers,
});

export const redisUp = new Gauge({
  name: 'bank_redis_up',
  help: '1 while this process reaches Redis (the job queue, shared rate limits), 0 while it does not.',
  registers,
});

export const embeddedRestarts = new Counter({
  name: 'bank_embedded_restarts_total',
  help: 'Times the bank restarted a PostgreSQL or Redis server it had started itself, after it exited unasked.',
  labelNames: ['service'] as const,
  registers,
});

export const pgPoolClients = new Gauge({
  name: 'bank_pg_pool_clients',
  help: "The PostgreSQL pool's clients by state: total, idle, and waiting (callers queued for one).",
  labelNames: ['state'] as const,
  registers,
});

/** Refreshes scrape-time gauges (e.g. from PostgreSQL); its failure leaves them as they were. */
export type MetricsSource = () => Promise<void> | void;
const sources = new Set<MetricsSource>();

/** Adds a source read at each scrape; the returned function removes it. */
export function addMetricsSource(source: MetricsSource): () => void {
  sources.add(source);
  return () => sources.delete(source);
}

/** The Prometheus text exposition of every metric, after refreshing the scrape-time gauges. */
export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  await Promise.all(
    [...sources].map(async (source) => {
      try {
        // A store that does not answer (Redis down, commands queued) must not hang the scrape.
        await within(Promise.resolve(source()), 2000, undefined);
      } catch {
        // A store that cannot be reached leaves its gauges at their last values.
      }
    }),
  );
  return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
}

/** Names of every metric this process exports (dashboards and alerts may use only these). */
export function exportedMetricNames(): string[] {
  return metricsRegistry.getMetricsAsArray().map((metric) => metric.name);
}

/** Each exported metric's label names (a histogram's `le` is added by its series, not listed). */
export function exportedMetricLabels(): Record<string, string[]> {
  return Object.fromEntries(
    metricsRegistry
      .getMetricsAsArray()
      .map((metric) => [
        metric.name,
        [...((metric as unknown as { labelNames?: readonly string[] }).labelNames ?? [])],
      ]),
  );
}

/** The pool's clients now: how many callers wait for a connection is the saturation signal. */
export function refreshPoolMetrics(pool: {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}): void {
  pgPoolClients.set({ state: 'total' }, pool.totalCount);
  pgPoolClients.set({ state: 'idle' }, pool.idleCount);
  pgPoolClients.set({ state: 'waiting' }, pool.waitingCount);
}
