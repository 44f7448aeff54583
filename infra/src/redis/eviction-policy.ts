import { Redis } from 'ioredis';
import { within } from '../within.ts';

/** The only policy under which Redis never drops a job, nor the lock of one being run. */
export const SAFE_EVICTION_POLICY = 'noeviction';

/**
 * The server's `maxmemory-policy`, read from `INFO memory` (which managed Redis services answer
 * where they disable CONFIG); undefined when the server does not answer within `withinMs` or
 * does not say.
 */
export async function redisEvictionPolicy(
  url: string,
  withinMs = 3000,
): Promise<string | undefined> {
  const client = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: true,
    connectTimeout: withinMs,
    retryStrategy: () => null,
  });
  client.on('error', () => {});
  try {
    const info = await within(
      client.connect().then(() => client.info('memory')),
      withinMs,
      undefined,
    );
    return info ? /^maxmemory_policy:(\S+)/m.exec(info)?.[1] : undefined;
  } catch {
    return undefined;
  } finally {
    client.disconnect();
  }
}
