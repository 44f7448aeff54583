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
  /**
   * SIGTERM to the whole process group, then SIGKILL to what is left of it after a grace period;
   * resolves once the group is gone, not only its leader.
   */
  stop(): Promise<void>;
}

const READY = /ready on (http:\/\/[^\s"]+)/;
const STOP_GRACE_MS = 10_000;
/** How long the kernel may take to end a group after SIGKILL (an unreaped zombie never ends). */
const KILLED_WITHIN_MS = 1_000;

/** Whether any process of the group is left. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits until the group is gone, or `withinMs` passed. */
async function groupEnded(pgid: number, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (groupAlive(pgid) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Process groups launched from this process and not ended yet. */
const running = new Set<number>();
let exitHooked = false;
let signalsHooked = false;

function killRunning(): void {
  for (const pid of running) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
  running.clear();
}

function onEndSignal(signal: NodeJS.Signals): void {
  for (const name of ['SIGTERM', 'SIGINT'] as const) process.off(name, onEndSignal);
  signalsHooked = false;
  killRunning();
  // Only this listener was there: the signal ends the process, as it would have without it.
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
}

/**
 * Ends every launched group when this process ends, however the test that started it went: on
 * exit, and on SIGTERM or SIGINT (Vitest ends its workers with SIGTERM, on which Node runs no
 * exit handlers).
 */
function endWithThisProcess(): void {
  if (!exitHooked) process.once('exit', killRunning);
  exitHooked = true;
  if (signalsHooked) return;
  signalsHooked = true;
  process.once('SIGTERM', onEndSignal);
  process.once('SIGINT', onEndSignal);
}

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
  const pid = child.pid!;
  running.add(pid);
  endWithThisProcess();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // The group outlives its leader (npm) while the service behind it shuts down.
  void exited.then(() => {
    if (!groupAlive(pid)) running.delete(pid);
  });
  const signal = async (name: NodeJS.Signals, graceMs: number) => {
    try {
      process.kill(-pid, name);
    } catch {
      running.delete(pid);
      return; // already gone
    }
    await groupEnded(pid, graceMs);
    try {
      process.kill(-pid, 'SIGKILL');
      await groupEnded(pid, KILLED_WITHIN_MS);
    } catch {
      /* all gone in time */
    }
    await exited;
    running.delete(pid);
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

/**
 * Waits for processes started together (`launchUntilReady`, `startService`), as a service manager
 * starts them. When one fails to start, the others are stopped once their own starts settle and
 * the first failure is thrown: the caller gets none of them, so nothing else could stop them.
 */
export async function startTogether<const T extends readonly Promise<LaunchedProcess>[]>(
  starts: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled = await Promise.allSettled(starts);
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  const started = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  if (!failed) return started as { -readonly [K in keyof T]: Awaited<T[K]> };
  await Promise.all(started.map((p) => p.stop()));
  throw failed.reason;
}
