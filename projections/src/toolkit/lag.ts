import {
  eventsHeadPosition,
  projectionCheckpointPosition,
  projectionLagEvents,
  projectionLagMilliseconds,
  projectionParkedEvents,
  refreshPoolMetrics,
  renderMetrics,
  type Pool,
} from '@bank/infra';
import { parkedEventCounts } from '../runner/parking.ts';
import { readProjectionPosition } from '../runner/checkpoints.ts';

export interface ProjectionLag {
  projection: string;
  /** Committed events the projection has not applied yet. */
  eventsBehind: number;
  /** Age of the oldest event it has not applied yet (0 when caught up). */
  millisecondsBehind: number;
  checkpointPosition: number;
  checkpointUpdatedAt: Date | undefined;
}

/** How far behind the log each projection is, in events and in milliseconds. */
export async function projectionLag(
  pool: Pool,
  names: readonly string[],
): Promise<ProjectionLag[]> {
  return Promise.all(
    names.map(async (projection) => {
      const checkpoint = await readProjectionPosition(pool, projection);
      const { rows } = await pool.query<{
        behind: number;
        ms: number | null;
        updated: Date | null;
      }>(
        `SELECT count(*)::bigint AS behind,
                floor(extract(epoch FROM (clock_timestamp() - min(recorded_at))) * 1000)::bigint AS ms,
                (SELECT updated_at FROM projection_positions WHERE projection = $3) AS updated
         FROM events
         WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)`,
        [checkpoint.transactionId.toString(), checkpoint.globalPosition, projection],
      );
      const row = rows[0]!;
      return {
        projection,
        eventsBehind: row.behind,
        millisecondsBehind: Math.max(0, row.ms ?? 0),
        checkpointPosition: checkpoint.globalPosition,
        checkpointUpdatedAt: row.updated ?? undefined,
      };
    }),
  );
}

/**
 * Sets the projection gauges of the metrics registry: lag in events and milliseconds,
 * checkpoints, the log's head and open parked events (skipped events are counted when scraped).
 */
export async function refreshProjectionMetrics(
  pool: Pool,
  names: readonly string[],
): Promise<void> {
  const [lags, head, parked] = await Promise.all([
    projectionLag(pool, names),
    pool.query<{ n: number }>('SELECT coalesce(max(global_position), 0)::bigint AS n FROM events'),
    parkedEventCounts(pool),
  ]);
  for (const lag of lags) {
    const labels = { projection: lag.projection };
    projectionLagEvents.set(labels, Number(lag.eventsBehind));
    projectionLagMilliseconds.set(labels, Number(lag.millisecondsBehind));
    projectionCheckpointPosition.set(labels, Number(lag.checkpointPosition));
    projectionParkedEvents.set(labels, parked[lag.projection] ?? 0);
  }
  eventsHeadPosition.set(Number(head.rows[0]!.n));
}

/**
 * The metrics exposition of this process, with the projection gauges and the pool's clients
 * read from `pool` at this scrape (every process serving /metrics has one).
 */
export async function bankMetrics(
  pool: Pool,
  names: readonly string[],
): Promise<{ contentType: string; body: string }> {
  refreshPoolMetrics(pool);
  await refreshProjectionMetrics(pool, names).catch(() => {
    // PostgreSQL unreachable: the gauges keep their last values; the rest is still served.
  });
  return renderMetrics();
}
