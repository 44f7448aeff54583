/**
 * Scale-mode benchmark (not a test): a real Kafka broker (infra/kafka/kafka.sh), an embedded
 * PostgreSQL, and projection workers as separate processes (`npm run start:projections`, exactly
 * as in scale mode). It fills the log with account streams, relays it to Kafka, then measures
 *   1. projection throughput with 1, 2 and 3 workers: log events per second from the moment the
 *      workers may read until every projection's checkpoint is at the head of the log;
 *      next to the embedded runner (one process, no Kafka) on the same log, with each worker's CPU
 *      per event (split between its main threads and V8's helper threads, and over the last two
 *      thirds of the log, past each new process's warm-up) and its share of the partitions; a
 *      count that --workers names more than once is measured as often, with the medians of its
 *      repeats;
 *   2. the end-to-end lag at a steady append rate, through the relay and Kafka, from an append's
 *      commit to its read-model row (and to every read model), with each worker count
 *      --lag-workers names (by default each of --workers).
 *
 *   npm run bench:scale [-- --events 600000 --accounts 15000 --workers 1,2,3 --rate 50
 *                          --seconds 30 --lag-workers 3,1 --out docs/benchmarks.md]
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { catalogue, partitionKeysOf } from '@bank/events';
import {
  comparePositions,
  createKafka,
  createKafkaRelay,
  createPgEventStore,
  createPool,
  DEFAULT_PARTITIONS,
  freePort,
  RELAY_CHECKPOINT,
  startEmbeddedPostgres,
  type Position,
  readFollowerPosition,
} from '@bank/infra';
import { allProjectionNames, allProjections, createProjectionRunner } from '@bank/projections';
import { parseArgs, progressBar } from '@bank/server/cli-support';
import { migrateAll } from '@bank/server';
import { startKafkaBroker } from '@bank/server/testing';
import { startService, type ServiceProcess } from '@bank/server/testing/service-process';
import { machineCpuMs, processesCpuByThreadMs, processTreeCpuMs, processTreePids } from './cpu.ts';
import { lagCpu, type LagCpuReading } from './lag-cpu.ts';
import { resetStatements, STATEMENT_PROFILE_SETTINGS, statementProfile } from './profile.ts';
import { measureLag } from './scale-lag.ts';
import {
  scaleReport,
  type EmbeddedFigure,
  type LagPhase,
  type ThroughputFigure,
} from './scale-report.ts';
import { catchUpCpu, type CatchUpSample } from './catch-up-cpu.ts';
import {
  appliedMessages,
  closeStartGate,
  generateAccountLog,
  generatedAccountIds,
  headPosition,
  partitionShare,
  projectionCheckpoints,
  resetKafka,
  resetReadModels,
  waitForGroups,
} from './scale-support.ts';
import { formatNumber, sleep } from './stats.ts';

const { options } = parseArgs(process.argv.slice(2));
/**
 * The log is long by default: each new worker process spends its first 20,000–30,000 events
 * warming up (V8 compiling the same hot code again), which a short log would charge to the
 * comparison of worker counts (the tenths of each catch-up show it).
 */
const totalEvents = Number(options.events ?? 600_000);
const accounts = Number(options.accounts ?? 15_000);
const perAccount = Math.max(2, Math.floor(totalEvents / accounts));
const workerCounts = String(options.workers ?? '1,2,3')
  .split(',')
  .map(Number);
const lagRate = Number(options.rate ?? 50);
/**
 * The worker counts the lag is measured with: by default each count --workers names, the last
 * first (its workers are the running ones).
 */
const lagWorkerCounts = [
  ...new Set(
    String(options['lag-workers'] ?? [...workerCounts].reverse().join(','))
      .split(',')
      .map(Number),
  ),
];
/** Appends at the lag's rate before a lag phase whose workers were just started (V8 warm-up). */
const LAG_WARM_UP_SECONDS = 3;
const lagSeconds = Number(options.seconds ?? 30);
const partitions = DEFAULT_PARTITIONS;
const OUT = typeof options.out === 'string' ? options.out : undefined;
for (const [flag, counts] of [
  ['--workers', workerCounts],
  ['--lag-workers', lagWorkerCounts],
] as const) {
  if (counts.some((n) => !Number.isInteger(n) || n < 1 || n > partitions)) {
    throw new Error(`${flag}: counts between 1 and ${partitions}, e.g. 1,2,3`);
  }
}

const startedAt = new Date();
const loadBefore = os.loadavg();
const stoppers: (() => Promise<void>)[] = [];
const log = (line: string) => console.error(`[bench:scale] ${line}`);
const secs = (ms: number) => ms / 1000;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'scale-bench-'));
const postgres = await startEmbeddedPostgres({
  dataDir,
  port: await freePort(),
  persistent: false,
  // The lag phase's statement profile, planning included (the report's statements table).
  settings: STATEMENT_PROFILE_SETTINGS,
});
stoppers.push(async () => {
  await postgres.stop();
  rmSync(dataDir, { recursive: true, force: true });
});
await postgres.createDatabase('bench');
const databaseUrl = postgres.url('bench');
const pool = createPool(databaseUrl, 8);
stoppers.unshift(() => pool.end());
const store = createPgEventStore(pool, { reader: catalogue, partitionKeys: partitionKeysOf });
stoppers.unshift(() => store.close());

const workers: ServiceProcess[] = [];
const stopWorkers = async () => {
  await Promise.all(workers.map((w) => w.stop()));
  workers.length = 0;
};
stoppers.unshift(stopWorkers);

/** Reads the running workers' CPU, each split between its main threads and the others. */
function workersCpu() {
  const trees = workers.map((w) => (w.pid === undefined ? [] : (processTreePids(w.pid) ?? [])));
  return () => trees.map(processesCpuByThreadMs);
}

let stopping: Promise<void> | undefined;
const stopAll = () =>
  (stopping ??= (async () => {
    for (const stop of stoppers) await stop().catch(() => {});
  })());
// Ctrl-C still stops the broker, PostgreSQL and the workers (their own process groups).
process.once('SIGINT', () => void stopAll().then(() => process.exit(130)));
// So does a crash outside the awaited path (a library's callback): the broker would outlive us.
for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
  process.once(event, (error) => {
    console.error(error);
    void stopAll().then(() => process.exit(1));
  });
}

let exitCode = 0;
try {
  log('starting a Kafka broker (infra/kafka/kafka.sh)...');
  const broker = await startKafkaBroker({ partitions });
  stoppers.splice(stoppers.length - 1, 0, () => broker.destroy());
  const kafka = createKafka(broker.brokers, 'scale-bench');
  const env = {
    DATABASE_URL: databaseUrl,
    KAFKA_BROKERS: broker.brokers.join(','),
    SECRETS_KEY: randomBytes(32).toString('hex'),
    PG_POOL_SIZE: '20',
  };
  /** Starts `count` projection workers, as scale mode does, and waits for their group to form. */
  const startWorkers = async (count: number) => {
    workers.push(
      ...(await Promise.all(
        Array.from({ length: count }, () => startService('start:projections', env, 180_000)),
      )),
    );
    await waitForGroups(kafka, count);
  };

  await migrateAll(pool);
  const bar = progressBar('generate');
  const generationStarted = performance.now();
  const events = await generateAccountLog(pool, accounts, perAccount, (d, t) => bar.update(d, t));
  bar.done();
  const generationSeconds = secs(performance.now() - generationStarted);
  await pool.query('VACUUM ANALYZE events');
  const head = await headPosition(pool);
  log(`${events} events in the log (${accounts} accounts x ${perAccount})`);

  // The embedded runner on the same log, in this process: the one-process bank's read side.
  await resetReadModels(pool);
  const embeddedCpu = process.cpuUsage();
  const embeddedStarted = performance.now();
  await createProjectionRunner({ pool, store, projections: allProjections }).catchUp();
  const embeddedUsage = process.cpuUsage(embeddedCpu);
  const embedded: EmbeddedFigure = {
    seconds: secs(performance.now() - embeddedStarted),
    cpuPerEventUs: ((embeddedUsage.user + embeddedUsage.system) / events) | 0,
  };
  log(
    `embedded runner: ${events} events in ${embedded.seconds.toFixed(1)} s = ` +
      `${formatNumber(events / embedded.seconds)} events/s, ${embedded.cpuPerEventUs} µs CPU/event`,
  );

  const throughput: ThroughputFigure[] = [];
  const lags: LagPhase[] = [];
  for (const count of workerCounts) {
    await stopWorkers();
    await resetReadModels(pool);
    await resetKafka(kafka, partitions);
    const gate = await closeStartGate(kafka, partitions);

    // The relay of the product, run here and stopped before the workers start (whose own relays
    // then find the log relayed). Its batches land behind the gate, invisible to consumers.
    const relay = createKafkaRelay({ pool, store, kafka, partitions, log });
    const relayStarted = performance.now();
    await relay.start();
    await waitForCheckpoint(RELAY_CHECKPOINT, head, 600_000);
    const relaySeconds = secs(performance.now() - relayStarted);
    await relay.stop();
    log(`${count} worker(s): log relayed in ${relaySeconds.toFixed(1)} s; starting the workers`);

    const startStarted = performance.now();
    await startWorkers(count);
    const startSeconds = secs(performance.now() - startStarted);

    const share = await partitionShare(kafka);
    const readCpu = workersCpu();
    const appliedBefore = await appliedMessages(pool);
    const samples: CatchUpSample[] = [{ applied: 0, cpu: readCpu() }];
    await gate.open();
    const opened = performance.now();
    const perProjection: Record<string, number> = {};
    for (;;) {
      const checkpoints = await projectionCheckpoints(pool);
      samples.push({ applied: (await appliedMessages(pool)) - appliedBefore, cpu: readCpu() });
      for (const [name, position] of checkpoints) {
        if (perProjection[name] === undefined && comparePositions(position, head) >= 0) {
          perProjection[name] = secs(performance.now() - opened);
        }
      }
      if (Object.keys(perProjection).length === allProjectionNames.length) break;
      if (performance.now() - opened > 1_800_000) {
        throw new Error(`Not caught up in 30 minutes: ${JSON.stringify(perProjection)}`);
      }
      await sleep(100);
    }
    const { cpuPerEventUs, mainThreadPerEventUs, steadyCpuPerEventUs, perTenthUs } = catchUpCpu(
      samples,
      events,
    );
    const seconds = Math.max(...Object.values(perProjection));
    const slowest = Object.entries(perProjection).find(([, s]) => s === seconds)![0];
    throughput.push({
      workers: count,
      events,
      relaySeconds,
      startSeconds,
      seconds,
      slowest,
      perProjection,
      loadAfter: os.loadavg(),
      cpuPerEventUs,
      mainThreadPerEventUs,
      steadyCpuPerEventUs,
      perTenthUs,
      share,
    });
    log(
      `${count} worker(s): ${events} events in ${seconds.toFixed(1)} s = ` +
        `${formatNumber(events / seconds)} events/s (slowest: ${slowest}); ` +
        Object.entries(perProjection)
          .map(([name, s]) => `${name} ${s.toFixed(1)} s`)
          .join(', '),
    );
  }

  // The lag, first with the last catch-up's workers (one of them now leads the relay), then with
  // each other worker count, started afresh and warmed up before it is measured.
  const accountIds = await generatedAccountIds(pool, accounts);
  for (const [index, count] of lagWorkerCounts.entries()) {
    const restarted = index > 0 || workers.length !== count;
    if (restarted) {
      await stopWorkers();
      await startWorkers(count);
      log(`lag: ${count} worker(s) started; warming up for ${LAG_WARM_UP_SECONDS} s`);
      await measureLag({
        pool,
        kafka,
        store,
        accountIds,
        rate: lagRate,
        seconds: LAG_WARM_UP_SECONDS,
      });
    }
    log(
      `lag: ${lagRate} appends/s for ${lagSeconds} s through the relay and Kafka, ${count} worker(s)...`,
    );
    const readCpu = workersCpu();
    const readLagCpu = (): LagCpuReading => {
      const bench = process.cpuUsage();
      return {
        workersMs: readCpu().reduce((sum, t) => sum + t.mainMs + t.otherMs, 0),
        postgresMs: processTreeCpuMs(postgres.serverPid()),
        benchMs: (bench.user + bench.system) / 1000,
        machine: machineCpuMs(),
      };
    };
    await resetStatements(pool);
    const lagCpuBefore = readLagCpu();
    const figures = await measureLag({
      pool,
      kafka,
      store,
      accountIds,
      rate: lagRate,
      seconds: lagSeconds,
    });
    lags.push({
      workers: count,
      figures,
      cpu: lagCpu(lagCpuBefore, readLagCpu(), figures.appended),
      statements: await statementProfile(pool, 'bench', figures.appended),
      catchUp: restarted ? undefined : throughput.at(-1),
    });
  }

  const report = scaleReport({
    startedAt,
    finishedAt: new Date(),
    loadBefore,
    kafkaVersion: kafkaVersion(),
    partitions,
    accounts,
    generationSeconds,
    projectionNames: allProjectionNames,
    embedded,
    throughput,
    lagRate,
    lags,
  });
  console.log(`\n${report}\n`);
  if (OUT) writeReport(OUT, report);
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await stopAll();
}
process.exit(exitCode);

async function waitForCheckpoint(name: string, target: Position, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (comparePositions(await readFollowerPosition(pool, name), target) >= 0) return;
    if (Date.now() > deadline) throw new Error(`${name} did not reach the head in time`);
    await sleep(100);
  }
}

function kafkaVersion(): string {
  const pom = readFileSync(path.resolve(import.meta.dirname, '../../infra/kafka/pom.xml'), 'utf8');
  return /<kafka.version>(.*)<\/kafka.version>/.exec(pom)?.[1] ?? '?';
}

/** Rewrites only the block between the scale markers (after the main bench's block). */
function writeReport(file: string, report: string) {
  const START = '<!-- bench:scale:start -->';
  const END = '<!-- bench:scale:end -->';
  const block = `${START}\n${report}\n${END}`;
  const existing = existsSync(file) ? readFileSync(file, 'utf8') : '';
  let next: string;
  if (existing.includes(START) && existing.includes(END)) {
    next =
      existing.slice(0, existing.indexOf(START)) +
      block +
      existing.slice(existing.indexOf(END) + END.length);
  } else {
    const anchor = '<!-- bench:end -->';
    const section = `\n\n## Scale mode\n\nMeasured by \`npm run bench:scale -- --out ${file}\` (bench/src/scale-bench.ts).\n\n${block}\n`;
    const at = existing.includes(anchor)
      ? existing.indexOf(anchor) + anchor.length
      : existing.length;
    next = existing.slice(0, at) + section + existing.slice(at);
  }
  writeFileSync(file, next);
  console.log(`Written to ${file}`);
}
