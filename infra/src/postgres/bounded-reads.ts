import type pg from 'pg';

/**
 * What node-postgres fails a query with when its answer has not come within `query_timeout`. The
 * server's own statement_timeout cannot end such a wait: a server that hangs (stopped, swapping,
 * its disk stuck) enforces nothing.
 */
const READ_TIMEOUT_MESSAGE = 'Query read timeout';

export function isQueryReadTimeout(error: unknown): boolean {
  return (error as Error | undefined)?.message === READ_TIMEOUT_MESSAGE;
}

type QueryConfig = string | pg.QueryConfig | pg.Submittable;
type BoundedConfig = pg.QueryConfig & { query_timeout?: number };
type Callback = (error: Error | undefined, result?: pg.QueryResult) => void;

/** A cursor or a stream: it reads in round trips of its own, and is left unbounded. */
const isSubmittable = (config: QueryConfig): config is pg.Submittable =>
  typeof config !== 'string' && 'submit' in config && typeof config.submit === 'function';

function withTimeout(config: QueryConfig, timeoutMs: number): BoundedConfig | pg.Submittable {
  if (typeof config === 'string') return { text: config, query_timeout: timeoutMs };
  if (isSubmittable(config)) return config;
  const options = config as BoundedConfig;
  return { ...options, query_timeout: options.query_timeout ?? timeoutMs };
}

/**
 * A client of a bounded pool. Once a query of it has timed out the connection is mid-query (the
 * server may still answer it, or run it, later): every later query fails at once rather than
 * queue behind it, and release() destroys the connection instead of handing it to the next caller.
 */
function boundedClient(client: pg.PoolClient, timeoutMs: number): pg.PoolClient {
  let stalled: Error | undefined;
  const query = (config: QueryConfig, values?: unknown, callback?: Callback) => {
    if (typeof values === 'function') return query(config, undefined, values as Callback);
    if (isSubmittable(config)) return client.query(config);
    const result: Promise<pg.QueryResult> = stalled
      ? Promise.reject(stalled)
      : client
          .query(withTimeout(config, timeoutMs) as pg.QueryConfig, values as unknown[] | undefined)
          .catch((error: unknown) => {
            if (isQueryReadTimeout(error)) stalled = error as Error;
            throw error;
          });
    if (!callback) return result;
    result.then((answer) => callback(undefined, answer), callback);
    return undefined;
  };
  const release = (error?: Error | boolean) => client.release(error || stalled);
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return query;
      if (property === 'release') return release;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * `pool` with every query bounded on the client side: one whose answer has not come within
 * `timeoutMs` fails ("Query read timeout", answered 503 by the HTTP apps) and its connection is
 * destroyed, never returned to the pool. For requests that only read: a write whose wait ends
 * may still commit. 0 leaves the pool unbounded.
 */
export function boundedReads(pool: pg.Pool, timeoutMs: number): pg.Pool {
  if (timeoutMs <= 0) return pool;
  // pool.query releases its client with the query's error, which discards it.
  const query = (config: QueryConfig, values?: unknown, callback?: Callback) =>
    (pool.query as (...args: unknown[]) => unknown)(
      withTimeout(config, timeoutMs),
      ...(values === undefined ? [] : [values]),
      ...(callback ? [callback] : []),
    );
  const connect = (callback?: (error: Error | undefined, client?: pg.PoolClient) => void) => {
    const connected = pool.connect().then((client) => boundedClient(client, timeoutMs));
    if (!callback) return connected;
    connected.then((client) => callback(undefined, client), callback);
    return undefined;
  };
  return new Proxy(pool, {
    get(target, property) {
      if (property === 'query') return query;
      if (property === 'connect') return connect;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
