import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface ServiceProcess {
  name: string;
  url: string;
  pid: number;
  output(): string;
  /** SIGKILL to the whole process group (npm, tsx and node): a crash. */
  kill(): Promise<void>;
  /** SIGTERM, then SIGKILL after a grace period. */
  stop(): Promise<void>;
}

/**
 * Runs `npm run <script>` as its own process group, exactly as an operator would, and resolves
 * once it prints "ready on <url>".
 */
export async function startService(
  script: string,
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<ServiceProcess> {
  const child: ChildProcess = spawn('npm', ['run', '--silent', script], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env },
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${script} did not start:\n${output}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-50_000);
      const match = /ready on (http:\/\/[^\s"]+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code}:\n${output}`));
    });
  });
  const signal = async (name: NodeJS.Signals, graceMs: number) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid!, name);
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* gone */
      }
    }, graceMs);
    await exited;
    clearTimeout(timer);
  };
  return {
    name: script,
    url,
    pid: child.pid!,
    output: () => output,
    kill: () => signal('SIGKILL', 0),
    stop: () => signal('SIGTERM', 10_000),
  };
}
