import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { cpuPer, processTreeCpuMs } from '../cpu.ts';
import { runLoad } from '../load-client.ts';
import { OPEN_LOOP_WARMUP_MS, summarize } from '../stats.ts';

export interface CrudBaselineFigures {
  clients: number;
  accounts: number;
  transfersPerSecond: number;
  errors: number;
  /** CPU per transfer of the baseline's Node process, of PostgreSQL and of the load generator. */
  nodeCpuMs: number | undefined;
  postgresCpuMs: number | undefined;
  generatorCpuMs: number | undefined;
  /** Bytes of WAL per transfer, when the bench could read the server's WAL counter. */
  walBytes: number | undefined;
  /** The open loop at the rate the bank's latency was measured at, when one was asked for. */
  atRate?: CrudOpenLoopFigures;
}

export interface CrudOpenLoopFigures {
  rate: number;
  transfersPerSecond: number;
  errors: number;
  latency: ReturnType<typeof summarize>;
}

function startServer(databaseUrl: string, accounts: number) {
  const child = fork(fileURLToPath(new URL('./server.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, CRUD_DATABASE_URL: databaseUrl, CRUD_ACCOUNTS: String(accounts) },
  });
  const ready = new Promise<string>((resolve, reject) => {
    child.once('message', (message: { ready: string }) => resolve(message.ready));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the CRUD baseline exited with ${code}`)));
  });
  return { child, ready };
}

/**
 * The CRUD baseline under the same closed loop as the bank's transfers: `clients` lanes, each
 * moving money between accounts of its own (no hot row), one request in flight per lane. Then,
 * given `openRate`, under the same open loop the bank's latency was measured with: what a plain
 * service's tail is on this machine at that moment, beside the bank's.
 */
export async function benchCrudBaseline(
  databaseUrl: string,
  options: {
    clients: number;
    durationMs: number;
    postgresPid?: number;
    openRate?: number;
    /** Reads the server's WAL bytes written so far (walBytesWritten). */
    walBytes?: () => Promise<number>;
  },
): Promise<CrudBaselineFigures> {
  const accounts = options.clients * 16;
  const { child, ready } = startServer(databaseUrl, accounts);
  try {
    const baseUrl = await ready;
    const job = { kind: 'crud' as const, baseUrl, accounts, lanes: options.clients };
    await runLoad({ ...job, durationMs: Math.min(3000, options.durationMs) });
    const nodeBefore = processTreeCpuMs(child.pid);
    const postgresBefore = processTreeCpuMs(options.postgresPid);
    const walBefore = await options.walBytes?.();
    const result = await runLoad({ ...job, durationMs: options.durationMs });
    const nodeAfter = processTreeCpuMs(child.pid);
    const postgresAfter = processTreeCpuMs(options.postgresPid);
    const walAfter = await options.walBytes?.();
    const done = result.samples.filter((s) => s.status === 201).length;
    const atRate =
      options.openRate === undefined
        ? undefined
        : await openLoopAt(baseUrl, accounts, options.openRate, options.durationMs);
    return {
      clients: options.clients,
      accounts,
      transfersPerSecond: (done / result.elapsedMs) * 1000,
      errors: result.errors,
      nodeCpuMs: cpuPer(nodeBefore, nodeAfter, done),
      postgresCpuMs: cpuPer(postgresBefore, postgresAfter, done),
      walBytes:
        walBefore === undefined || walAfter === undefined
          ? undefined
          : (walAfter - walBefore) / done,
      generatorCpuMs:
        result.generatorCpuMs === undefined ? undefined : result.generatorCpuMs / done,
      ...(atRate ? { atRate } : {}),
    };
  } finally {
    child.removeAllListeners('exit');
    child.kill();
  }
}

async function openLoopAt(
  baseUrl: string,
  accounts: number,
  rate: number,
  durationMs: number,
): Promise<CrudOpenLoopFigures> {
  const result = await runLoad({
    kind: 'crud-open',
    baseUrl,
    accounts,
    rate,
    durationMs,
    warmupMs: OPEN_LOOP_WARMUP_MS,
  });
  const done = result.samples.filter((s) => s.status === 201);
  return {
    rate,
    transfersPerSecond: (done.length / result.elapsedMs) * 1000,
    errors: result.errors,
    latency: summarize(done.map((s) => s.latencyMs)),
  };
}
