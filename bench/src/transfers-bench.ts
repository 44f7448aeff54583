import { writeFile } from 'node:fs/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { seedCustomers, type Seed } from '@bank/load-tests';
import { comparePositions, parsePosition, type Pool, type Position } from '@bank/infra';
import { cpuPer, processTreeCpuMs, threadCpuMs } from './cpu.ts';
import { walBytesWritten } from './postgres.ts';
import { walInsertPosition, walProfile, type WalProfile } from './wal-profile.ts';
import type { LoadResult, Sample } from './http-load.ts';
import { runLoad, wallNow } from './load-client.ts';
import {
  profileMainThread,
  profileShares,
  resetStatements,
  statementProfile,
  type ProfileShare,
  type StatementProfile,
} from './profile.ts';
import { TRANSFER_ROUTE } from './requests.ts';
import { readServerTail, serverTailBetween, type ServerTail } from './server-tail.ts';
import { OPEN_LOOP_WARMUP_MS, sleep, summarize } from './stats.ts';

export interface CostPerTransfer {
  /** Transactions PostgreSQL committed (read-only ones included) per transfer. */
  commits: number;
  /** WAL flushes to disk per transfer: what group commit saves. */
  walFlushes: number;
  /** Bytes of WAL per transfer, the server's whole (projections and reads included). */
  walBytes: number;
  /** CPU of the bank's Node process per transfer (the load generator runs in its own process). */
  nodeCpuMs: number;
  /** Of which the main thread's (HTTP and commands; the projections have a thread of their own). */
  mainThreadCpuMs: number | undefined;
  /** Share of the saturation phase the main thread's event loop was busy (1: it is the limit). */
  eventLoopUtilization: number;
  /** CPU of the PostgreSQL server (postmaster and every backend) per transfer. */
  postgresCpuMs: number | undefined;
  /** CPU of the load generator's process per transfer: the client side's share of the machine. */
  generatorCpuMs: number | undefined;
}

export interface TransferFigures {
  clients: number;
  customers: number;
  saturationTps: number;
  saturationErrors: number;
  cost: CostPerTransfer;
  halfRate: number;
  halfRateTps: number;
  halfRateErrors: number;
  latency: ReturnType<typeof summarize>;
  /** How late the main thread's event loop ran its callbacks during the half-rate phase, in ms. */
  loopDelay: { p50: number; p99: number; max: number };
  /** The same phase as the bank's own histograms saw it, from about the end of the warm-up. */
  serverTail?: ServerTail;
  /** PostgreSQL's statements during the saturation phase, per transfer. */
  statements?: StatementProfile;
  /** The WAL written during the saturation phase, by the relation it changed, per transfer. */
  wal?: WalProfile;
  /** The bank's main thread, sampled during a closed loop of its own after saturation. */
  mainThread?: ProfileShare[];
}

/** How long the profiled closed loop runs: the profiler's own cost stays out of the figures. */
const PROFILED_MS = 5000;

export interface LagFigures {
  rate: number;
  requests: number;
  errors: number;
  transfers: number;
  lag: ReturnType<typeof summarize>;
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

async function databaseCounters(db: Pool) {
  const { rows } = await db.query<{ commits: number; flushes: number }>(
    `SELECT (SELECT xact_commit FROM pg_stat_database WHERE datname = current_database())::bigint AS commits,
            (SELECT coalesce(sum(fsyncs), 0) FROM pg_stat_io WHERE object = 'wal')::bigint AS flushes`,
  );
  return { ...rows[0]!, walBytes: await walBytesWritten(db) };
}

/**
 * (a) Durable transfers through POST /api/transfers/between-accounts: saturation with `clients`
 * closed-loop connections (each owning its own customers), then an open loop at half that rate.
 */
export async function benchTransfers(
  seed: Seed,
  db: Pool,
  options: {
    clients: number;
    durationMs: number;
    /** The PostgreSQL server's postmaster, whose CPU is counted per transfer too. */
    postgresPid?: number;
    /** A superuser connection (any database of the server) and the bank's database's name. */
    superuser?: { pool: Pool; database: string };
    /** A superuser connection to the bank's database, for the WAL's profile. */
    walInspect?: Pool;
    log: (line: string) => void;
  },
): Promise<TransferFigures> {
  const { clients, durationMs, log, superuser } = options;
  await runLoad({ kind: 'closed', seed, lanes: clients, durationMs: Math.min(3000, durationMs) });
  if (superuser) await resetStatements(superuser.pool);
  const before = await databaseCounters(db);
  const cpuBefore = process.cpuUsage();
  const mainBefore = threadCpuMs();
  const postgresBefore = processTreeCpuMs(options.postgresPid);
  const loopBefore = performance.eventLoopUtilization();
  const walFrom = options.walInspect && (await walInsertPosition(options.walInspect));
  const saturation = await runLoad({ kind: 'closed', seed, lanes: clients, durationMs });
  const cpu = process.cpuUsage(cpuBefore);
  const mainAfter = threadCpuMs();
  const postgresAfter = processTreeCpuMs(options.postgresPid);
  const loop = performance.eventLoopUtilization(loopBefore);
  const walTo = options.walInspect && (await walInsertPosition(options.walInspect));
  const after = await databaseCounters(db);
  const done = saturation.samples.filter(ok).length;
  const statements = superuser
    ? await statementProfile(superuser.pool, superuser.database, done)
    : undefined;
  const wal =
    options.walInspect && walFrom && walTo
      ? await walProfile(options.walInspect, walFrom, walTo, done)
      : undefined;
  const saturationTps = (done / saturation.elapsedMs) * 1000;
  const cost = {
    commits: (after.commits - before.commits) / done,
    walFlushes: (after.flushes - before.flushes) / done,
    walBytes: (after.walBytes - before.walBytes) / done,
    nodeCpuMs: (cpu.user + cpu.system) / 1000 / done,
    mainThreadCpuMs: cpuPer(mainBefore, mainAfter, done),
    eventLoopUtilization: loop.utilization,
    postgresCpuMs: cpuPer(postgresBefore, postgresAfter, done),
    generatorCpuMs:
      saturation.generatorCpuMs === undefined ? undefined : saturation.generatorCpuMs / done,
  };
  log(
    `  saturation: ${Math.round(saturationTps)} transfers/s with ${clients} clients (${saturation.errors} errors); ` +
      `per transfer ${cost.commits.toFixed(1)} commits, ${cost.walFlushes.toFixed(2)} WAL flushes, ${cost.nodeCpuMs.toFixed(1)} ms CPU`,
  );
  const profiled = await profileMainThread(() =>
    runLoad({ kind: 'closed', seed, lanes: clients, durationMs: PROFILED_MS }),
  );
  const mainThread = profileShares(profiled.profile, profiled.result.samples.filter(ok).length);
  // The raw profile, for Chrome DevTools or a per-function look: BENCH_CPU_PROFILE=<file>.
  const profileFile = process.env.BENCH_CPU_PROFILE;
  if (profileFile) await writeFile(profileFile, JSON.stringify(profiled.profile));
  await sleep(1000);
  const halfRate = Math.max(1, Math.floor(saturationTps / 2));
  // A request that waits behind a long task on the main thread shows here as the loop's delay.
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const halfRun = runLoad({
    kind: 'open',
    seed,
    rate: halfRate,
    durationMs,
    mix: 'transfers',
    warmupMs: OPEN_LOOP_WARMUP_MS,
  });
  // The load generator's process takes a moment to start, so this reading is taken a little
  // before its warm-up ends: a few hundred requests at the same rate are counted with the rest.
  await sleep(OPEN_LOOP_WARMUP_MS);
  const tailBefore = await readServerTail(TRANSFER_ROUTE);
  const half = await halfRun;
  const serverTail = serverTailBetween(tailBefore, await readServerTail(TRANSFER_ROUTE));
  delay.disable();
  const loopDelay = {
    p50: delay.percentile(50) / 1e6,
    p99: delay.percentile(99) / 1e6,
    max: delay.max / 1e6,
  };
  const latency = summarize(half.samples.filter(ok).map((s) => s.latencyMs));
  log(
    `  at ${halfRate}/s: p50 ${latency.p50.toFixed(1)} ms, p99 ${latency.p99.toFixed(1)} ms (${half.errors} errors)`,
  );
  return {
    clients,
    customers: seed.customers.length,
    saturationTps,
    saturationErrors: saturation.errors,
    cost,
    halfRate,
    halfRateTps: (half.samples.filter(ok).length / half.elapsedMs) * 1000,
    halfRateErrors: half.errors,
    latency,
    loopDelay,
    serverTail,
    statements,
    wal,
    mainThread,
  };
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
      const at = wallNow();
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

/** For each transfer: from its answer until the slowest watched read model included it. */
function lagOf(result: LoadResult, seen: { at: number; position: Position }[]): number[] {
  const lags: number[] = [];
  for (const sample of result.samples) {
    if (!ok(sample) || !sample.consistencyToken) continue;
    const position = parsePosition(sample.consistencyToken);
    if (!position) continue;
    let lo = 0;
    let hi = seen.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (comparePositions(seen[mid]!.position, position) >= 0) hi = mid;
      else lo = mid + 1;
    }
    if (lo < seen.length) lags.push(Math.max(0, seen[lo]!.at - sample.finishedAt));
  }
  return lags;
}

/** The log's events now. */
export async function logEvents(db: Pool): Promise<number> {
  const { rows } = await db.query<{ count: string }>('SELECT count(*) AS count FROM events');
  return Number(rows[0]!.count);
}

/**
 * Grows the log to at least `events` with closed-loop transfers through the HTTP API, measured by
 * nothing: the catch-up then replays a log of a bank that has run for a while, not only the few
 * seconds the other phases leave. Returns the log's size.
 */
export async function growLog(
  seed: Seed,
  db: Pool,
  options: { events: number; clients: number; log: (line: string) => void },
): Promise<number> {
  for (;;) {
    const size = await logEvents(db);
    if (size >= options.events) return size;
    options.log(`  the log holds ${size} events: transfers until it holds ${options.events}...`);
    await runLoad({ kind: 'closed', seed, lanes: options.clients, durationMs: 10_000 });
  }
}

/**
 * (c) Lag under the mixed load: transfers and dashboard/accounts reads at `rate`, while the
 * projections' checkpoints are sampled every few milliseconds.
 */
export async function benchProjectionLag(
  seed: Seed,
  db: Pool,
  options: { rate: number; durationMs: number; projections: string[]; log: (line: string) => void },
): Promise<LagFigures> {
  const watcher = watchCheckpoints(db, options.projections);
  try {
    const result = await runLoad({
      kind: 'open',
      seed,
      rate: options.rate,
      durationMs: options.durationMs,
      mix: 'mixed',
      warmupMs: OPEN_LOOP_WARMUP_MS,
    });
    await sleep(2000);
    await watcher.stop();
    const lag = summarize(lagOf(result, watcher.seen));
    options.log(
      `  lag at ${options.rate} req/s mixed: p50 ${lag.p50.toFixed(1)} ms, p99 ${lag.p99.toFixed(1)} ms`,
    );
    return {
      rate: options.rate,
      requests: result.samples.length,
      errors: result.errors,
      transfers: lag.count,
      lag,
    };
  } finally {
    await watcher.stop();
  }
}
