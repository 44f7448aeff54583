import { randomUUID } from 'node:crypto';
import { seedCustomers, type Seed } from '@bank/load-tests';
import { parsePosition, comparePositions, type Pool, type Position } from '@bank/infra';
import {
  closedLoop,
  httpPool,
  openLoop,
  type LoadRequest,
  type LoadResult,
  type Sample,
} from './http-load.ts';
import { sleep, summarize } from './stats.ts';

export interface TransferFigures {
  clients: number;
  customers: number;
  saturationTps: number;
  saturationErrors: number;
  halfRate: number;
  halfRateTps: number;
  halfRateErrors: number;
  latency: ReturnType<typeof summarize>;
}

export interface LagFigures {
  rate: number;
  requests: number;
  errors: number;
  transfers: number;
  lag: ReturnType<typeof summarize>;
}

function transferRequest(seed: Seed, index: number): LoadRequest {
  const customer = seed.customers[index % seed.customers.length]!;
  return {
    path: '/api/transfers/between-accounts',
    method: 'POST',
    headers: {
      authorization: `Bearer ${customer.token}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({
      fromAccount: customer.checking.id,
      toAccount: customer.savings.id,
      // Integer cents over 100: always a number with at most two decimals.
      amount: (500 + Math.floor(Math.random() * 100)) / 100,
      memo: 'bench',
    }),
  };
}

function readRequest(seed: Seed, index: number): LoadRequest {
  const customer = seed.customers[index % seed.customers.length]!;
  return {
    path: index % 3 === 0 ? '/api/accounts' : '/api/dashboard',
    method: 'GET',
    headers: { authorization: `Bearer ${customer.token}` },
  };
}

const ok = (s: Sample) => s.status === 201;

/** Seeds the customers the transfer load spreads over (several per client: no hot account). */
export async function seedForTransfers(
  endpoint: { baseUrl: string; opsToken: string },
  customers: number,
  log: (line: string) => void,
): Promise<Seed> {
  return seedCustomers(endpoint, { customers, depositDollars: 1_000_000, concurrency: 4, log });
}

/**
 * (a) Durable transfers through POST /api/transfers/between-accounts: saturation with `clients`
 * closed-loop connections (each owning its own customers), then an open loop at half that rate.
 */
export async function benchTransfers(
  seed: Seed,
  options: { clients: number; durationMs: number; log: (line: string) => void },
): Promise<TransferFigures> {
  const { clients, durationMs, log } = options;
  const pool = httpPool(seed.baseUrl, clients * 2);
  const perLane = Math.max(1, Math.floor(seed.customers.length / clients));
  const cursors = new Array(clients).fill(0);
  // Lane L cycles over customers L, L + clients, L + 2·clients...: a customer never has two
  // transfers in flight at once, as one person at one browser would not.
  const next = (lane: number) => {
    const turn = cursors[lane]++ % perLane;
    return { request: transferRequest(seed, lane + turn * clients), tag: 'transfer' };
  };
  try {
    await closedLoop(pool, clients, Math.min(3000, durationMs), next); // warm-up
    const saturation = await closedLoop(pool, clients, durationMs, next);
    const saturationTps = (saturation.samples.filter(ok).length / saturation.elapsedMs) * 1000;
    log(
      `  saturation: ${Math.round(saturationTps)} transfers/s with ${clients} clients (${saturation.errors} errors)`,
    );
    await sleep(1000);
    const halfRate = Math.max(1, Math.floor(saturationTps / 2));
    const half = await openLoop(pool, halfRate, durationMs, (i) => ({
      request: transferRequest(seed, i),
      tag: 'transfer',
    }));
    const latency = summarize(half.samples.filter(ok).map((s) => s.latencyMs));
    log(
      `  at ${halfRate}/s: p50 ${latency.p50.toFixed(1)} ms, p99 ${latency.p99.toFixed(1)} ms (${half.errors} errors)`,
    );
    return {
      clients,
      customers: seed.customers.length,
      saturationTps,
      saturationErrors: saturation.errors,
      halfRate,
      halfRateTps: (half.samples.filter(ok).length / half.elapsedMs) * 1000,
      halfRateErrors: half.errors,
      latency,
    };
  } finally {
    await pool.close();
  }
}

/** Watches the read models' checkpoints, so the time each command became visible is known. */
function watchCheckpoints(db: Pool, projections: string[]) {
  const seen: { at: number; position: Position }[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const { rows } = await db.query<{ transaction_id: string; global_position: number }>(
        `SELECT transaction_id::text AS transaction_id, global_position FROM projection_checkpoints
         WHERE projection = ANY($1::text[])`,
        [projections],
      );
      const at = performance.now();
      if (rows.length === projections.length) {
        const positions = rows.map((r) => ({
          transactionId: BigInt(r.transaction_id),
          globalPosition: r.global_position,
        }));
        positions.sort(comparePositions);
        seen.push({ at, position: positions[0]! });
      }
      await sleep(2);
    }
  })();
  return {
    seen,
    async stop() {
      running = false;
      await done;
    },
  };
}

function lagOf(result: LoadResult, seen: { at: number; position: Position }[]): number[] {
  const lags: number[] = [];
  for (const sample of result.samples) {
    if (!ok(sample) || !sample.consistencyToken) continue;
    const position = parsePosition(sample.consistencyToken);
    if (!position) continue;
    const visible = seen.find((s) => comparePositions(s.position, position) >= 0);
    if (visible) lags.push(Math.max(0, visible.at - sample.finishedAt));
  }
  return lags;
}

/**
 * (c) Lag under the mixed load: transfers and dashboard/accounts reads at `rate`, while the
 * projections' checkpoints are sampled; a transfer's lag is the time from its answer until the
 * accounts and transactions read models include it.
 */
export async function benchProjectionLag(
  seed: Seed,
  db: Pool,
  options: { rate: number; durationMs: number; projections: string[]; log: (line: string) => void },
): Promise<LagFigures> {
  const pool = httpPool(seed.baseUrl, 64);
  const watcher = watchCheckpoints(db, options.projections);
  try {
    const result = await openLoop(pool, options.rate, options.durationMs, (i) =>
      i % 2 === 0
        ? { request: transferRequest(seed, i), tag: 'transfer' }
        : { request: readRequest(seed, i), tag: 'read' },
    );
    await sleep(2000);
    await watcher.stop();
    const lags = lagOf(result, watcher.seen);
    const lag = summarize(lags);
    options.log(
      `  lag at ${options.rate} req/s mixed: p50 ${lag.p50.toFixed(1)} ms, p99 ${lag.p99.toFixed(1)} ms`,
    );
    return {
      rate: options.rate,
      requests: result.samples.length,
      errors: result.errors,
      transfers: lags.length,
      lag,
    };
  } finally {
    await watcher.stop();
    await pool.close();
  }
}
