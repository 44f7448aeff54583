// The load generator's own process (forked by load-client.ts), so that sending requests and
// timing them does not compete with the bank for its event loop.
import type { Seed } from '@bank/load-tests';
import { closedLoop, httpPool, openLoop } from './http-load.ts';
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

process.on('message', (job: LoadJob) => {
  void (async () => {
    const open = job.kind === 'open' || job.kind === 'crud-open';
    const connections = open ? 256 : job.lanes * 2;
    const pool = httpPool('baseUrl' in job ? job.baseUrl : job.seed.baseUrl, connections);
    try {
      const cpuBefore = process.cpuUsage();
      const result =
        job.kind === 'crud-open'
          ? await openLoop(
              pool,
              job.rate,
              job.durationMs,
              openCrudTransfers(job.accounts),
              job.warmupMs,
            )
          : job.kind === 'crud'
            ? await closedLoop(
                pool,
                job.lanes,
                job.durationMs,
                laneCrudTransfers(job.accounts, job.lanes),
              )
            : job.kind === 'closed'
              ? await closedLoop(
                  pool,
                  job.lanes,
                  job.durationMs,
                  laneTransfers(job.seed, job.lanes),
                )
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
