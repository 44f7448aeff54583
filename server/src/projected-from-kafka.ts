import type { Pool } from '@bank/infra';
import { StartRefused } from './start-refused.ts';

/**
 * In scale mode the read models are written from Kafka, and their progress is kept per partition
 * (kafka_offsets); the checkpoints the log runner reads stay where they were. A process that
 * projects from the log on such a database (a projection worker or `npm start` without
 * KAFKA_BROKERS) would apply every event again from its old checkpoint over rows that already
 * hold it: balances counted twice, transactions parked as duplicates. So it does not start.
 */
export async function refuseLogRunnerOverKafkaProgress(
  pool: Pool,
  projections: readonly string[],
): Promise<void> {
  const { rows } = await pool.query<{ consumer: string }>(
    `SELECT consumer FROM kafka_offsets WHERE consumer = ANY($1::text[]) AND next_offset > 0
      LIMIT 1`,
    [projections],
  );
  if (rows.length === 0) return;
  throw new StartRefused(
    'The read models in this database are projected from Kafka (scale mode; kafka_offsets), ' +
      'so projecting them from the log here would apply events twice. Set KAFKA_BROKERS as ' +
      'the other services have it. To leave scale mode, stop every projection worker, rebuild ' +
      'each read model (npm run rebuild-projection -- <name>) and empty kafka_offsets first.',
    {
      setting: 'KAFKA_BROKERS',
      reason: 'unset on a database whose read models are projected from Kafka',
    },
  );
}
