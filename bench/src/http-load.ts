import { Pool as HttpPool } from 'undici';
import { sleep } from './stats.ts';

export interface LoadRequest {
  path: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

export interface Sample {
  /** When the request was due (open loop) or sent (closed loop), ms on performance.now(). */
  startedAt: number;
  finishedAt: number;
  latencyMs: number;
  status: number;
  consistencyToken: string | undefined;
  tag: string;
}

export interface LoadResult {
  samples: Sample[];
  elapsedMs: number;
  errors: number;
  /** CPU the load generator's process spent on the phase (its own cost, not the bank's). */
  generatorCpuMs?: number;
}

export function httpPool(baseUrl: string, connections: number): HttpPool {
  return new HttpPool(baseUrl, { connections, pipelining: 1, keepAliveTimeout: 30_000 });
}

async function send(
  pool: HttpPool,
  request: LoadRequest,
  tag: string,
  startedAt: number,
): Promise<Sample> {
  try {
    const response = await pool.request({
      path: request.path,
      method: request.method,
      headers: request.headers,
      body: request.body,
    });
    await response.body.dump();
    const finishedAt = performance.now();
    const token = response.headers['x-consistency-token'];
    return {
      startedAt,
      finishedAt,
      latencyMs: finishedAt - startedAt,
      status: response.statusCode,
      consistencyToken: typeof token === 'string' ? token : undefined,
      tag,
    };
  } catch {
    const finishedAt = performance.now();
    return {
      startedAt,
      finishedAt,
      latencyMs: finishedAt - startedAt,
      status: 0,
      consistencyToken: undefined,
      tag,
    };
  }
}

/**
 * Closed loop: `lanes` clients each send their next request as soon as the previous answer came
 * back. At enough lanes this finds the saturation throughput.
 */
export async function closedLoop(
  pool: HttpPool,
  lanes: number,
  durationMs: number,
  next: (lane: number) => { request: LoadRequest; tag: string },
): Promise<LoadResult> {
  const samples: Sample[] = [];
  const started = performance.now();
  const deadline = started + durationMs;
  await Promise.all(
    Array.from({ length: lanes }, async (_, lane) => {
      while (performance.now() < deadline) {
        const { request, tag } = next(lane);
        samples.push(await send(pool, request, tag, performance.now()));
      }
    }),
  );
  const elapsedMs = performance.now() - started;
  return {
    samples,
    elapsedMs,
    errors: samples.filter((s) => s.status === 0 || s.status >= 400).length,
  };
}

/**
 * Open loop at a fixed rate: requests are due on a schedule whatever the answers do, and latency
 * is measured from when a request was due, so a stall shows up in every request it delayed
 * (no coordinated omission). The requests due in the first `warmupMs` run at the same rate but are
 * not measured: a new load process opens its connections and compiles its code then.
 */
export async function openLoop(
  pool: HttpPool,
  ratePerSecond: number,
  durationMs: number,
  next: (index: number) => { request: LoadRequest; tag: string },
  warmupMs = 0,
): Promise<LoadResult> {
  const pending: Promise<Sample>[] = [];
  const started = performance.now();
  const measuredFrom = started + warmupMs;
  const total = Math.floor((ratePerSecond * (warmupMs + durationMs)) / 1000);
  const interval = 1000 / ratePerSecond;
  for (let i = 0; i < total; i += 1) {
    const due = started + i * interval;
    const wait = due - performance.now();
    // Yield even when behind schedule, so answers keep being read while requests go out.
    if (wait > 1) await sleep(wait);
    else await new Promise((r) => setImmediate(r));
    const { request, tag } = next(i);
    pending.push(send(pool, request, tag, due));
  }
  const samples = (await Promise.all(pending)).filter((s) => s.startedAt >= measuredFrom);
  const elapsedMs = performance.now() - measuredFrom;
  return {
    samples,
    elapsedMs,
    errors: samples.filter((s) => s.status === 0 || s.status >= 400).length,
  };
}
