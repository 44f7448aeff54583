import { createRequire } from 'node:module';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { integerSetting } from '../config.ts';

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

/**
 * The plugin's LocalStore answers with its own counter object, and the plugin reads the count from
 * it only after an await: every request counted in the same turn of the event loop then reads the
 * last one's count, so 50 requests at once from one address were all refused instead of the first
 * `max` going through. This hands each request a copy of the count as it was when counted.
 */
class CountAsCounted implements Store {
  constructor(private readonly inner: Store) {}

  incr(
    key: string,
    done: (error: Error | null, result?: Counted) => void,
    window: number,
    max: number,
  ) {
    this.inner.incr(
      key,
      (error, result) =>
        done(error, result ? { current: result.current, ttl: result.ttl } : undefined),
      window,
      max,
    );
  }

  child(routeOptions: object): Store {
    return new CountAsCounted(this.inner.child(routeOptions));
  }
}

const countingHere = (continueExceeding: boolean, exponentialBackoff: boolean): Store =>
  new CountAsCounted(new LocalStore(continueExceeding, exponentialBackoff));

/** A store counting in this process only (one process, or no Redis), each request its own count. */
export function countedInProcess(): FastifyRateLimitStoreCtor {
  return class {
    constructor(options: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      return countingHere(options.continueExceeding ?? false, options.exponentialBackoff ?? false);
    }
  } as unknown as FastifyRateLimitStoreCtor;
}

/** Counts in Redis while it answers, and in this process while it does not. */
class FallbackStore implements Store {
  constructor(
    private readonly shared: Store,
    private readonly local: Store,
    private readonly redis: Redis,
    private readonly answering: () => boolean,
    private readonly answerWithinMs: number,
  ) {}

  incr(
    key: string,
    done: (error: Error | null, result?: Counted) => void,
    window: number,
    max: number,
  ) {
    if (this.redis.status !== 'ready' || !this.answering()) {
      this.local.incr(key, done, window, max);
      return;
    }
    // A Redis that hangs with its connection open would hold every limited request: past the
    // wait the request is counted here instead, and Redis's late answer is dropped.
    let settled = false;
    const countHere = () => {
      if (settled) return;
      settled = true;
      this.local.incr(key, done, window, max);
    };
    const timer = setTimeout(countHere, this.answerWithinMs);
    this.shared.incr(
      key,
      (error, result) => {
        clearTimeout(timer);
        if (error) return countHere();
        if (settled) return;
        settled = true;
        done(null, result);
      },
      window,
      max,
    );
  }

  child(routeOptions: object): Store {
    return new FallbackStore(
      this.shared.child(routeOptions),
      this.local.child(routeOptions),
      this.redis,
      this.answering,
      this.answerWithinMs,
    );
  }
}

/**
 * A @fastify/rate-limit store shared by every instance through Redis that, while Redis is down or
 * does not answer, keeps counting in this process instead of letting every request through (or
 * holding it): sign-in stays limited per instance rather than not at all. `answering` is what a
 * watch of Redis last saw (pings answered in time).
 */
export function redisWithLocalFallback(
  redis: Redis,
  nameSpace: string,
  answering: () => boolean = () => true,
  answerWithinMs = integerSetting('REDIS_ANSWER_TIMEOUT_MS'),
): FastifyRateLimitStoreCtor {
  return class {
    constructor(options: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      const continueExceeding = options.continueExceeding ?? false;
      const exponentialBackoff = options.exponentialBackoff ?? false;
      return new FallbackStore(
        new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace),
        countingHere(continueExceeding, exponentialBackoff),
        redis,
        answering,
        answerWithinMs,
      );
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
