import { integerSetting, redisUp, within, type BankLogger } from '@bank/infra';
import type { Redis } from 'ioredis';

export interface RedisWatch {
  /** Whether Redis answered its last ping in time (and the connection is open). */
  answering(): boolean;
  stop(): Promise<void>;
}

/**
 * Makes Redis's state seen: the bank_redis_up gauge, /api/health's `redis`, and one log line when
 * it goes and one when it is back. Without Redis the bank still serves, but no job runs
 * (settlements, scheduled transfers, notifications, the log digest) and their queue's gauges stand
 * at their last values, so an outage must not pass in silence. `redis` is a client that reconnects
 * on its own.
 *
 * A closed connection is seen at once. A server that hangs with its connection open (stopped,
 * swapping, a network that drops packets without resetting) is not: the client stays "ready"
 * while every command waits. So the watch also pings it, and calls it down when a ping is not
 * answered within REDIS_PING_TIMEOUT_MS.
 */
export function watchRedis(
  redis: Redis,
  logger: BankLogger,
  options: { pingEveryMs?: number; answerWithinMs?: number } = {},
): RedisWatch {
  const pingEveryMs = options.pingEveryMs ?? integerSetting('REDIS_PING_EVERY_MS');
  const answerWithinMs = options.answerWithinMs ?? integerSetting('REDIS_PING_TIMEOUT_MS');
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

  let pinging = false;
  const ping = async () => {
    if (pinging || redis.status !== 'ready') return;
    pinging = true;
    const answered = redis.ping().then(
      () => true,
      () => false,
    );
    try {
      if (await within(answered, answerWithinMs, false)) {
        reached();
      } else {
        lost();
        // A hung server may answer this ping much later, when it is back: the next goes then.
        if (await answered) reached();
      }
    } finally {
      pinging = false;
    }
  };
  const heartbeat = setInterval(() => void ping(), pingEveryMs);
  heartbeat.unref();

  redis.on('ready', reached);
  redis.on('close', lost);
  return {
    answering: () => up && redis.status === 'ready',
    async stop() {
      clearInterval(heartbeat);
      redis.off('ready', reached);
      redis.off('close', lost);
    },
  };
}
