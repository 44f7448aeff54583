/**
 * Where a transfer's CPU goes, for the bench's report: PostgreSQL's statements (pg_stat_statements,
 * loaded by the bench's server) and the bank's main thread (V8's sampling profiler, through the
 * inspector of the process the bank runs in).
 */
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Pool } from '@bank/infra';

export interface StatementCost {
  /** The normalised statement, shortened for the report. */
  query: string;
  /** Calls, rows and time are per operation: whatever the caller counted (transfers, deposits). */
  calls: number;
  rows: number;
  /**
   * Planning and execution time, in µs: wall time inside the backend, which includes waiting for a
   * slow client to take the rows, so a share, not CPU.
   */
  micros: number;
  /** The planning part of it (0 unless the server runs with pg_stat_statements.track_planning). */
  planMicros: number;
}

export interface StatementProfile {
  /** All statements' time per operation, in µs. */
  totalMicros: number;
  /** The planning part of it. */
  totalPlanMicros: number;
  top: StatementCost[];
}

const QUERY_CHARS = 90;

/** The server settings a statement profile needs: pg_stat_statements loaded, planning timed. */
export const STATEMENT_PROFILE_SETTINGS = {
  shared_preload_libraries: 'pg_stat_statements',
  'pg_stat_statements.track_planning': 'on',
};

/** Forgets what pg_stat_statements gathered so far (needs a superuser connection). */
export async function resetStatements(superuser: Pool): Promise<void> {
  await superuser.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  await superuser.query('SELECT pg_stat_statements_reset()');
}

/** The statements run in `database` since the reset, dearest first, per operation. */
export async function statementProfile(
  superuser: Pool,
  database: string,
  operations: number,
  top = Number(process.env.BENCH_STATEMENTS ?? 12),
): Promise<StatementProfile> {
  const { rows } = await superuser.query<{
    query: string;
    calls: string;
    rows: string;
    micros: number;
    plan_micros: number;
  }>(
    `SELECT s.query, s.calls::text AS calls, s.rows::text AS rows,
            (s.total_exec_time + s.total_plan_time) * 1000 AS micros,
            s.total_plan_time * 1000 AS plan_micros
       FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
      WHERE d.datname = $1
      ORDER BY micros DESC`,
    [database],
  );
  const per = Math.max(1, operations);
  return {
    totalMicros: rows.reduce((sum, r) => sum + r.micros, 0) / per,
    totalPlanMicros: rows.reduce((sum, r) => sum + r.plan_micros, 0) / per,
    top: rows.slice(0, top).map((r) => ({
      query: shorten(r.query),
      calls: Number(r.calls) / per,
      rows: Number(r.rows) / per,
      micros: r.micros / per,
      planMicros: r.plan_micros / per,
    })),
  };
}

function shorten(query: string): string {
  const oneLine = query.replace(/\s+/g, ' ').trim();
  return oneLine.length > QUERY_CHARS ? `${oneLine.slice(0, QUERY_CHARS - 1)}…` : oneLine;
}

export interface ProfileShare {
  /** A package, a file of this repository, or one of V8's own buckets ("(garbage collector)"). */
  where: string;
  /** Share of the sampled time this bucket spent in its own code (not in what it called). */
  share: number;
  /** That share of the thread's measured CPU per transfer. */
  microsPerTransfer: number;
}

interface ProfileNode {
  id: number;
  callFrame: { url: string; functionName: string };
  hitCount?: number;
}

export interface CpuProfile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}

const REPOSITORY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Which bucket a frame's own time belongs to: its npm package, its repository file, or V8's. */
export function bucketOf(url: string, functionName: string, repository = REPOSITORY): string {
  if (url === '') {
    if (functionName.startsWith('(')) return functionName;
    return functionName === '' ? '(native, unnamed)' : `(native) ${functionName}`;
  }
  const file = url.startsWith('file://') ? fileURLToPath(url) : url;
  const modules = file.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const [scope, name] = file.slice(modules + '/node_modules/'.length).split('/');
    return scope!.startsWith('@') ? `${scope}/${name}` : scope!;
  }
  if (!file.startsWith('/')) return file;
  return file.startsWith(repository) ? path.relative(repository, file) : file;
}

/**
 * Each bucket's own time in a profile, largest first, as a share of the sampled time and of the
 * thread's CPU per transfer (the samples count wall time: on a busy machine a thread waiting for a
 * core is sampled too, so only the shares are read from them).
 */
export function profileShares(
  profile: CpuProfile,
  cpuMicrosPerTransfer: number,
  top = 15,
  repository = REPOSITORY,
): ProfileShare[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const micros = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  let total = 0;
  for (let i = 0; i < samples.length; i += 1) {
    const node = byId.get(samples[i]!);
    // Each sample's time is the gap to the next one.
    const delta = deltas[i + 1] ?? 0;
    if (!node || delta <= 0) continue;
    const where = bucketOf(node.callFrame.url, node.callFrame.functionName, repository);
    if (where === '(idle)') continue;
    micros.set(where, (micros.get(where) ?? 0) + delta);
    total += delta;
  }
  return [...micros.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([where, time]) => {
      const share = total > 0 ? time / total : 0;
      return { where, share, microsPerTransfer: share * cpuMicrosPerTransfer };
    });
}

/** Samples this process's main thread while `work` runs. */
export async function profileMainThread<T>(
  work: () => Promise<T>,
): Promise<{ result: T; profile: CpuProfile }> {
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 500 });
    await session.post('Profiler.start');
    const result = await work();
    const { profile } = await session.post('Profiler.stop');
    return { result, profile: profile as CpuProfile };
  } finally {
    session.disconnect();
  }
}
