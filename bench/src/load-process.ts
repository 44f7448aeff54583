// The load generator's own process (forked by load-client.ts), so that sending requests and
// timing them does not compete with the bank for its event loop.
import type { Seed } from '@bank/load-tests';
import { closedLoop, httpPool, openLoop } from './http-load.ts';
import { laneCrudTransfers, laneTransfers, mixedRequests } from './requests.ts';

export type LoadJob =
  | { kind: 'closed'; seed: Seed; lanes: number; durationMs: number }
  /** The CRUD baseline's closed loop (see crud-baseline/). */
  | { kind: 'crud'; baseUrl: string; accounts: number; lanes: number; durationMs: number }
  | {
      kind: 'open';
      seed: Seed;
      rate: number;
      durationMs: number;
      mix: 'transfers' | 'mixed';
      /** Run this long at the same rate first, unmeasured. */
      warmupMs?: number;
    };

process.on('message', (job: LoadJob) => {
  void (async () => {
    const connections = job.kind === 'open' ? 256 : job.lanes * 2;
    const pool = httpPool(job.kind === 'crud' ? job.baseUrl : job.seed.baseUrl, connections);
    try {
      const cpuBefore = process.cpuUsage();
      const result =
        job.kind === 'crud'
          ? await closedLoop(
              pool,
              job.lanes,
              job.durationMs,
              laneCrudTransfers(job.accounts, job.lanes),
            )
          : job.kind === 'closed'
            ? await closedLoop(pool, job.lanes, job.durationMs, laneTransfers(job.seed, job.lanes))
            : await openLoop(
                pool,
                job.rate,
                job.durationMs,
                mixedRequests(job.seed, job.mix),
                job.warmupMs,
              );
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
