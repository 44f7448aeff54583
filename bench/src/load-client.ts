import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { LoadResult } from './http-load.ts';
import type { LoadJob } from './load-process.ts';

/**
 * Runs one load phase in a separate Node process. Sample times come back on the wall clock
 * (performance.timeOrigin + now), so this process compares them with its own observations.
 */
export function runLoad(job: LoadJob): Promise<LoadResult> {
  const child = fork(fileURLToPath(new URL('./load-process.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    serialization: 'advanced',
  });
  return new Promise<LoadResult>((resolve, reject) => {
    child.once('message', (message: { ok: boolean; result?: LoadResult; error?: string }) => {
      child.kill();
      if (message.ok) resolve(message.result!);
      else reject(new Error(message.error));
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code) reject(new Error(`the load process exited with ${code}`));
    });
    child.send(job);
  });
}

/** performance.now() of this process on the wall clock, comparable with runLoad's samples. */
export const wallNow = () => performance.timeOrigin + performance.now();
