import { createRequire } from 'node:module';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

type Counted = { current: number; ttl: number };
type Store = Pick<FastifyRateLimitStore, 'incr'> & {
  child(routeOptions: object): Store;
};
type RedisStoreCtor = new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => Store;
type LocalStoreCtor = new (continueExceeding: boolean, exponentialBackoff: boolean) => Store;

// The plugin's own stores (CommonJS, without type declarations of their own).
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as RedisStoreCtor;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as LocalStoreCtor;

/** Counts in Redis while it answers, and in this process while it does not. */
class FallbackStore implements Store {
  constructor(
    private readonly shared: Store,
    private readonly local: Store,
    private readonly redis: Redis,
  ) {}

  incr(
    key: string,
    done: (error: Error | null, result?: Counted) => void,
    window: number,
    max: number,
  ) {
    if (this.redis.status !== 'ready') {
      this.local.incr(key, done, window, max);
      return;
    }
    this.shared.incr(
      key,
      (error, result) => (error ? this.local.incr(key, done, window, max) : done(null, result)),
      window,
      max,
    );
  }

  child(routeOptions: object): Store {
    return new FallbackStore(
      this.shared.child(routeOptions),
      this.local.child(routeOptions),
      this.redis,
    );
  }
}

/**
 * A @fastify/rate-limit store shared by every instance through Redis that, while Redis is down,
 * keeps counting in this process instead of letting every request through: sign-in stays
 * limited per instance rather than not at all.
 */
export function redisWithLocalFallback(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  return class {
    constructor(options: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      const continueExceeding = options.continueExceeding ?? false;
      const exponentialBackoff = options.exponentialBackoff ?? false;
      return new FallbackStore(
        new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff),
        redis,
      );
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
