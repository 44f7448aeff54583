import { existsSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PortInUseError, portInUse } from './local-port.ts';

/** How long a server left running gets to shut down cleanly (PostgreSQL writes a checkpoint). */
const STOP_TIMEOUT_MS = 60_000;

/** What /proc says about processes; without it (not Linux) nothing is found. */
const hasProc = () => existsSync('/proc/self/stat');

/** Whether a process runs (a zombie, dead but not yet reaped, does not). */
export function processRuns(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.charAt(stat.lastIndexOf(')') + 2);
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

/** A process's arguments, its program first (undefined when it is gone or cannot be read). */
export function commandLineOf(pid: number): string[] | undefined {
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    return args.length > 0 ? args : undefined;
  } catch {
    return undefined;
  }
}

function parentOf(pid: number): number | undefined {
  try {
    const match = /^PPid:\s*(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

function isNode(pid: number): boolean {
  try {
    return path.basename(readlinkSync(`/proc/${pid}/exe`)).startsWith('node');
  } catch {
    return false;
  }
}

/** The first number in a pid file (undefined when there is none). */
export function pidFrom(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8').split('\n')[0]!.trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The process that started `serverPid` when it still runs: the pid `ownerFile` records, found
 * among the server's ancestors. A server outlives its owner only by being handed to another
 * parent, so a recorded pid since taken by another program is no ancestor of it. Servers from
 * before owners were recorded count a Node process among their ancestors as theirs.
 */
function liveOwner(serverPid: number, ownerFile: string): number | undefined {
  const recorded = pidFrom(ownerFile);
  for (let pid = parentOf(serverPid); pid !== undefined && pid > 1; pid = parentOf(pid)) {
    if (recorded === undefined ? isNode(pid) : pid === recorded) return pid;
  }
  return undefined;
}

async function stopped(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (processRuns(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

/**
 * Makes `port` free for this folder's embedded `server`, or refuses the start. A bank killed
 * outright (SIGKILL, the OOM killer) leaves its servers running on their ports, and the next
 * start would refuse until someone stopped them by hand. So when the port's listener is this
 * folder's own server and the bank that started it is gone, it is stopped cleanly (one warn
 * line) and the start goes on. Anything else on the port refuses the start: another program, or
 * the bank from this folder that still runs (named by its pid). Once the port is free, this
 * process is recorded as the server's owner, for the next start to tell whether it still runs.
 */
export async function claimServerPort(options: {
  port: number;
  server: 'PostgreSQL' | 'Redis';
  /** This folder's own server process when it is the one listening on `port`. */
  ownServer: () => number | undefined;
  /** Where the pid of the process that started the server is kept (its directory exists). */
  ownerFile: string;
  /** The signal that shuts the server down cleanly. */
  stopSignal: NodeJS.Signals;
  warn: (line: string) => void;
}): Promise<void> {
  await freeServerPort(options);
  writeFileSync(options.ownerFile, `${process.pid}\n`);
}

async function freeServerPort(options: Parameters<typeof claimServerPort>[0]): Promise<void> {
  const { port, server } = options;
  if (!(await portInUse(port))) return;
  const pid = hasProc() ? options.ownServer() : undefined;
  if (pid === undefined || !processRuns(pid)) throw new PortInUseError(port, server);
  const owner = liveOwner(pid, options.ownerFile);
  if (owner !== undefined) {
    throw new PortInUseError(
      port,
      server,
      `the bank already running from this folder (pid ${owner})`,
    );
  }
  process.kill(pid, options.stopSignal);
  if (!(await stopped(pid, STOP_TIMEOUT_MS))) {
    throw new Error(
      `The embedded ${server} (pid ${pid}, port ${port}) a bank from this folder left running did not stop within ${STOP_TIMEOUT_MS / 1000} s of ${options.stopSignal}: stop it by hand.`,
    );
  }
  const deadOwner = pidFrom(options.ownerFile);
  options.warn(
    `Stopped the embedded ${server} (pid ${pid}, port ${port}) a bank from this folder left running when it died${deadOwner ? ` (pid ${deadOwner})` : ''}; starting it again.`,
  );
  if (await portInUse(port)) throw new PortInUseError(port, server);
}
