import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { cpuPer, processTreeCpuMs } from '../cpu.ts';
import { runLoad } from '../load-client.ts';

export interface CrudBaselineFigures {
  clients: number;
  accounts: number;
  transfersPerSecond: number;
  errors: number;
  /** CPU per transfer of the baseline's Node process, of PostgreSQL and of the load generator. */
  nodeCpuMs: number | undefined;
  postgresCpuMs: number | undefined;
  generatorCpuMs: number | undefined;
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
 * moving money between accounts of its own (no hot row), one request in flight per lane.
 */
export async function benchCrudBaseline(
  databaseUrl: string,
  options: { clients: number; durationMs: number; postgresPid?: number },
): Promise<CrudBaselineFigures> {
  const accounts = options.clients * 16;
  const { child, ready } = startServer(databaseUrl, accounts);
  try {
    const baseUrl = await ready;
    const job = { kind: 'crud' as const, baseUrl, accounts, lanes: options.clients };
    await runLoad({ ...job, durationMs: Math.min(3000, options.durationMs) });
    const nodeBefore = processTreeCpuMs(child.pid);
    const postgresBefore = processTreeCpuMs(options.postgresPid);
    const result = await runLoad({ ...job, durationMs: options.durationMs });
    const nodeAfter = processTreeCpuMs(child.pid);
    const postgresAfter = processTreeCpuMs(options.postgresPid);
    const done = result.samples.filter((s) => s.status === 201).length;
    return {
      clients: options.clients,
      accounts,
      transfersPerSecond: (done / result.elapsedMs) * 1000,
      errors: result.errors,
      nodeCpuMs: cpuPer(nodeBefore, nodeAfter, done),
      postgresCpuMs: cpuPer(postgresBefore, postgresAfter, done),
      generatorCpuMs:
        result.generatorCpuMs === undefined ? undefined : result.generatorCpuMs / done,
    };
  } finally {
    child.removeAllListeners('exit');
    child.kill();
  }
}
