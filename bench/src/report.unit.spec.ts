import { describe, expect, it } from 'vitest';
import type { PgbenchFigures } from './pgbench.ts';
import { markdownReport, type BenchResults } from './report.ts';
import type { TransferFigures } from './transfers-bench.ts';

const latency = { count: 100, p50: 10, p95: 30, p99: 45, max: 60 };

function transfers(cost: Partial<TransferFigures['cost']>): TransferFigures {
  return {
    clients: 16,
    customers: 128,
    saturationTps: 400,
    saturationErrors: 0,
    cost: {
      commits: 2.6,
      walFlushes: 0.34,
      walBytes: 9216,
      nodeCpuMs: 2.5,
      mainThreadCpuMs: 1.4,
      eventLoopUtilization: 0.9,
      postgresCpuMs: 2.2,
      generatorCpuMs: 0.3,
      ...cost,
    },
    halfRate: 200,
    halfRateTps: 200,
    halfRateErrors: 0,
    latency,
    loopDelay: { p50: 10.2, p99: 31.5, max: 80.1 },
  };
}

const pgbench: PgbenchFigures = {
  clients: 16,
  scale: 16,
  seconds: 20,
  tps: 3200,
  latencyAvgMs: 5,
  postgresCpuMs: 0.42,
  clientCpuMs: 0.08,
};

function results(t: TransferFigures, p: PgbenchFigures): BenchResults {
  return {
    startedAt: new Date('2026-11-22T00:00:00Z'),
    seconds: 100,
    machine: {
      cpu: 'test',
      cores: 2,
      memoryGb: 24,
      loadBefore: [1, 1, 1],
      loadAfter: [2, 2, 2],
      node: 'v20',
    },
    postgres: {},
    transfers: t,
    pgbench: p,
    appends: [],
    catchUp: [],
    frontend: [],
    notes: [],
  };
}

describe('the report of (a)', () => {
  it('splits the CPU of a transfer and compares it with a TPC-B transaction', () => {
    const report = markdownReport(results(transfers({}), pgbench));
    expect(report).toContain(
      '| CPU per transfer at saturation | 5.00 ms: bank main thread 1.40 (HTTP, commands), its other threads 1.10 (projections, garbage collection), PostgreSQL 2.20, load generator 0.30 |',
    );
    expect(report).toContain(
      '| CPU per pgbench TPC-B transaction | 0.50 ms: PostgreSQL 0.42, pgbench 0.08; a transfer costs 10.0× as much |',
    );
  });

  it('leaves the split out where /proc gave no figure', () => {
    const report = markdownReport(
      results(transfers({ postgresCpuMs: undefined }), { ...pgbench, postgresCpuMs: undefined }),
    );
    expect(report).not.toContain('CPU per transfer');
    expect(report).not.toContain('CPU per pgbench');
  });
});

describe('the CRUD baseline in the report', () => {
  const crud = {
    clients: 16,
    accounts: 256,
    transfersPerSecond: 800,
    errors: 0,
    nodeCpuMs: 0.6,
    postgresCpuMs: 0.5,
    generatorCpuMs: 0.1,
    walBytes: 1024,
  };

  it('compares transfers/s and CPU per transfer with the baseline and with TPC-B as ratios', () => {
    const report = markdownReport({ ...results(transfers({}), pgbench), crud });
    expect(report).toContain(
      '| (a) transfers/s vs the CRUD baseline | 400 vs 800 = 0.50× | ≥ 1.0× | 0.50× | **not met** |',
    );
    expect(report).toContain(
      '| (a) CPU per transfer vs per TPC-B transaction | 5.00 vs 0.50 ms = 10.00× | ≤ 2.5× | 0.25× | **not met** |',
    );
    expect(report).toContain(
      '| CPU per CRUD baseline transfer | 1.20 ms: its Node process 0.60, PostgreSQL 0.50, load generator 0.10; a bank transfer costs 4.2× as much |',
    );
    expect(report).toContain(
      "the bank does 0.50× as many; 1.0 KB of WAL per transfer, the bank's 9.0× as much |",
    );
    expect(report).toContain('0.34 WAL flushes, 9.0 KB of WAL, ');
  });

  it('meets the throughput target when the bank does as many transfers as the baseline', () => {
    const report = markdownReport({
      ...results(transfers({}), pgbench),
      crud: { ...crud, transfersPerSecond: 400 },
    });
    expect(report).toContain(
      '| (a) transfers/s vs the CRUD baseline | 400 vs 400 = 1.00× | ≥ 1.0× | 1.00× | met |',
    );
  });

  it('lists the WAL a transfer writes by relation, in KB per transfer', () => {
    const wal = {
      totalBytes: 12288,
      top: [
        { where: 'events', bytes: 6144, fullPageBytes: 1024 },
        { where: 'events_pkey', bytes: 2048, fullPageBytes: 0 },
      ],
    };
    const report = markdownReport(results({ ...transfers({}), wal }, pgbench));
    expect(report).toContain(
      '#### WAL at saturation (per transfer; 12.0 KB in all, by the relation each block changed)',
    );
    expect(report).toContain('| `events` | 6.00 | 1.00 |');
    expect(report).toContain('| `events_pkey` | 2.00 | 0.00 |');
  });

  it("says how much of the open loop's tail the bank's handler and its commits account for", () => {
    const serverTail = {
      request: { p50: 4, p99: 20.5 },
      commit: { p50: 2, p99: 12.25 },
      queueWait: { p50: 0.5, p99: 7 },
      retries: 3,
    };
    const report = markdownReport(results({ ...transfers({}), serverTail }, pgbench));
    expect(report).toContain(
      "router to answer 4.0 / 20.5 ms, of which an append queued to committed 2.0 / 12.3 ms (waiting for its group commit to begin 0.5 / 7.0 ms; 3 group commits run again after a deadlock); the load generator's p99 above is 24.5 ms more",
    );
    expect(markdownReport(results(transfers({}), pgbench))).not.toContain('router to answer');
  });

  it("puts the baseline's tail under the same open loop beside the bank's p99", () => {
    const atRate = {
      rate: 200,
      transfersPerSecond: 200,
      errors: 0,
      latency: { count: 3000, p50: 2, p95: 9, p99: 30, max: 41 },
    };
    const report = markdownReport({
      ...results(transfers({}), pgbench),
      crud: { ...crud, atRate },
    });
    expect(report).toContain(
      '| (a) p99 at half saturation (200/s) | 45.0 ms (the CRUD baseline at the same rate: 30.0 ms) | < 50 ms | 1.11× | met |',
    );
    expect(report).toContain(
      "| CRUD baseline, open loop at 200/s (as the bank's above): latency p50 / p95 / p99 / max | 2.0 / 9.0 / 30.0 / 41.0 ms (0 errors); the bank's p99 is 1.50× its |",
    );
    expect(markdownReport({ ...results(transfers({}), pgbench), crud })).not.toContain(
      'CRUD baseline at the same rate',
    );
  });

  it('shows where the time went: statements (pipes kept inside their cell), profile, loop delay', () => {
    const t: TransferFigures = {
      ...transfers({}),
      statements: {
        totalMicros: 2000,
        totalPlanMicros: 0,
        top: [
          {
            query: "SELECT 'a' || b FROM events",
            calls: 0.5,
            rows: 12,
            micros: 900,
            planMicros: 0,
          },
        ],
      },
      mainThread: [{ where: '(garbage collector)', share: 0.124, microsPerTransfer: 150 }],
    };
    const report = markdownReport(results(t, pgbench));
    expect(report).toContain("| `SELECT 'a' \\|\\| b FROM events` | 0.50 | 12.0 | 900.0 |");
    expect(report).not.toContain('µs planning');
    expect(report).toContain('| `(garbage collector)` | 12.4% | 150.0 |');
    expect(report).toContain(
      "| the bank's event-loop delay at that rate, p50 / p99 / max | 10.2 / 31.5 / 80.1 ms |",
    );
  });
});

describe('the report of (c)', () => {
  const rebuild = { projection: 'transactions', events: 90_000, elapsedMs: 1_500 };

  it("splits a rebuild's CPU per event between its Node process and PostgreSQL", () => {
    const report = markdownReport({
      ...results(transfers({}), pgbench),
      catchUp: [
        { ...rebuild, eventsPerSecond: 60_000, nodeCpuMicros: 12.34, postgresCpuMicros: 8.5 },
      ],
    });
    expect(report).toContain(
      "| rebuild of transactions over the log | 90,000 events in 1,500 ms = 60,000 events/s; CPU per event: the rebuild's Node process 12.3 µs, PostgreSQL 8.5 µs |",
    );
  });

  it('gives the rate and CPU past the first tenth beside the whole catch-up', () => {
    const report = markdownReport({
      ...results(transfers({}), pgbench),
      catchUp: [
        {
          ...rebuild,
          eventsPerSecond: 60_000,
          nodeCpuMicros: 12.34,
          postgresCpuMicros: 8.5,
          warm: { eventsPerSecond: 75_000, nodeCpuMicros: 9.04, postgresCpuMicros: 7.96 },
        },
      ],
    });
    expect(report).toContain(
      "= 60,000 events/s; CPU per event: the rebuild's Node process 12.3 µs, PostgreSQL 8.5 µs; past its first tenth 75,000 events/s; CPU per event: the rebuild's Node process 9.0 µs, PostgreSQL 8.0 µs |",
    );
    expect(report).toContain(
      '| (c) catch-up transactions | 60,000 events/s over 90,000 events (past the first tenth: 75,000) | ≥ 100,000 events/s | 0.60× | **not met** |',
    );
  });

  it('gives the rate alone where /proc gave no figure', () => {
    const report = markdownReport({
      ...results(transfers({}), pgbench),
      catchUp: [{ ...rebuild, eventsPerSecond: 60_000, nodeCpuMicros: 12.34 }],
    });
    expect(report).toContain(
      '| rebuild of transactions over the log | 90,000 events in 1,500 ms = 60,000 events/s |',
    );
  });
});
