import { describe, expect, it } from 'vitest';
import type { LagCpu } from './lag-cpu.ts';
import type { StatementProfile } from './profile.ts';
import type { LagFigures } from './scale-lag.ts';
import { scaleReport, type LagPhase, type ThroughputFigure } from './scale-report.ts';
import { summarize } from './stats.ts';

/** A catch-up whose workers spent three quarters of their CPU on their main threads. */
const catchUp = (workers: number, seconds: number, cpu: number[]): ThroughputFigure => ({
  workers,
  events: 150_000,
  relaySeconds: 3,
  startSeconds: 2,
  seconds,
  slowest: 'accounts',
  perProjection: { accounts: seconds, transactions: seconds - 1 },
  loadAfter: [1, 1, 1],
  cpuPerEventUs: cpu,
  mainThreadPerEventUs: cpu.map((us) => us * 0.75),
  steadyCpuPerEventUs: cpu.reduce((a, b) => a + b, 0) * 0.9,
  // A warm-up in the first tenths of each process, then the steady cost.
  perTenthUs: Array.from({ length: 10 }, (_, i) => (i < 3 ? 2 : 1) * (cpu[0]! * cpu.length)),
  share: Array.from({ length: workers }, () => 6 / workers),
});

const lagFigures = (row: number[]): LagFigures => ({
  offered: 5_000,
  appended: 5_000,
  failed: 0,
  seconds: 10,
  pollMs: 10,
  kafka: summarize([20, 30, 70]),
  row: summarize(row),
  all: summarize([50, 80, 150]),
  unseen: 0,
});

const run = (
  throughput: ThroughputFigure[],
  lagCpu?: LagCpu,
  lagStatements?: StatementProfile,
  more: LagPhase[] = [],
) =>
  scaleReport({
    startedAt: new Date('2026-11-28T19:14:00Z'),
    finishedAt: new Date('2026-11-28T19:21:00Z'),
    loadBefore: [0.5, 0.5, 0.5],
    kafkaVersion: '4.1.0',
    partitions: 6,
    accounts: 7_500,
    generationSeconds: 9,
    projectionNames: ['accounts', 'transactions'],
    embedded: { seconds: 30, cpuPerEventUs: 80 },
    throughput,
    lagRate: 500,
    lags: [
      {
        workers: throughput.at(-1)!.workers,
        figures: lagFigures([40, 60, 120]),
        cpu: lagCpu,
        statements: lagStatements,
        catchUp: throughput.at(-1),
      },
      ...more,
    ],
  });

const rowOf = (report: string, start: string) =>
  report.split('\n').find((line) => line.startsWith(start));

describe('scaleReport', () => {
  it("sums each catch-up's CPU per event over its workers and compares it with the embedded runner", () => {
    const report = run([catchUp(1, 25, [90]), catchUp(3, 20, [40, 35, 30])]);
    expect(rowOf(report, '| 3 | 20.0 s |')).toContain(
      '| 40 µs / 35 µs / 30 µs | 105 µs | 79 / 26 µs | 95 µs |',
    );
    expect(rowOf(report, '| 3 | 20.0 s |')).toContain('| 1.25× | 1.50× |');
    expect(report).not.toContain('Medians over the repeated catch-ups');
  });

  it('adds the medians of repeated worker counts', () => {
    const report = run([
      catchUp(1, 25, [90]),
      catchUp(3, 20, [40, 35, 30]),
      catchUp(1, 24, [100]),
      catchUp(3, 22, [50, 40, 30]),
    ]);
    expect(report).toContain('Medians over the repeated catch-ups');
    expect(rowOf(report, '| 1 | 2 | 24.5 s |')).toContain(
      '| 95 µs | 1.00× | 71 µs | 1.00× | 24 µs | 1.00× | 86 µs | 1.00× |',
    );
    expect(rowOf(report, '| 3 | 2 | 21.0 s |')).toContain(
      '| 113 µs | 1.18× | 84 µs | 1.18× | 28 µs | 1.18× | 101 µs | 1.18× |',
    );
  });

  it("shows each catch-up's CPU per event tenth by tenth, where the warm-up shows", () => {
    const report = run([catchUp(1, 25, [90]), catchUp(3, 20, [40, 35, 30])]);
    expect(report).toContain("in each tenth of the catch-up's messages");
    expect(rowOf(report, '| 1 | 180 µs |')).toBe(
      '| 1 | 180 µs | 180 µs | 180 µs | 90 µs | 90 µs | 90 µs | 90 µs | 90 µs | 90 µs | 90 µs |',
    );
    expect(rowOf(report, '| 3 | 240 µs |')).toMatch(/\| 120 µs \|$/);
  });

  it('says n/a where a catch-up was too short for its steady part', () => {
    const short = { ...catchUp(1, 0.1, [90]), steadyCpuPerEventUs: NaN };
    const report = run([short, { ...short }]);
    expect(rowOf(report, '| 1 | 0.1 s |')).toContain('| 68 / 23 µs | n/a |');
    expect(rowOf(report, '| 1 | 2 | 0.1 s |')).toMatch(/\| n\/a \| n\/a \|$/);
  });

  it('states the lag from commit to Kafka, to the read model and to every checkpoint', () => {
    const report = run([catchUp(1, 25, [90])]);
    expect(report).toContain('5000 deposits at 500/s, polled every 10 ms');
    expect(rowOf(report, '| 1 | its row in `rm_accounts`')).toContain(
      '| 120.0 ms | 120.0 ms | 3 |',
    );
    expect(report).toContain(
      'With 1 worker (those of the last catch-up): 5000 of 5000 appends committed (0 failed)',
    );
  });

  it('states the lag of each worker count it was measured with', () => {
    const report = run([catchUp(1, 25, [90]), catchUp(3, 20, [40, 35, 30])], undefined, undefined, [
      { workers: 1, figures: lagFigures([30, 50, 90]) },
    ]);
    expect(rowOf(report, '| 3 | its row in `rm_accounts`')).toContain(
      '| 120.0 ms | 120.0 ms | 3 |',
    );
    expect(rowOf(report, '| 1 | its row in `rm_accounts`')).toContain('| 90.0 ms | 90.0 ms | 3 |');
    expect(report).toContain('With 3 workers (those of the last catch-up)');
    expect(report).toContain('With 1 worker (started for this phase, after a warm-up)');
  });

  it("puts the lag phase's CPU per event beside the same workers' catch-up", () => {
    const lagCpu: LagCpu = {
      workersPerEventUs: 850,
      postgresPerEventUs: 600,
      benchPerEventUs: 400,
      restPerEventUs: 300,
      busyShare: 0.96,
    };
    const report = run([catchUp(3, 20, [40, 35, 30])], lagCpu);
    expect(report).toContain(
      'the workers 850 µs (105 µs per event in their catch-up above), PostgreSQL 600 µs',
    );
    expect(report).toContain("the machine's cores were 96% busy.");
    expect(run([catchUp(1, 25, [90])])).not.toContain('during this phase');
  });

  it("lists the lag phase's dearest statements per deposit, with their planning time", () => {
    const statements: StatementProfile = {
      totalMicros: 1500,
      totalPlanMicros: 120,
      top: [{ query: 'SELECT append_events($1)', calls: 1, rows: 1, micros: 300, planMicros: 4.5 }],
    };
    const report = run([catchUp(3, 20, [40, 35, 30])], undefined, statements);
    expect(report).toContain(
      '#### PostgreSQL statements while the lag was measured with 3 workers (per deposit; 1,500 µs of planning and execution in all, of which 120 µs planning',
    );
    expect(report).toContain('| `SELECT append_events($1)` | 1.00 | 1.0 | 300.0 | 4.5 |');
    expect(run([catchUp(1, 25, [90])])).not.toContain('PostgreSQL statements');
  });
});
