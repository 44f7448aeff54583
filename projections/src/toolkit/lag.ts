import type { Pool } from '@bank/infra';
import { readCheckpoint } from '../runner/projection-runner.ts';

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
      const checkpoint = await readCheckpoint(pool, projection);
      const { rows } = await pool.query<{
        behind: number;
        ms: number | null;
        updated: Date | null;
      }>(
        `SELECT count(*)::bigint AS behind,
                floor(extract(epoch FROM (clock_timestamp() - min(recorded_at))) * 1000)::bigint AS ms,
                (SELECT updated_at FROM projection_checkpoints WHERE projection = $3) AS updated
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

const label = (value: string) => value.replaceAll('\\', '\\\\').replaceAll('"', '\\"');

/** Prometheus text exposition (version 0.0.4) of the projections' lag. */
export function lagMetrics(lags: readonly ProjectionLag[], headPosition: number): string {
  const gauge = (name: string, help: string, value: (lag: ProjectionLag) => number) => [
    `# HELP ${name} ${help}`,
    `# TYPE ${name} gauge`,
    ...lags.map((lag) => `${name}{projection="${label(lag.projection)}"} ${value(lag)}`),
  ];
  return `${[
    ...gauge(
      'bank_projection_lag_events',
      'Committed events the projection has not applied yet.',
      (l) => l.eventsBehind,
    ),
    ...gauge(
      'bank_projection_lag_milliseconds',
      'Age of the oldest committed event the projection has not applied yet (0 when caught up).',
      (l) => l.millisecondsBehind,
    ),
    ...gauge(
      'bank_projection_checkpoint_position',
      'Global position of the last event the projection applied.',
      (l) => l.checkpointPosition,
    ),
    '# HELP bank_events_head_position Global position of the newest event in the log.',
    '# TYPE bank_events_head_position gauge',
    `bank_events_head_position ${headPosition}`,
  ].join('\n')}\n`;
}
