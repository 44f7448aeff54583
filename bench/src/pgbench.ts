import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { cpuPer, processTreeCpuMs, reapedChildrenCpuMs } from './cpu.ts';

const run = promisify(execFile);

export interface PgbenchFigures {
  clients: number;
  scale: number;
  seconds: number;
  tps: number;
  latencyAvgMs: number;
  /** CPU per TPC-B transaction of the PostgreSQL server and of the pgbench client, in ms. */
  postgresCpuMs: number | undefined;
  clientCpuMs: number | undefined;
}

/** pgbench from PATH or Debian's postgresql-client (apt-get install postgresql-client). */
export function findPgbench(): string | undefined {
  for (const candidate of ['/usr/bin/pgbench', '/usr/lib/postgresql/15/bin/pgbench']) {
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

/**
 * TPC-B (pgbench's built-in script) against the same server: `pgbench -i` at a scale of one
 * branch per client (at scale 1 every client would queue on a single branch row), then a run of
 * `clients` clients and 2 threads.
 */
export async function runPgbench(
  pgbench: string,
  connection: { host: string; port: number; user: string; password: string; database: string },
  options: { clients: number; seconds: number; postgresPid?: number },
): Promise<PgbenchFigures> {
  const env = {
    ...process.env,
    PGHOST: connection.host,
    PGPORT: String(connection.port),
    PGUSER: connection.user,
    PGPASSWORD: connection.password,
    PGDATABASE: connection.database,
  };
  const scale = options.clients;
  await run(pgbench, ['-i', '-q', '-s', String(scale)], { env });
  const postgresBefore = processTreeCpuMs(options.postgresPid);
  const clientBefore = reapedChildrenCpuMs();
  const { stdout } = await run(
    pgbench,
    ['-c', String(options.clients), '-j', '2', '-T', String(options.seconds), '-n'],
    { env, maxBuffer: 10 * 1024 * 1024 },
  );
  const postgresAfter = processTreeCpuMs(options.postgresPid);
  const clientAfter = reapedChildrenCpuMs();
  const tps = /tps = ([\d.]+)/.exec(stdout);
  const latency = /latency average = ([\d.]+) ms/.exec(stdout);
  const processed = /number of transactions actually processed: (\d+)/.exec(stdout);
  if (!tps) throw new Error(`pgbench printed no tps:\n${stdout}`);
  const transactions = processed ? Number(processed[1]) : Number(tps[1]) * options.seconds;
  return {
    clients: options.clients,
    scale,
    seconds: options.seconds,
    tps: Number(tps[1]),
    latencyAvgMs: latency ? Number(latency[1]) : NaN,
    postgresCpuMs: cpuPer(postgresBefore, postgresAfter, transactions),
    clientCpuMs: cpuPer(clientBefore, clientAfter, transactions),
  };
}
