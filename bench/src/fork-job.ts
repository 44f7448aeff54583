import { fork } from 'node:child_process';

/**
 * Sends `job` to a new Node process running `file` (a TypeScript module, through tsx) and resolves
 * with what it answers, `{ ok: true, ...answer }`, or rejects with its `{ ok: false, error }` or its
 * exit. The process is stopped once it has answered.
 */
export function forkJob<Answer>(file: URL, job: unknown): Promise<Answer> {
  const child = fork(file, { execArgv: ['--import', 'tsx'], serialization: 'advanced' });
  return new Promise<Answer>((resolve, reject) => {
    child.once('message', (message: { ok: boolean; error?: string } & Answer) => {
      child.kill();
      if (message.ok) resolve(message);
      else reject(new Error(message.error));
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code) reject(new Error(`${file.pathname} exited with ${code}`));
    });
    child.send(job as Parameters<NonNullable<typeof process.send>>[0]);
  });
}
