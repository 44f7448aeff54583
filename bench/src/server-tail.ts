/**
 * Where a request's time goes inside the bank during an open loop, read from the bank's own
 * Prometheus histograms (the bench runs the bank in its process): the time from a request's
 * arrival to its answer, and the part of it an append waits from its queueing to its commit.
 * What the load generator measures beyond the first is outside the bank's handler: the sockets,
 * the parsing before the request is routed, and the load generator itself.
 */
import { metricsRegistry } from '@bank/infra';

/** A histogram's cumulative counts by upper bound (seconds), +Inf last, over matching series. */
export interface BucketCounts {
  bounds: number[];
  counts: number[];
}

interface HistogramValue {
  labels: Record<string, string | number>;
  value: number;
  metricName?: string;
}

/** Sums a histogram's buckets over its series whose labels include `match`. */
export function bucketCounts(
  name: string,
  values: readonly HistogramValue[],
  match: Readonly<Record<string, string>> = {},
): BucketCounts {
  const byBound = new Map<number, number>();
  for (const v of values) {
    if (v.metricName !== `${name}_bucket`) continue;
    if (Object.entries(match).some(([k, want]) => String(v.labels[k]) !== want)) continue;
    const le = v.labels.le;
    const bound = le === '+Inf' ? Infinity : Number(le);
    byBound.set(bound, (byBound.get(bound) ?? 0) + v.value);
  }
  const bounds = [...byBound.keys()].sort((a, b) => a - b);
  return { bounds, counts: bounds.map((b) => byBound.get(b)!) };
}

/**
 * The q-quantile (0..1) of what was observed between two readings, in ms, interpolated linearly
 * within its bucket as Prometheus's histogram_quantile does; past the last finite bound it is
 * that bound. Undefined when nothing was observed.
 */
export function quantileBetween(
  before: BucketCounts,
  after: BucketCounts,
  q: number,
): number | undefined {
  const counts = after.bounds.map((bound, i) => {
    const j = before.bounds.indexOf(bound);
    return after.counts[i]! - (j < 0 ? 0 : before.counts[j]!);
  });
  const total = counts.at(-1) ?? 0;
  if (total <= 0) return undefined;
  const rank = q * total;
  const i = counts.findIndex((c) => c >= rank);
  const upper = after.bounds[i]!;
  const lower = i === 0 ? 0 : after.bounds[i - 1]!;
  if (upper === Infinity) return lower * 1000;
  const below = i === 0 ? 0 : counts[i - 1]!;
  const inBucket = counts[i]! - below;
  const fraction = inBucket === 0 ? 1 : (rank - below) / inBucket;
  return (lower + (upper - lower) * fraction) * 1000;
}

const REQUESTS = 'bank_http_request_duration_seconds';
const COMMITS = 'bank_event_store_commit_duration_seconds';
const QUEUE_WAITS = 'bank_event_store_commit_queue_wait_seconds';
const RETRIES = 'bank_event_store_group_commit_retries_total';

export interface ServerTailReading {
  requests: BucketCounts;
  commits: BucketCounts;
  queueWaits: BucketCounts;
  retries: number;
}

async function valuesOf(name: string): Promise<HistogramValue[]> {
  const metric = metricsRegistry.getSingleMetric(name);
  if (!metric) throw new Error(`The bank registers no metric ${name}`);
  return (await metric.get()).values as HistogramValue[];
}

/** Reads the histograms of the route `route` (answered 201) and of the event store's commits. */
export async function readServerTail(route: string): Promise<ServerTailReading> {
  return {
    requests: bucketCounts(REQUESTS, await valuesOf(REQUESTS), {
      method: 'POST',
      route,
      status: '201',
    }),
    commits: bucketCounts(COMMITS, await valuesOf(COMMITS)),
    queueWaits: bucketCounts(QUEUE_WAITS, await valuesOf(QUEUE_WAITS)),
    retries: (await valuesOf(RETRIES)).reduce((sum, v) => sum + v.value, 0),
  };
}

export interface ServerTail {
  /** From a request's arrival at the bank's router to its answer, p50 and p99 (ms). */
  request: { p50: number; p99: number };
  /** From an append's queueing to its commit, p50 and p99 (ms). */
  commit: { p50: number; p99: number };
  /** The part of it an append waited before its group commit began, p50 and p99 (ms). */
  queueWait: { p50: number; p99: number };
  /** Group commits run again after a deadlock between two of them. */
  retries: number;
}

export function serverTailBetween(
  before: ServerTailReading,
  after: ServerTailReading,
): ServerTail | undefined {
  const quantiles = (of: (r: ServerTailReading) => BucketCounts) => {
    const p50 = quantileBetween(of(before), of(after), 0.5);
    const p99 = quantileBetween(of(before), of(after), 0.99);
    return p50 === undefined || p99 === undefined ? undefined : { p50, p99 };
  };
  const request = quantiles((r) => r.requests);
  const commit = quantiles((r) => r.commits);
  const queueWait = quantiles((r) => r.queueWaits);
  if (!request || !commit || !queueWait) return undefined;
  return { request, commit, queueWait, retries: after.retries - before.retries };
}
