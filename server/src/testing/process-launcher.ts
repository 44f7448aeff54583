import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root: where the child processes run, as an operator would start them. */
export const repositoryRoot = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../..',
);

export interface LaunchOptions {
  /** Names the process in errors ("bank did not start", "start:query-api exited with 2"). */
  label: string;
  command: string;
  args: readonly string[];
  /** Added to this process's environment, after HOST=127.0.0.1. */
  env: Record<string, string>;
  timeoutMs: number;
}

export interface LaunchedProcess {
  url: string;
  pid: number;
  /** What it printed (stdout and stderr), the last 50 000 characters. */
  output(): string;
  /** SIGKILL to the whole process group: a crash, no shutdown hook runs. */
  kill(): Promise<void>;
  /** SIGTERM to the whole process group, then SIGKILL after a grace period. */
  stop(): Promise<void>;
}

const READY = /ready on (http:\/\/[^\s"]+)/;
const STOP_GRACE_MS = 10_000;

/**
 * Starts a command in a process group of its own and resolves once it prints "ready on <url>".
 * Signals go to the group, so a wrapper (npm, tsx) and the node process it starts end together.
 */
export async function launchUntilReady(options: LaunchOptions): Promise<LaunchedProcess> {
  const child = spawn(options.command, options.args, {
    cwd: repositoryRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, HOST: '127.0.0.1', ...options.env },
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = async (name: NodeJS.Signals, graceMs: number) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid!, name);
    } catch {
      return; // already gone
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }, graceMs);
    await exited;
    clearTimeout(timer);
  };
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      // One that never got ready must not outlive the test that started it.
      void signal('SIGKILL', 0);
      reject(new Error(`${options.label} did not start:\n${output}`));
    }, options.timeoutMs);
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-50_000);
      const match = READY.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code, exitSignal) => {
      clearTimeout(timer);
      reject(
        new Error(
          `${options.label} exited with ${code ?? exitSignal} before it was ready:\n${output}`,
        ),
      );
    });
  });
  return {
    url,
    pid: child.pid!,
    output: () => output,
    kill: () => signal('SIGKILL', 0),
    stop: () => signal('SIGTERM', STOP_GRACE_MS),
  };
}
