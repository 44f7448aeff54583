import os from 'node:os';
import type { CrudBaselineFigures } from './crud-baseline/index.ts';
import type { AppendFigure } from './event-store-bench.ts';
import type { PageFigure } from './frontend-bench.ts';
import type { PgbenchFigures } from './pgbench.ts';
import type { StatementProfile } from './profile.ts';
import type { CatchUpFigure } from './projections-bench.ts';
import { formatNumber as n, OPEN_LOOP_WARMUP_MS } from './stats.ts';
import type { LagFigures, TransferFigures } from './transfers-bench.ts';

export interface BenchResults {
  startedAt: Date;
  seconds: number;
  machine: {
    cpu: string;
    cores: number;
    memoryGb: number;
    loadBefore: number[];
    loadAfter: number[];
    node: string;
  };
  postgres: Record<string, string>;
  transfers?: TransferFigures;
  pgbench?: PgbenchFigures;
  /** The plain CRUD transfer service a team would otherwise write, on the same server. */
  crud?: CrudBaselineFigures;
  appends: AppendFigure[];
  catchUp: CatchUpFigure[];
  lag?: LagFigures;
  frontend: PageFigure[];
  notes: string[];
}

export interface Target {
  name: string;
  measured: string;
  target: string;
  ratio: number;
  met: boolean;
}

export function machineNow() {
  return {
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cores: os.cpus().length,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    loadBefore: os.loadavg(),
    loadAfter: [] as number[],
    node: process.version,
  };
}

const ms = (value: number) => n(value, 2);

/** CPU per transfer of every process involved (bank, PostgreSQL, load generator), in ms. */
function transferCpuMs(t: TransferFigures): number | undefined {
  const { nodeCpuMs, postgresCpuMs, generatorCpuMs } = t.cost;
  if (postgresCpuMs === undefined || generatorCpuMs === undefined) return undefined;
  return nodeCpuMs + postgresCpuMs + generatorCpuMs;
}

function tpcbCpuMs(p: PgbenchFigures): number | undefined {
  if (p.postgresCpuMs === undefined || p.clientCpuMs === undefined) return undefined;
  return p.postgresCpuMs + p.clientCpuMs;
}

/** The rebuild's CPU per event of the log, on each side, where /proc gave it. */
function catchUpCpu(c: { nodeCpuMicros?: number; postgresCpuMicros?: number }): string {
  if (c.nodeCpuMicros === undefined || c.postgresCpuMicros === undefined) return '';
  return `; CPU per event: the rebuild's Node process ${n(c.nodeCpuMicros, 1)} µs, PostgreSQL ${n(c.postgresCpuMicros, 1)} µs`;
}

/** The rebuild once warmed up: past the first tenth of its events. */
const warmCatchUp = (c: CatchUpFigure) =>
  c.warm ? `; past its first tenth ${n(c.warm.eventsPerSecond)} events/s${catchUpCpu(c.warm)}` : '';

const latencies = (l: { p50: number; p95: number; p99: number; max: number }) =>
  `${n(l.p50, 1)} / ${n(l.p95, 1)} / ${n(l.p99, 1)} / ${n(l.max, 1)} ms`;

function crudCpuMs(c: CrudBaselineFigures): number | undefined {
  if (c.nodeCpuMs === undefined || c.postgresCpuMs === undefined) return undefined;
  if (c.generatorCpuMs === undefined) return undefined;
  return c.nodeCpuMs + c.postgresCpuMs + c.generatorCpuMs;
}

/** The performance targets as ratios of measured to target (≥ 1 is met). */
export function targets(r: BenchResults): Target[] {
  const list: Target[] = [];
  if (r.transfers && r.crud) {
    const ratio = r.transfers.saturationTps / r.crud.transfersPerSecond;
    list.push({
      name: '(a) transfers/s vs the CRUD baseline',
      measured: `${n(r.transfers.saturationTps)} vs ${n(r.crud.transfersPerSecond)} = ${n(ratio, 2)}×`,
      target: '≥ 1.0×',
      ratio,
      met: ratio >= 1,
    });
  }
  const perTransfer = r.transfers && transferCpuMs(r.transfers);
  const perTpcb = r.pgbench && tpcbCpuMs(r.pgbench);
  if (perTransfer !== undefined && perTpcb !== undefined) {
    const ratio = perTransfer / perTpcb;
    list.push({
      name: '(a) CPU per transfer vs per TPC-B transaction',
      measured: `${ms(perTransfer)} vs ${ms(perTpcb)} ms = ${n(ratio, 2)}×`,
      target: '≤ 2.5×',
      ratio: 2.5 / ratio,
      met: ratio <= 2.5,
    });
  }
  if (r.transfers) {
    const p99 = r.transfers.latency.p99;
    const peer = r.crud?.atRate;
    list.push({
      name: `(a) p99 at half saturation (${r.transfers.halfRate}/s)`,
      measured: `${n(p99, 1)} ms${peer ? ` (the CRUD baseline at the same rate: ${n(peer.latency.p99, 1)} ms)` : ''}`,
      target: '< 50 ms',
      ratio: 50 / p99,
      met: p99 < 50,
    });
  }
  const at16 = (store: string) =>
    r.appends.find((a) => a.store === store && a.writers === 16 && a.eventsPerAppend === 1);
  const ours = at16('bank');
  const theirs = at16('emmett');
  if (ours && theirs) {
    const ratio = ours.appendsPerSecond / theirs.appendsPerSecond;
    list.push({
      name: '(b) appends/s at 16 single-event writers vs Emmett',
      measured: `${n(ours.appendsPerSecond)} vs ${n(theirs.appendsPerSecond)} = ${n(ratio, 2)}×`,
      target: '≥ 2.0×',
      ratio: ratio / 2,
      met: ratio >= 2,
    });
  }
  for (const c of r.catchUp) {
    list.push({
      name: `(c) catch-up ${c.projection}`,
      measured: `${n(c.eventsPerSecond)} events/s over ${n(c.events)} events${c.warm ? ` (past the first tenth: ${n(c.warm.eventsPerSecond)})` : ''}`,
      target: '≥ 100,000 events/s',
      ratio: c.eventsPerSecond / 100_000,
      met: c.eventsPerSecond >= 100_000,
    });
  }
  if (r.lag) {
    list.push({
      name: '(c) projection lag p99 under mixed load',
      measured: `${n(r.lag.lag.p99, 1)} ms`,
      target: '< 200 ms',
      ratio: 200 / r.lag.lag.p99,
      met: r.lag.lag.p99 < 200,
    });
  }
  for (const p of r.frontend) {
    list.push({
      name: `(d) initial JS of ${p.page} (gzip)`,
      measured: `${n(p.jsGzipBytes / 1024, 1)} KB`,
      target: '≤ 150 KB',
      ratio: (150 * 1024) / p.jsGzipBytes,
      met: p.jsGzipBytes <= 150 * 1024,
    });
    list.push({
      name: `(d) LCP of ${p.page}`,
      measured: `${n(p.lcpMs)} ms`,
      target: '< 1000 ms',
      ratio: 1000 / p.lcpMs,
      met: p.lcpMs < 1000,
    });
  }
  return list;
}

/**
 * Where the cores go: the CPU of one transfer split between the processes that share the machine,
 * next to one TPC-B transaction's. At saturation both keep every core busy, so the ratio of the
 * two totals is what the throughput ratio comes down to.
 */
function cpuSplitRows(
  t: TransferFigures,
  pgbench: PgbenchFigures | undefined,
  crud: CrudBaselineFigures | undefined,
): string[][] {
  const { nodeCpuMs, mainThreadCpuMs: main, postgresCpuMs: postgres, generatorCpuMs } = t.cost;
  const transferTotal = transferCpuMs(t);
  if (main === undefined || transferTotal === undefined) return [];
  const rows = [
    [
      'CPU per transfer at saturation',
      `${ms(transferTotal)} ms: bank main thread ${ms(main)} (HTTP, commands), its other threads ${ms(nodeCpuMs - main)} (projections, garbage collection), PostgreSQL ${ms(postgres!)}, load generator ${ms(generatorCpuMs!)}`,
    ],
  ];
  const tpcbTotal = pgbench && tpcbCpuMs(pgbench);
  if (pgbench && tpcbTotal !== undefined) {
    rows.push([
      'CPU per pgbench TPC-B transaction',
      `${ms(tpcbTotal)} ms: PostgreSQL ${ms(pgbench.postgresCpuMs!)}, pgbench ${ms(pgbench.clientCpuMs!)}; a transfer costs ${n(transferTotal / tpcbTotal, 1)}× as much`,
    ]);
  }
  const crudTotal = crud && crudCpuMs(crud);
  if (crud && crudTotal !== undefined) {
    rows.push([
      'CPU per CRUD baseline transfer',
      `${ms(crudTotal)} ms: its Node process ${ms(crud.nodeCpuMs!)}, PostgreSQL ${ms(crud.postgresCpuMs!)}, load generator ${ms(crud.generatorCpuMs!)}; a bank transfer costs ${n(transferTotal / crudTotal, 1)}× as much`,
    ]);
  }
  return rows;
}

function table(headers: string[], rows: (string | number)[][]): string {
  return [
    `| ${headers.join(' | ')} |`,
    `|${headers.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
}

/** A table cell holding code: pipes would end the cell. */
const codeCell = (text: string) => `\`${text.replaceAll('|', '\\|').replaceAll('`', "'")}\``;

/**
 * PostgreSQL's dearest statements in one phase, per operation (a transfer, a deposit), as a heading
 * and a table; a planning column where the server tracked planning.
 */
export function statementSection(
  profile: StatementProfile,
  phase: string,
  operation: string,
): string[] {
  const planned = profile.totalPlanMicros > 0;
  const planning = planned ? `, of which ${n(profile.totalPlanMicros)} µs planning` : '';
  return [
    `#### PostgreSQL statements ${phase} (per ${operation}; ${n(profile.totalMicros)} µs of planning and execution in all${planning}, wall time in the backends)`,
    '',
    table(
      ['statement', 'calls', 'rows', 'µs', ...(planned ? ['of which planning'] : [])],
      profile.top.map((s) => [
        codeCell(s.query),
        n(s.calls, 2),
        n(s.rows, 1),
        n(s.micros, 1),
        ...(planned ? [n(s.planMicros, 1)] : []),
      ]),
    ),
  ];
}

/** Where a transfer's time goes: PostgreSQL's dearest statements and the main thread's profile. */
function profileSections(t: TransferFigures): string[] {
  const parts: string[] = [];
  if (t.statements) {
    parts.push('', ...statementSection(t.statements, 'at saturation', 'transfer'));
  }
  if (t.wal) {
    parts.push(
      `\n#### WAL at saturation (per transfer; ${n(t.wal.totalBytes / 1024, 1)} KB in all, by the relation each block changed)\n`,
    );
    parts.push(
      table(
        ['where', 'KB', 'of which full-page images'],
        t.wal.top.map((w) => [
          codeCell(w.where),
          n(w.bytes / 1024, 2),
          n(w.fullPageBytes / 1024, 2),
        ]),
      ),
    );
  }
  if (t.mainThread && t.mainThread.length > 0) {
    parts.push(
      "\n#### The bank's main thread (sampled over a closed loop of its own; own time, not callees; the shares of its measured CPU)\n",
    );
    parts.push(
      table(
        ['where', 'share', 'µs per transfer'],
        t.mainThread.map((p) => [
          codeCell(p.where),
          `${n(p.share * 100, 1)}%`,
          n(p.microsPerTransfer, 1),
        ]),
      ),
    );
  }
  return parts;
}

/** The whole run as Markdown: what the console shows and what docs/benchmarks.md keeps. */
export function markdownReport(r: BenchResults): string {
  const m = r.machine;
  const parts: string[] = [];
  parts.push(
    `Run of ${r.startedAt.toISOString()} (${n(r.seconds)} s), ${m.cores} × ${m.cpu}, ${m.memoryGb} GiB, Node ${m.node}, ` +
      `load average ${m.loadBefore.map((l) => n(l, 1)).join('/')} before and ${m.loadAfter.map((l) => n(l, 1)).join('/')} after; ` +
      `PostgreSQL ${r.postgres.server_version} (embedded), fsync=${r.postgres.fsync}, synchronous_commit=${r.postgres.synchronous_commit}, ` +
      `wal_sync_method=${r.postgres.wal_sync_method}, shared_buffers=${r.postgres.shared_buffers}.`,
  );
  parts.push('### Targets\n');
  parts.push(
    table(
      ['target', 'measured', 'wanted', 'ratio to target', ''],
      targets(r).map((t) => [
        t.name,
        t.measured,
        t.target,
        `${n(t.ratio, 2)}×`,
        t.met ? 'met' : '**not met**',
      ]),
    ),
  );
  if (r.transfers) {
    const t = r.transfers;
    parts.push('\n### (a) Transfers through the HTTP API\n');
    parts.push(
      table(
        ['measure', 'value'],
        [
          ['clients (closed loop) / customers', `${t.clients} / ${t.customers}`],
          [
            'durable transfers/s at saturation',
            `${n(t.saturationTps)} (${t.saturationErrors} errors)`,
          ],
          [
            'cost per transfer at saturation',
            `${n(t.cost.commits, 1)} PostgreSQL transactions (read-only ones included), ${n(t.cost.walFlushes, 2)} WAL flushes, ${n(t.cost.walBytes / 1024, 1)} KB of WAL, ${n(t.cost.nodeCpuMs, 1)} ms CPU of the bank's Node process${t.cost.mainThreadCpuMs === undefined ? '' : `, of which ${n(t.cost.mainThreadCpuMs, 1)} ms on its main thread (event loop busy ${Math.round(t.cost.eventLoopUtilization * 100)}% of the time)`}`,
          ],
          [
            'open loop at half that rate',
            `${t.halfRate}/s offered, ${n(t.halfRateTps)}/s done (${t.halfRateErrors} errors), measured after ${OPEN_LOOP_WARMUP_MS / 1000} s at the same rate`,
          ],
          ['latency p50 / p95 / p99 / max', latencies(t.latency)],
          [
            "the bank's event-loop delay at that rate, p50 / p99 / max",
            `${n(t.loopDelay.p50, 1)} / ${n(t.loopDelay.p99, 1)} / ${n(t.loopDelay.max, 1)} ms`,
          ],
          ...(t.serverTail
            ? [
                [
                  'inside the bank at that rate (its own histograms, interpolated in their buckets), p50 / p99',
                  `router to answer ${n(t.serverTail.request.p50, 1)} / ${n(t.serverTail.request.p99, 1)} ms, of which an append queued to committed ${n(t.serverTail.commit.p50, 1)} / ${n(t.serverTail.commit.p99, 1)} ms (waiting for its group commit to begin ${n(t.serverTail.queueWait.p50, 1)} / ${n(t.serverTail.queueWait.p99, 1)} ms; ${t.serverTail.retries} group commits run again after a deadlock); the load generator's p99 above is ${n(t.latency.p99 - t.serverTail.request.p99, 1)} ms more (sockets, parsing before routing, the load generator)`,
                ],
              ]
            : []),
          ...(r.pgbench
            ? [
                [
                  `pgbench TPC-B (-c ${r.pgbench.clients} -j 2 -T ${r.pgbench.seconds}, scale ${r.pgbench.scale})`,
                  `${n(r.pgbench.tps)} tps, average latency ${n(r.pgbench.latencyAvgMs, 1)} ms`,
                ],
              ]
            : []),
          ...(r.crud
            ? [
                [
                  `CRUD baseline (${r.crud.clients} clients over ${r.crud.accounts} accounts, same closed loop)`,
                  `${n(r.crud.transfersPerSecond)} transfers/s (${r.crud.errors} errors); the bank does ${n(t.saturationTps / r.crud.transfersPerSecond, 2)}× as many${r.crud.walBytes === undefined ? '' : `; ${n(r.crud.walBytes / 1024, 1)} KB of WAL per transfer, the bank's ${n(t.cost.walBytes / r.crud.walBytes, 1)}× as much`}`,
                ],
              ]
            : []),
          ...(r.crud?.atRate
            ? [
                [
                  `CRUD baseline, open loop at ${r.crud.atRate.rate}/s (as the bank's above): latency p50 / p95 / p99 / max`,
                  `${latencies(r.crud.atRate.latency)} (${r.crud.atRate.errors} errors); the bank's p99 is ${n(t.latency.p99 / r.crud.atRate.latency.p99, 2)}× its`,
                ],
              ]
            : []),
          ...(r.pgbench
            ? [['transfers/s vs pgbench TPC-B tps', `${n(t.saturationTps / r.pgbench.tps, 2)}×`]]
            : []),
          ...cpuSplitRows(t, r.pgbench, r.crud),
        ],
      ),
    );
    parts.push(...profileSections(t));
  }
  if (r.appends.length > 0) {
    parts.push('\n### (b) Event store appends (closed loop, each append durable)\n');
    const cases = [...new Set(r.appends.map((a) => `${a.writers}|${a.eventsPerAppend}`))];
    parts.push(
      table(
        [
          'writers',
          'events per append',
          'this bank: appends/s (events/s)',
          'Emmett: appends/s (events/s)',
          'ratio',
        ],
        cases.map((key) => {
          const [w, e] = key.split('|').map(Number);
          const ours = r.appends.find(
            (a) => a.store === 'bank' && a.writers === w && a.eventsPerAppend === e,
          )!;
          const theirs = r.appends.find(
            (a) => a.store === 'emmett' && a.writers === w && a.eventsPerAppend === e,
          )!;
          return [
            w!,
            e!,
            `${n(ours.appendsPerSecond)} (${n(ours.eventsPerSecond)})`,
            `${n(theirs.appendsPerSecond)} (${n(theirs.eventsPerSecond)})`,
            `${n(ours.appendsPerSecond / theirs.appendsPerSecond, 2)}×`,
          ];
        }),
      ),
    );
  }
  if (r.catchUp.length > 0 || r.lag) {
    parts.push('\n### (c) Projections\n');
    parts.push(
      table(
        ['measure', 'value'],
        [
          ...r.catchUp.map((c) => [
            `rebuild of ${c.projection} over the log`,
            `${n(c.events)} events in ${n(c.elapsedMs)} ms = ${n(c.eventsPerSecond)} events/s${catchUpCpu(c)}${warmCatchUp(c)}`,
          ]),
          ...(r.lag
            ? [
                [
                  `lag under mixed load (${r.lag.rate} req/s, half transfers, half reads, after ${OPEN_LOOP_WARMUP_MS / 1000} s unmeasured)`,
                  `p50 ${n(r.lag.lag.p50, 1)} ms, p99 ${n(r.lag.lag.p99, 1)} ms, max ${n(r.lag.lag.max, 1)} ms over ${r.lag.transfers} transfers (${r.lag.errors} errors)`,
                ],
              ]
            : []),
        ],
      ),
    );
  }
  if (r.frontend.length > 0) {
    parts.push('\n### (d) Frontend (headless Chromium, cold cache, median of 3 loads)\n');
    parts.push(
      table(
        ['page', 'scripts loaded', 'JS raw', 'JS gzip', 'LCP (runs)'],
        r.frontend.map((p) => [
          p.page,
          p.scripts,
          `${n(p.jsRawBytes / 1024, 1)} KB`,
          `${n(p.jsGzipBytes / 1024, 1)} KB`,
          `${n(p.lcpMs)} ms (${p.lcpRunsMs.map((v) => n(v)).join(', ')})`,
        ]),
      ),
    );
  }
  if (r.notes.length > 0) parts.push(`\n### Notes\n\n${r.notes.map((x) => `- ${x}`).join('\n')}`);
  return parts.join('\n');
}
