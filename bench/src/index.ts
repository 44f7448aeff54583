// npm run bench: the whole stack on one embedded PostgreSQL, measured in one run on this machine.
// Prints the figures and their ratios to the performance targets; `-- --out docs/benchmarks.md`
// also writes them there. It prints figures only: nothing here passes or fails on a time.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPool, freePort, startLocalRedis } from '@bank/infra';
import { LOAD_RATE_LIMITS } from '@bank/load-tests';
import { startBank } from '@bank/server';
import '@bank/server/modules';
import { benchCrudBaseline } from './crud-baseline/index.ts';
import { benchEventStores } from './event-store-bench.ts';
import { benchFrontend, buildFrontend } from './frontend-bench.ts';
import { findPgbench, runPgbench } from './pgbench.ts';
import { startBenchPostgres, walBytesWritten } from './postgres.ts';
import { catchUpInOwnProcess } from './projections-bench.ts';
import { machineNow, markdownReport, type BenchResults } from './report.ts';
import { sleep } from './stats.ts';
import {
  benchProjectionLag,
  benchTransfers,
  growLog,
  seedForTransfers,
} from './transfers-bench.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 15) * 1000;
const PGBENCH_SECONDS = Number(process.env.PGBENCH_SECONDS ?? 20);
// The catch-up replays a log of at least this many events (the phases before it leave about
// 100,000): a rebuild's first events pay its process's warm-up, which a longer log spreads thinner.
const CATCH_UP_EVENTS = Number(process.env.BENCH_CATCH_UP_EVENTS ?? 300_000);
const outIndex = process.argv.indexOf('--out');
const OUT = outIndex > 0 ? process.argv[outIndex + 1] : undefined;
const only = new Set((process.env.BENCH_ONLY ?? 'a,b,c,d').split(','));

const log = (line: string) => console.log(line);
// Stopping PostgreSQL ends connections that some idle clients (job workers, listeners) still
// hold: their "terminating connection due to administrator command" must not end the run.
process.on('uncaughtException', (error: Error & { code?: string }) => {
  if (error.code === '57P01') return;
  console.error(error);
  process.exit(1);
});
const started = Date.now();
const results: BenchResults = {
  startedAt: new Date(),
  seconds: 0,
  machine: machineNow(),
  postgres: {},
  appends: [],
  catchUp: [],
  frontend: [],
  notes: [],
};

if (only.has('d') && process.env.BENCH_SKIP_BUILD !== '1') {
  log('Building the web app...');
  if (!buildFrontend(log))
    results.notes.push(
      'The frontend build failed: (d) used the frontend/dist already there, if any.',
    );
}

log('Starting embedded PostgreSQL...');
const pg = await startBenchPostgres();
results.postgres = pg.settings;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bank-bench-data-'));
try {
  const redis = await startLocalRedis({ port: await freePort() });
  const opsToken = `ops-${randomBytes(12).toString('hex')}`;
  const secretsKey = randomBytes(32);
  const bank = await startBank({
    config: {
      port: await freePort(),
      host: '127.0.0.1',
      databaseUrl: pg.url('bank'),
      redisUrl: redis.url,
      dataDir,
      opsToken,
      secretsKey: secretsKey.toString('hex'),
      // The access log only on request (BENCH_LOG=1): the CRUD baseline logs nothing either.
      logLevel: process.env.BENCH_LOG === '1' ? 'info' : 'warn',
    },
    rateLimits: LOAD_RATE_LIMITS,
    // The bank's own log (projection and job errors) only on request: BENCH_LOG=1.
    log: process.env.BENCH_LOG === '1' ? (line) => log(`  [bank] ${line}`) : () => {},
  });
  try {
    const endpoint = { baseUrl: bank.url, opsToken };
    const needsCustomers = only.has('a') || only.has('c') || only.has('d');
    const seed = needsCustomers
      ? await seedForTransfers(endpoint, only.has('a') || only.has('c') ? CLIENTS * 8 : 1, log)
      : undefined;
    if (seed && only.has('a')) {
      log(
        `(a) Transfers through the HTTP API, ${CLIENTS} clients, ${DURATION_MS / 1000} s per phase...`,
      );
      // The extension in the maintenance database: its figures cover every database of the server.
      const statementsPool = createPool(pg.url('postgres'), 1);
      const walInspect = createPool(pg.url('bank'), 1);
      try {
        results.transfers = await benchTransfers(seed, bank.pool, {
          clients: CLIENTS,
          durationMs: DURATION_MS,
          postgresPid: pg.handle.serverPid(),
          superuser: { pool: statementsPool, database: 'bank' },
          walInspect,
          log,
        });
      } finally {
        await statementsPool.end();
        await walInspect.end();
      }
      const pgbench = findPgbench();
      const superuser = new URL(pg.url('pgbench'));
      if (pgbench) {
        log(`    pgbench TPC-B, ${CLIENTS} clients, ${PGBENCH_SECONDS} s...`);
        results.pgbench = await runPgbench(
          pgbench,
          {
            host: pg.handle.socketDirectory,
            port: pg.port,
            user: superuser.username,
            password: decodeURIComponent(superuser.password),
            database: 'pgbench',
          },
          { clients: CLIENTS, seconds: PGBENCH_SECONDS, postgresPid: pg.handle.serverPid() },
        );
        log(`    pgbench: ${Math.round(results.pgbench.tps)} tps`);
      } else {
        results.notes.push(
          'pgbench is not installed (apt-get install postgresql-client): no TPC-B comparison.',
        );
      }
      log(`    CRUD baseline (Fastify + pg, two UPDATEs and an INSERT), ${CLIENTS} clients...`);
      const walPool = createPool(pg.url('postgres'), 1);
      try {
        results.crud = await benchCrudBaseline(pg.url('crud_baseline'), {
          clients: CLIENTS,
          durationMs: DURATION_MS,
          postgresPid: pg.handle.serverPid(),
          openRate: results.transfers.halfRate,
          walBytes: () => walBytesWritten(walPool),
        });
      } finally {
        await walPool.end();
      }
      log(`    CRUD baseline: ${Math.round(results.crud.transfersPerSecond)} transfers/s`);
      const atRate = results.crud.atRate;
      if (atRate) {
        log(
          `    CRUD baseline at ${atRate.rate}/s: p50 ${atRate.latency.p50.toFixed(1)} ms, p99 ${atRate.latency.p99.toFixed(1)} ms (${atRate.errors} errors)`,
        );
      }
    }
    if (seed && only.has('c')) {
      log('(c) Projections: lag under the mixed load, then catch-up...');
      await sleep(1000);
      const rate = results.transfers ? results.transfers.halfRate : 50;
      results.lag = await benchProjectionLag(seed, bank.pool, {
        rate,
        durationMs: DURATION_MS,
        projections: ['accounts', 'transactions'],
        log,
      });
      await growLog(seed, bank.pool, { events: CATCH_UP_EVENTS, clients: CLIENTS, log });
    }
    if (seed && only.has('d')) {
      log('(d) Frontend in headless Chromium...');
      try {
        results.frontend = await benchFrontend(bank.url, seed.customers[0], log);
      } catch (error) {
        results.notes.push(`(d) failed: ${(error as Error).message.split('\n')[0]}`);
      }
    }
  } finally {
    await bank.stop();
    await redis.stop();
  }
  if (only.has('c')) {
    // On a copy of what the load left behind, so the bank's own read models stay as they were.
    await pg.handle.createDatabase('catch_up', 'bank');
    results.catchUp = await catchUpInOwnProcess({
      url: pg.url('catch_up'),
      secretsKeyHex: secretsKey.toString('hex'),
      names: ['accounts', 'transactions'],
      postgresPid: pg.handle.serverPid(),
    });
  }
  // Last: Emmett's PostgreSQL driver (dumbo) changes node-postgres' global type parsers, which
  // the bank's own code in this process must not meet.
  if (only.has('b')) {
    log(`(b) Event store appends, ${DURATION_MS / 1000} s per case...`);
    results.appends = await benchEventStores(
      { bank: pg.url('es_bank'), emmett: pg.url('es_emmett') },
      DURATION_MS * 0.6,
      log,
    );
  }
} finally {
  await pg.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

results.machine.loadAfter = os.loadavg();
results.seconds = (Date.now() - started) / 1000;
results.notes.push(
  `The machine is shared: a load average above ${results.machine.cores} means other processes competed for the CPU during the run, so every figure here is a floor for this hardware.`,
);
const report = markdownReport(results);
console.log(`\n${report}\n`);
if (OUT) {
  // Only the part between the markers is the run's: the analysis around it is kept.
  const START = '<!-- bench:start -->';
  const END = '<!-- bench:end -->';
  const block = `${START}\n${report}\n${END}`;
  const existing = existsSync(OUT) ? readFileSync(OUT, 'utf8') : '';
  const next =
    existing.includes(START) && existing.includes(END)
      ? existing.slice(0, existing.indexOf(START)) +
        block +
        existing.slice(existing.indexOf(END) + END.length)
      : `# Benchmarks\n\nMeasured by \`npm run bench -- --out ${OUT}\` (bench/src), in one run on one machine.\n\n${block}\n`;
  writeFileSync(OUT, next);
  console.log(`Written to ${OUT}`);
}
process.exit(0);
