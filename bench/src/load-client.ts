import type { LoadResult } from './http-load.ts';
import type { LoadJob } from './load-process.ts';
import { forkJob } from './fork-job.ts';

/**
 * Runs one load phase in a separate Node process. Sample times come back on the wall clock
 * (performance.timeOrigin + now), so this process compares them with its own observations.
 */
export async function runLoad(job: LoadJob): Promise<LoadResult> {
  const { result } = await forkJob<{ result: LoadResult }>(
    new URL('./load-process.ts', import.meta.url),
    job,
  );
  return result;
}

/** performance.now() of this process on the wall clock, comparable with runLoad's samples. */
export const wallNow = () => performance.timeOrigin + performance.now();
