import { readdirSync, readFileSync } from 'node:fs';

// CPU time from Linux's /proc, to split what one transfer costs between the processes that share
// the machine. Every reader returns undefined where /proc is not there.

/** Clock ticks per second of /proc's times: 100 on every Linux this bank runs on. */
const TICK_MS = 10;

interface Times {
  ppid: number;
  /** utime + stime of the task itself, in ms. */
  ownMs: number;
  /** cutime + cstime: children that exited and were waited for, in ms. */
  reapedMs: number;
}

function readTimes(statPath: string): Times | undefined {
  try {
    const stat = readFileSync(statPath, 'utf8');
    // After "pid (comm) ": state is field 0, ppid 1, utime 11, stime 12, cutime 13, cstime 14.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      ppid: Number(fields[1]),
      ownMs: (Number(fields[11]) + Number(fields[12])) * TICK_MS,
      reapedMs: (Number(fields[13]) + Number(fields[14])) * TICK_MS,
    };
  } catch {
    return undefined;
  }
}

/** CPU of one thread of this process (the main thread's id is the process id). */
export function threadCpuMs(threadId: number = process.pid): number | undefined {
  return readTimes(`/proc/self/task/${threadId}/stat`)?.ownMs;
}

/** A process and all its descendants now running, root first; undefined if the root is gone. */
export function processTreePids(rootPid: number): number[] | undefined {
  if (!readTimes(`/proc/${rootPid}/stat`)) return undefined;
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const times = readTimes(`/proc/${pid}/stat`);
    if (!times) continue; // ended meanwhile
    children.set(times.ppid, [...(children.get(times.ppid) ?? []), pid]);
  }
  const tree = [rootPid];
  const pending = [...(children.get(rootPid) ?? [])];
  while (pending.length > 0) {
    const pid = pending.pop()!;
    tree.push(pid);
    pending.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/**
 * CPU of a process and all its descendants, those still running and those already reaped: a
 * PostgreSQL server is its postmaster, the backends of open connections and the backends that
 * ended, which the postmaster reaped.
 */
export function processTreeCpuMs(rootPid: number | undefined): number | undefined {
  if (rootPid === undefined) return undefined;
  const pids = processTreePids(rootPid);
  if (!pids) return undefined;
  const root = readTimes(`/proc/${rootPid}/stat`);
  return pids.reduce(
    (total, pid) => total + (readTimes(`/proc/${pid}/stat`)?.ownMs ?? 0),
    root?.reapedMs ?? 0,
  );
}

/**
 * The CPU of some processes (a tree found once with processTreePids, say), with what they reaped,
 * split by thread: the processes' main threads, and the rest. In a Node process the rest is
 * mostly V8's: its optimising compiler and its garbage collector's helpers. Cheap enough to read
 * every 100 ms: only these processes' files are read.
 */
export function processesCpuByThreadMs(pids: readonly number[]): {
  mainMs: number;
  otherMs: number;
} {
  let mainMs = 0;
  let totalMs = 0;
  for (const pid of pids) {
    const times = readTimes(`/proc/${pid}/stat`);
    if (!times) continue;
    totalMs += times.ownMs + times.reapedMs;
    mainMs += readTimes(`/proc/${pid}/task/${pid}/stat`)?.ownMs ?? 0;
  }
  return { mainMs, otherMs: totalMs - mainMs };
}

/**
 * The whole machine's CPU from /proc/stat, over all its cores: busy (every state but idle and
 * waiting on the disk) and in all, in ms.
 */
export function machineCpuMs(): { busyMs: number; totalMs: number } | undefined {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    // "cpu user nice system idle iowait irq softirq steal guest guest_nice": guest time is
    // already counted in user and nice.
    const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
    const totalMs = ticks.reduce((a, b) => a + b, 0) * TICK_MS;
    const idleMs = (ticks[3]! + ticks[4]!) * TICK_MS;
    return { busyMs: totalMs - idleMs, totalMs };
  } catch {
    return undefined;
  }
}

/** CPU of this process's children that have exited and been waited for (pgbench, say). */
export function reapedChildrenCpuMs(): number | undefined {
  return readTimes('/proc/self/stat')?.reapedMs;
}

/** The CPU between two readings, divided over `units` of work; undefined if either is. */
export function cpuPer(
  before: number | undefined,
  after: number | undefined,
  units: number,
): number | undefined {
  return before === undefined || after === undefined ? undefined : (after - before) / units;
}
