// The load generator's own process (forked by load-client.ts), so that sending requests and
// timing them does not compete with the bank for its event loop.
import type { Seed } from '@bank/load-tests';
import type { Pool as HttpPool } from 'undici';
import { closedLoop, httpPool, openLoop, type LoadResult } from './http-load.ts';
import { laneCrudTransfers, laneTransfers, mixedRequests, openCrudTransfers } from './requests.ts';

export type LoadJob =
  | { kind: 'closed'; seed: Seed; lanes: number; durationMs: number }
  /** The CRUD baseline's closed loop (see crud-baseline/). */
  | { kind: 'crud'; baseUrl: string; accounts: number; lanes: number; durationMs: number }
  /** The CRUD baseline's open loop, at the rate the bank's latency was measured at. */
  | {
      kind: 'crud-open';
      baseUrl: string;
      accounts: number;
      rate: number;
      durationMs: number;
      warmupMs?: number;
    }
  | {
      kind: 'open';
      seed: Seed;
      rate: number;
      durationMs: number;
      mix: 'transfers' | 'mixed';
      /** Run this long at the same rate first, unmeasured. */
      warmupMs?: number;
    };

/** The phase a job asks for: its loop, and the requests it sends. */
function run(pool: HttpPool, job: LoadJob): Promise<LoadResult> {
  switch (job.kind) {
    case 'closed':
      return closedLoop(pool, job.lanes, job.durationMs, laneTransfers(job.seed, job.lanes));
    case 'open':
      return openLoop(
        pool,
        job.rate,
        job.durationMs,
        mixedRequests(job.seed, job.mix),
        job.warmupMs,
      );
    case 'crud':
      return closedLoop(
        pool,
        job.lanes,
        job.durationMs,
        laneCrudTransfers(job.accounts, job.lanes),
      );
    case 'crud-open':
      return openLoop(
        pool,
        job.rate,
        job.durationMs,
        openCrudTransfers(job.accounts),
        job.warmupMs,
      );
  }
}

process.on('message', (job: LoadJob) => {
  void (async () => {
    const connections = 'lanes' in job ? job.lanes * 2 : 256;
    const pool = httpPool('baseUrl' in job ? job.baseUrl : job.seed.baseUrl, connections);
    try {
      const cpuBefore = process.cpuUsage();
      const result = await run(pool, job);
      const cpu = process.cpuUsage(cpuBefore);
      // Times relative to the wall clock, which both processes share.
      const offset = performance.timeOrigin;
      process.send!({
        ok: true,
        result: {
          ...result,
          generatorCpuMs: (cpu.user + cpu.system) / 1000,
          samples: result.samples.map((s) => ({
            ...s,
            startedAt: s.startedAt + offset,
            finishedAt: s.finishedAt + offset,
          })),
        },
      });
    } catch (error) {
      process.send!({ ok: false, error: (error as Error).message });
    } finally {
      await pool.close();
    }
  })();
});
