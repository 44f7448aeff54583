import type { FailingJob } from '@bank/command-api';
import { integerSetting, type Pool } from '@bank/infra';
import {
  allProjectionNames,
  parkedEventCounts,
  projectionLag,
  type ProjectionLag,
} from '@bank/projections';

/** How long /api/health reuses a report: enough to bound its cost, far below a probe's period. */
export const HEALTH_REPORT_MAX_AGE_MS = 250;
/** Longest /api/health waits for its report before it answers 503 DATABASE_UNAVAILABLE. */
export const HEALTH_REPORT_TIMEOUT_MS = 3000;
/** Counting held-back events stops here: the figure only has to say "a lot". */
const COUNT_CAP = 10_000;

export interface HealthReport {
  /**
   * `unhealthy` (answered 503) when a part is behind without bound (the bank answers, but reads go
   * stale) or this process cannot do its work; `degraded` (still 200) while it serves with a part
   * missing, named in `degraded`; else `healthy`.
   */
  status: 'healthy' | 'degraded' | 'unhealthy';
  /** True only when nothing is wrong (`status` is `healthy`). */
  healthy: boolean;
  /**
   * What is wrong while this process still serves, e.g. `redis` while Redis is unreachable (money
   * moves, but settlements, scheduled transfers and the digest wait), or `jobs` while a repeating
   * job keeps failing (named in `jobs.failing`). Alert on a non-empty list.
   */
  degraded: string[];
  projections: {
    /** The projection furthest behind the log. */
    slowest: string | undefined;
    /** Events it has still to apply. */
    lagEvents: number;
    /** Age of the oldest event it has still to apply, in seconds (0 when caught up). */
    lagSeconds: number;
    /**
     * Projections whose last attempt in this process failed, with the error (to the ops token
     * only: an error's text can name tables, settings and data): they are retried, but while one
     * fails its read model stands still, so the process is not healthy.
     */
    failing: { projection: string; error?: string }[];
    /**
     * Every projection: events it has still to apply, their age in seconds, and its parked
     * events (in scale mode its position is the lowest of its Kafka partitions).
     */
    each: { projection: string; lagEvents: number; lagSeconds: number; parked: number }[];
  };
  /**
   * Committed events no reader may read yet, because a transaction that began before they
   * committed is still open: a transaction left open freezes every read model.
   */
  heldBack: { events: number; oldestSeconds: number };
  /** Events set aside after failing to apply, waiting for ops (the read models skip them). */
  parkedEvents: number;
  /** The same, per projection (only those with any). */
  parkedByProjection: Record<string, number>;
  redis: 'up' | 'down' | 'not used';
  /**
   * Repeating jobs (the log digest, price refreshes) whose last run in this process failed, with
   * the runs failed in a row, since when, and the error (to the ops token only). They make the
   * process `degraded`, not `unhealthy`: money moves but scheduled work does not, so an alert must
   * see it, yet a load balancer or orchestrator taking a jobs worker out or restarting it would
   * not make the digest's folder writable, and would stop the jobs that still work.
   */
  jobs: { failing: { job: string; failures: number; since: string; error?: string }[] };
}

/** The report for a caller without the ops token: which projections fail, not their errors. */
export function withoutErrorTexts(report: HealthReport): HealthReport {
  const failing = report.projections.failing.map(({ projection }) => ({ projection }));
  const jobs = report.jobs.failing.map(({ error: _error, ...job }) => job);
  return {
    ...report,
    projections: { ...report.projections, failing },
    jobs: { failing: jobs },
  };
}

/** Projection name → the error of its last failed attempt, for those failing now. */
export type FailingProjections = () => ReadonlyMap<string, string>;

/** Repeating job name → its failed runs in a row, since when, and the last error. */
export type FailingJobs = () => ReadonlyMap<string, FailingJob>;

/**
 * What makes a process unhealthy besides its own failing projections. Separate services are
 * probed one by one (the edge's rotation, an orchestrator's readiness): a command-api taken out
 * because the read side lags would stop every payment for a problem it cannot fix, so only the
 * processes that serve or build read models answer for the read side; a jobs process can do
 * nothing without Redis, so it answers for Redis.
 */
export interface HealthRules {
  /** Unhealthy when the read models lag or the log is held back (default true). */
  readSide?: boolean;
  /** Unhealthy while Redis is unreachable (default false). */
  redis?: boolean;
}

/** How far the read side is behind the log, and why. */
export async function healthReport(
  pool: Pool,
  /** Whether Redis answers (a watch's pings); undefined where the process uses no Redis. */
  redisAnswering: (() => boolean) | undefined,
  failingProjections?: FailingProjections,
  rules: HealthRules = {},
  failingJobs?: FailingJobs,
): Promise<HealthReport> {
  // Beyond this, read models are too far behind to call the bank healthy.
  const maxLagMs = integerSetting('HEALTH_MAX_LAG_MS');
  const lags = await projectionLag(pool, allProjectionNames);
  const slowest = lags.reduce<ProjectionLag | undefined>(
    (worst, lag) => (worst && worst.millisecondsBehind >= lag.millisecondsBehind ? worst : lag),
    undefined,
  );
  const { rows } = await pool.query<{ events: string; ms: string | null }>(
    `SELECT count(*) AS events,
            floor(extract(epoch FROM clock_timestamp() - min(recorded_at)) * 1000)::bigint AS ms
       FROM (SELECT recorded_at FROM events
              WHERE transaction_id >= pg_snapshot_xmin(pg_current_snapshot()) LIMIT $1) held`,
    [COUNT_CAP],
  );
  const heldMs = Math.max(0, Number(rows[0]!.ms ?? 0));
  const lagMs = slowest?.millisecondsBehind ?? 0;
  const failing = [...(failingProjections?.() ?? new Map<string, string>())].map(
    ([projection, error]) => ({ projection, error }),
  );
  const parked = await parkedEventCounts(pool);
  const redisState = redisAnswering === undefined ? 'not used' : redisAnswering() ? 'up' : 'down';
  const readSideFresh = lagMs <= maxLagMs && heldMs <= maxLagMs;
  const serving =
    (rules.readSide === false || readSideFresh) &&
    failing.length === 0 &&
    !(rules.redis === true && redisState !== 'up');
  const failingJobList = [...(failingJobs?.() ?? [])].map(([job, { failures, since, error }]) => ({
    job,
    failures,
    since: since.toISOString(),
    error,
  }));
  const degraded = [
    ...(redisState === 'down' ? ['redis'] : []),
    ...(failingJobList.length > 0 ? ['jobs'] : []),
  ];
  const status = !serving ? 'unhealthy' : degraded.length > 0 ? 'degraded' : 'healthy';
  return {
    status,
    healthy: status === 'healthy',
    degraded,
    projections: {
      slowest: slowest && slowest.eventsBehind > 0 ? slowest.projection : undefined,
      lagEvents: slowest?.eventsBehind ?? 0,
      lagSeconds: lagMs / 1000,
      failing,
      each: lags.map((lag) => ({
        projection: lag.projection,
        lagEvents: Number(lag.eventsBehind),
        lagSeconds: Number(lag.millisecondsBehind) / 1000,
        parked: parked[lag.projection] ?? 0,
      })),
    },
    heldBack: { events: Number(rows[0]!.events), oldestSeconds: heldMs / 1000 },
    parkedEvents: Object.values(parked).reduce((sum, n) => sum + n, 0),
    parkedByProjection: parked,
    redis: redisState,
    jobs: { failing: failingJobList },
  };
}
