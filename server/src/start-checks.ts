import {
  brokersRefusal,
  databaseRefusal,
  describeDatabaseUrl,
  redisEvictionPolicy,
  SAFE_EVICTION_POLICY,
} from '@bank/infra';
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

/**
 * Refuses to run jobs on a Redis that evicts keys under memory pressure: it would drop delayed
 * jobs (scheduled payments, settlements) without a trace, or the lock of a job being run, which
 * another worker would then run again. A Redis that does not answer yet is not refused: jobs wait
 * for it, as they do for one that goes away later.
 */
export async function refuseEvictingRedis(url: string): Promise<void> {
  const policy = await redisEvictionPolicy(url);
  if (policy === undefined || policy === SAFE_EVICTION_POLICY) return;
  throw new StartRefused(
    `REDIS_URL: Redis evicts keys when its memory is full (maxmemory-policy ${policy}), which ` +
      `would drop delayed jobs and the locks of running ones. Set maxmemory-policy ` +
      `${SAFE_EVICTION_POLICY} on that server.`,
    { setting: 'REDIS_URL', reason: `maxmemory-policy ${policy}` },
  );
}
