import { redisUp, type BankLogger } from '@bank/infra';
import type { Redis } from 'ioredis';

/**
 * Makes Redis's state seen: the bank_redis_up gauge, and one log line when it goes and one when
 * it is back. Without Redis the bank still serves, but no job runs (settlements, scheduled
 * transfers, notifications, the log digest) and their queue's gauges stand at their last values,
 * so an outage must not pass in silence. `redis` is a client that reconnects on its own.
 */
export function watchRedis(redis: Redis, logger: BankLogger): () => Promise<void> {
  let up = redis.status === 'ready';
  redisUp.set(up ? 1 : 0);
  const reached = () => {
    redisUp.set(1);
    if (up) return;
    up = true;
    logger.info('Redis is reachable again: jobs run again');
  };
  const lost = () => {
    redisUp.set(0);
    if (!up) return;
    up = false;
    logger.error(
      'Redis is not reachable: jobs (settlements, scheduled transfers, notifications, the log digest) wait until it is back',
    );
  };
  redis.on('ready', reached);
  redis.on('close', lost);
  return async () => {
    redis.off('ready', reached);
    redis.off('close', lost);
  };
}
