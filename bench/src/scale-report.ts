/**
 * The Markdown report of `npm run bench:scale` (scale-bench.ts): the throughput of each catch-up
 * next to the embedded runner, the medians of repeated worker counts, each projection's time to
 * the head, and the end-to-end lag.
 */
import os from 'node:os';
import { repeatMedians } from './repeats.ts';
import type { LagCpu } from './lag-cpu.ts';
import type { StatementProfile } from './profile.ts';
import { statementSection } from './report.ts';
import type { LagFigures } from './scale-lag.ts';
import { formatNumber } from './stats.ts';

export interface ThroughputFigure {
  workers: number;
  events: number;
  relaySeconds: number;
  startSeconds: number;
  seconds: number;
  slowest: string;
  /** Each projection's time to reach the head, seconds. */
  perProjection: Record<string, number>;
  loadAfter: number[];
  /** Each worker's CPU (its process tree) per log event, µs, from the gate's opening to the head. */
  cpuPerEventUs: number[];
  /** The part of cpuPerEventUs on the workers' main threads (the rest: V8's helper threads). */
  mainThreadPerEventUs: number[];
  /** CPU per log event summed over the workers, the last two thirds of the catch-up, µs. */
  steadyCpuPerEventUs: number;
  /** CPU per log event summed over the workers, in each tenth of the catch-up's messages, µs. */
  perTenthUs: number[];
  /** Partitions each worker held over all projection groups, most first. */
  share: number[];
}

export interface EmbeddedFigure {
  seconds: number;
  /** CPU of the runner's process per event, µs (PostgreSQL's own CPU not included). */
  cpuPerEventUs: number;
}

export interface ScaleRun {
  startedAt: Date;
  finishedAt: Date;
  loadBefore: number[];
  kafkaVersion: string;
  partitions: number;
  accounts: number;
  generationSeconds: number;
  projectionNames: readonly string[];
  embedded: EmbeddedFigure;
  throughput: ThroughputFigure[];
  lagRate: number;
  /** The lag, measured with one or more worker counts (the first with the last catch-up's). */
  lags: LagPhase[];
}

/** The lag measured with one worker count, and where the CPU went meanwhile. */
export interface LagPhase {
  workers: number;
  figures: LagFigures;
  cpu?: LagCpu | undefined;
  /** PostgreSQL's statements meanwhile, per appended deposit. */
  statements?: StatementProfile | undefined;
  /** The catch-up these same worker processes made (none when they were started for the lag). */
  catchUp?: ThroughputFigure | undefined;
}

const ratio = (x: number | undefined) =>
  x === undefined || !Number.isFinite(x) ? 'n/a' : `${x.toFixed(2)}×`;
/** A figure in µs; n/a where there is none (a catch-up too short for its steady part). */
const us = (x: number) => (Number.isFinite(x) ? `${Math.round(x)} µs` : 'n/a');
const load = (l: number[]) => l.map((x) => x.toFixed(1)).join('/');
const ms = (x: number) => formatNumber(x, 1);

export function scaleReport(run: ScaleRun): string {
  const { throughput: rows, embedded } = run;
  const events = rows[0]?.events ?? 0;
  const single = rows.find((r) => r.workers === 1);
  const seconds = Math.round((run.finishedAt.getTime() - run.startedAt.getTime()) / 1000);
  const lines = [
    `Run of ${run.startedAt.toISOString()} (${seconds} s), ` +
      `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown CPU'}, ` +
      `${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average ` +
      `${load(run.loadBefore)} before and ${load(os.loadavg())} after; one Kafka ${run.kafkaVersion} ` +
      `broker (KRaft, \`log.flush.interval.messages=1\`), ${run.partitions} partitions on \`bank.events\`; ` +
      `embedded PostgreSQL; the log: ${formatNumber(events)} events ` +
      `(${formatNumber(run.accounts)} accounts, generated in SQL in ${run.generationSeconds.toFixed(1)} s).`,
    '',
    `### Projection throughput (all ${run.projectionNames.length} projections from Kafka, worker processes)`,
    '',
    '| workers | caught up in | events/s (every projection at the head) | vs 1 worker | vs embedded runner | CPU per event, each worker | CPU per event, all workers | of which main threads / other threads | all workers, the last two thirds of the log | partitions held, each worker | slowest projection | relay of the log | workers started and groups stable in | load average after |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    `| embedded runner (one process, no Kafka) | ${embedded.seconds.toFixed(1)} s | ` +
      `${formatNumber(events / embedded.seconds)} | | 1.00× | ${embedded.cpuPerEventUs} µs | ${embedded.cpuPerEventUs} µs | | | | | | | |`,
    ...rows.map(
      (r) =>
        `| ${r.workers} | ${r.seconds.toFixed(1)} s | ${formatNumber(r.events / r.seconds)} | ` +
        `${single ? `${(single.seconds / r.seconds).toFixed(2)}×` : 'n/a'} | ` +
        `${(embedded.seconds / r.seconds).toFixed(2)}× | ` +
        `${r.cpuPerEventUs.map((us) => `${Math.round(us)} µs`).join(' / ')} | ` +
        `${Math.round(cpuAllWorkers(r))} µs | ` +
        `${Math.round(mainThreadsAllWorkers(r))} / ${Math.round(cpuAllWorkers(r) - mainThreadsAllWorkers(r))} µs | ` +
        `${us(r.steadyCpuPerEventUs)} | ` +
        `${r.share.join(' / ')} | ${r.slowest} | ` +
        `${formatNumber(r.events / r.relaySeconds)} events/s | ${r.startSeconds.toFixed(1)} s | ` +
        `${load(r.loadAfter)} |`,
    ),
    ...repeatLines(rows),
    ...tenthLines(rows),
    '',
    `Each projection's time to the head of the log (every projection reads the ${run.partitions} partitions of \`bank.events\`, keyed by customer, shared by the workers):`,
    '',
    `| projection | ${rows.map((r) => `${r.workers} worker${r.workers > 1 ? 's' : ''}`).join(' | ')} |`,
    `|---|${rows.map(() => '---|').join('')}`,
    ...[...run.projectionNames]
      .sort((a, b) => (rows[0]?.perProjection[b] ?? 0) - (rows[0]?.perProjection[a] ?? 0))
      .map(
        (name) =>
          `| ${name} | ` +
          rows.map((r) => `${r.perProjection[name]?.toFixed(1) ?? '?'} s`).join(' | ') +
          ' |',
      ),
    '',
    ...lagLines(run),
  ];
  return lines.join('\n');
}

const workersOf = (n: number) => `${n} worker${n === 1 ? '' : 's'}`;

/** The lag of each phase, from commit to Kafka, to the read model and to every checkpoint. */
function lagLines(run: ScaleRun): string[] {
  const first = run.lags[0];
  if (!first) return [];
  const stages = (p: LagPhase) => {
    const f = p.figures;
    return [
      ["appended to Kafka (the relay's part: the broker's LogAppendTime of its record)", f.kafka],
      ['its row in `rm_accounts`', f.row],
      ["every projection's checkpoint past it", f.all],
    ] as const;
  };
  return [
    `### End-to-end lag (${first.figures.offered} deposits at ${formatNumber(run.lagRate)}/s, ` +
      `polled every ${first.figures.pollMs} ms)`,
    '',
    "| workers | from the append's commit to | p50 | p95 | p99 | max | samples |",
    '|---|---|---|---|---|---|---|',
    ...run.lags.flatMap((p) =>
      stages(p).map(
        ([stage, s]) =>
          `| ${p.workers} | ${stage} | ${ms(s.p50)} ms | ${ms(s.p95)} ms | ${ms(s.p99)} ms | ${ms(s.max)} ms | ${s.count} |`,
      ),
    ),
    ...run.lags.flatMap((p) => {
      const f = p.figures;
      const started = p.catchUp
        ? 'those of the last catch-up'
        : 'started for this phase, after a warm-up';
      return [
        '',
        `With ${workersOf(p.workers)} (${started}): ${f.appended} of ${f.offered} appends committed ` +
          `(${f.failed} failed), ${f.unseen} not seen within 60 s after the last.` +
          (p.cpu ? ` ${lagCpuLine(p.cpu, p.catchUp)}` : ''),
      ];
    }),
    ...(first.statements
      ? [
          '',
          ...statementSection(
            first.statements,
            `while the lag was measured with ${workersOf(first.workers)}`,
            'deposit',
          ),
        ]
      : []),
  ];
}

/** Where the CPU went during a lag phase, beside the same workers' catch-up. */
function lagCpuLine(cpu: LagCpu, lastCatchUp: ThroughputFigure | undefined): string {
  const maybe = (x: number | undefined) => (x === undefined ? 'n/a' : us(x));
  const busy =
    cpu.busyShare === undefined
      ? ''
      : `; the machine's cores were ${Math.round(cpu.busyShare * 100)}% busy`;
  const against = lastCatchUp
    ? ` (${us(cpuAllWorkers(lastCatchUp))} per event in their catch-up above)`
    : '';
  return (
    `CPU per appended event during this phase: the workers ${us(cpu.workersPerEventUs)}${against}, ` +
    `PostgreSQL ${maybe(cpu.postgresPerEventUs)}, the bench's own process (the appends, its Kafka ` +
    `observer and the polls) ${us(cpu.benchPerEventUs)}, the rest (the broker and anything else) ` +
    `${maybe(cpu.restPerEventUs)}${busy}.`
  );
}

/** CPU per log event summed over a catch-up's workers, µs. */
function cpuAllWorkers(r: ThroughputFigure): number {
  return r.cpuPerEventUs.reduce((a, b) => a + b, 0);
}

/** The main threads' part of it. */
function mainThreadsAllWorkers(r: ThroughputFigure): number {
  return r.mainThreadPerEventUs.reduce((a, b) => a + b, 0);
}

/**
 * The CPU per event in each tenth of every catch-up: each new worker process pays its own warm-up
 * (V8 compiling the same hot code), so the figures with more workers start higher and meet those
 * of one worker once each process is warm.
 */
function tenthLines(rows: ThroughputFigure[]): string[] {
  if (!rows.some((r) => r.perTenthUs.length > 0)) return [];
  return [
    '',
    "CPU per event, all workers, in each tenth of the catch-up's messages (the warm-up of each new process):",
    '',
    `| workers | ${Array.from({ length: 10 }, (_, i) => `${i + 1}`).join(' | ')} |`,
    `|---|${Array.from({ length: 10 }, () => '---|').join('')}`,
    ...rows.map((r) => `| ${r.workers} | ${r.perTenthUs.map(us).join(' | ')} |`),
  ];
}

/** Medians over the repeated catch-ups, where a worker count was measured more than once. */
function repeatLines(rows: ThroughputFigure[]): string[] {
  const medians = repeatMedians(
    rows.map((r) => ({
      workers: r.workers,
      seconds: r.seconds,
      cpuPerEventUs: cpuAllWorkers(r),
      mainThreadPerEventUs: mainThreadsAllWorkers(r),
      steadyCpuPerEventUs: r.steadyCpuPerEventUs,
    })),
  );
  if (!medians) return [];
  return [
    '',
    'Medians over the repeated catch-ups:',
    '',
    '| workers | catch-ups | caught up in | events/s | CPU per event, all workers | vs 1 worker | main threads | vs 1 worker | other threads | vs 1 worker | the last two thirds of the log | vs 1 worker |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...medians.map(
      (m) =>
        `| ${m.workers} | ${m.catchUps} | ${m.seconds.toFixed(1)} s | ` +
        `${formatNumber((rows[0]?.events ?? 0) / m.seconds)} | ${Math.round(m.cpuPerEventUs)} µs | ` +
        `${ratio(m.cpuVsOneWorker)} | ${Math.round(m.mainThreadPerEventUs)} µs | ` +
        `${ratio(m.mainThreadVsOneWorker)} | ` +
        `${Math.round(m.cpuPerEventUs - m.mainThreadPerEventUs)} µs | ${ratio(m.otherThreadsVsOneWorker)} | ` +
        `${us(m.steadyCpuPerEventUs)} | ${ratio(m.steadyVsOneWorker)} |`,
    ),
  ];
}
