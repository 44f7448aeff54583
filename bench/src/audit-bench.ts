/**
 * Benchmark (not a test): generates a log of N events (default 1,000,000) in a throwaway
 * PostgreSQL, then measures `rebuild` of the accounts projection and `verify`, printing events/s.
 *
 *   npm run bench:audit [-- --events 1000000 --accounts 10000]
 *
 * BENCH_DATABASE_URL runs it on a database of your own (it must be empty: it is filled).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { catalogue } from '@bank/events';
import { createPgEventStore, createPool, freePort, startEmbeddedPostgres } from '@bank/infra';
import { verifyLog } from '@bank/audit';
import { allProjections, checkDeterminism, rebuildWithShadow } from '@bank/projections';
import { parseArgs, progressBar } from '@bank/server/cli-support';
import { migrateAll } from '@bank/server';
import { generateAccountLog } from './generated-log.ts';

const { options } = parseArgs(process.argv.slice(2));
const loadAtStart = os.loadavg();
const totalEvents = Number(options.events ?? 1_000_000);
const accounts = Number(options.accounts ?? 10_000);
const perAccount = Math.max(2, Math.floor(totalEvents / accounts));

/**
 * CPU ticks used so far by each process of the embedded PostgreSQL (postmaster and its backends),
 * from /proc: on a shared machine, CPU time says more than wall time about what the work costs.
 */
function postgresCpuTicks(dataDir: string | undefined): Map<string, number> | undefined {
  if (!dataDir || process.platform !== 'linux') return undefined;
  try {
    const pidFile = readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
    const postmaster = pidFile.split('\n')[0]!;
    const ticks = new Map<string, number>();
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {
        continue; // the process ended meanwhile
      }
      // Fields after the command name: state, ppid, ..., utime (14th), stime (15th) overall.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (pid === postmaster || fields[1] === postmaster) {
        ticks.set(pid, Number(fields[11]) + Number(fields[12]));
      }
    }
    return ticks;
  } catch {
    return undefined;
  }
}

/** PostgreSQL CPU seconds between two readings (a backend that ended in between is left out). */
function postgresCpuSeconds(
  before: Map<string, number> | undefined,
  after: Map<string, number> | undefined,
): number | undefined {
  if (!before || !after) return undefined;
  let ticks = 0;
  for (const [pid, used] of after) ticks += used - (before.get(pid) ?? 0);
  return ticks / 100; // USER_HZ
}

const stoppers: (() => Promise<void>)[] = [];
let url = process.env.BENCH_DATABASE_URL;
let postgresDir: string | undefined;
if (!url) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'audit-bench-'));
  const postgres = await startEmbeddedPostgres({
    dataDir,
    port: await freePort(),
    persistent: false,
  });
  await postgres.createDatabase('bench');
  url = postgres.url('bench');
  postgresDir = dataDir;
  stoppers.push(async () => {
    await postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
}
const pool = createPool(url, 8);
stoppers.unshift(() => pool.end());

try {
  await migrateAll(pool);
  const existing = await pool.query<{ n: number }>('SELECT count(*)::bigint AS n FROM events');
  if (existing.rows[0]!.n > 0) throw new Error('The bench database must start with no events.');

  // Account streams: AccountOpened, then postings (mostly deposits, every fifth a withdrawal).
  // One INSERT per chunk of accounts; events_fill_hash() chains each row as it is inserted.
  console.log(
    `Generating ${accounts * perAccount} events (${accounts} accounts x ${perAccount})...`,
  );
  const generation = progressBar('generate');
  const startedGenerating = performance.now();
  await generateAccountLog(pool, accounts, perAccount, (done, total) =>
    generation.update(done, total),
  );
  generation.done();
  const generated = accounts * perAccount;
  const generationSeconds = (performance.now() - startedGenerating) / 1000;
  await pool.query('VACUUM ANALYZE events');

  const store = createPgEventStore(pool, { reader: catalogue });
  const accountsProjection = allProjections.find((p) => p.name === 'accounts')!;

  const rebuildBar = progressBar('rebuild accounts');
  const rebuild = await rebuildWithShadow(pool, store, accountsProjection, {
    onProgress: (d, t) => rebuildBar.update(d, t),
  });
  rebuildBar.done();

  const verifyBar = progressBar('verify');
  const nodeCpuBefore = process.cpuUsage();
  const postgresCpuBefore = postgresCpuTicks(postgresDir);
  const verify = await verifyLog(pool, { onProgress: (d, t) => verifyBar.update(d, t) });
  const nodeCpu = process.cpuUsage(nodeCpuBefore);
  const postgresCpuAfter = postgresCpuTicks(postgresDir);
  verifyBar.done();

  let determinism = '';
  if (options.determinism) {
    const report = await checkDeterminism(pool, store, accountsProjection);
    determinism = `\ndeterminism: two rebuilds ${report.identical ? 'identical' : 'DIFFERENT'} (${report.first.hash.slice(0, 16)}...)`;
  }

  const rate = (n: number) => n.toLocaleString('en-US');
  console.log(`
events in the log:      ${rate(generated)} (generated in ${generationSeconds.toFixed(1)} s, ${rate(Math.round(generated / generationSeconds))} events/s)
rebuild accounts:       ${rate(rebuild.events)} events in ${(rebuild.elapsedMs / 1000).toFixed(1)} s = ${rate(rebuild.eventsPerSecond)} events/s
verify (chains + read models): ${rate(verify.events)} events in ${(verify.elapsedMs / 1000).toFixed(1)} s = ${rate(verify.eventsPerSecond)} events/s, ${verify.findings.length} findings${determinism}`);
  const nodeSeconds = (nodeCpu.user + nodeCpu.system) / 1e6;
  const perEvent = (seconds: number) => ((seconds / Math.max(1, verify.events)) * 1e6).toFixed(1);
  const postgresSeconds = postgresCpuSeconds(postgresCpuBefore, postgresCpuAfter);
  console.log(
    `verify CPU time:        Node ${nodeSeconds.toFixed(1)} s (${perEvent(nodeSeconds)} µs/event)` +
      (postgresSeconds === undefined
        ? ''
        : `, PostgreSQL ${postgresSeconds.toFixed(1)} s (${perEvent(postgresSeconds)} µs/event)`),
  );
  // The machine may be shared: the load average says how much the figures above are depressed.
  const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(' / ');
  console.log(
    `load average (1 / 5 / 15 min): ${load(loadAtStart)} at the start, ${load(os.loadavg())} at the end`,
  );
  await store.close();
} finally {
  for (const stop of stoppers) await stop().catch(() => {});
}
