import { brokersRefusal, databaseRefusal, describeDatabaseUrl } from '@bank/infra';
import { StartRefused } from './start-refused.ts';

/**
 * How long a projection worker waits at start for a broker of KAFKA_BROKERS to answer before it
 * refuses to start: a wrong address is reported in seconds, and a broker still starting beside it
 * has this long to come up.
 */
export const BROKER_START_WAIT_MS = 15_000;

/** Refuses the start when `setting`'s PostgreSQL takes no connection, naming it and the reason. */
export async function refuseUnreachableDatabase(url: string, setting: string): Promise<void> {
  const reason = await databaseRefusal(url);
  if (reason === undefined) return;
  throw new StartRefused(
    `${setting}: cannot connect to PostgreSQL as ${describeDatabaseUrl(url)}: ${reason}.`,
    { setting, reason },
  );
}

/** Refuses the start when no broker of KAFKA_BROKERS answers within BROKER_START_WAIT_MS. */
export async function refuseUnreachableBrokers(brokers: string[]): Promise<void> {
  const reason = await brokersRefusal(brokers, BROKER_START_WAIT_MS);
  if (reason === undefined) return;
  throw new StartRefused(
    `KAFKA_BROKERS: no Kafka broker at ${brokers.join(',')} answered within ` +
      `${BROKER_START_WAIT_MS / 1000} s: ${reason}.`,
    { setting: 'KAFKA_BROKERS', reason },
  );
}
