import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  processTreeCpuMs,
  processesCpuByThreadMs,
  processTreePids,
  reapedChildrenCpuMs,
  threadCpuMs,
} from './cpu.ts';

// A child that spends 300 ms of its own CPU (whatever else the machine is doing), then exits.
const burn300ms = `const start = process.cpuUsage(); while (true) { const u = process.cpuUsage(start); if (u.user + u.system >= 300_000) break; }`;

function runChild(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', burn300ms], { stdio: 'ignore' });
    child.once('error', reject);
    child.once('close', () => resolve());
  });
}

/**
 * A child that, once told to go on its stdin, burns 300 ms of CPU on a thread of its own (a worker
 * thread), then on its main thread, saying "worker" and "main" when each is done; it exits when
 * its stdin closes. Told to go only after the test's first reading, none of its burn is before it.
 */
const burnOnEachThread = `
  const { Worker } = require('node:worker_threads');
  const burn = ${JSON.stringify(burn300ms)};
  process.stdin.once('data', () => {
    new Worker(burn, { eval: true }).once('exit', () => {
      console.log('worker');
      eval(burn);
      console.log('main');
    });
  });
`;

describe('CPU from /proc', () => {
  it("splits a process tree's CPU between the main threads and the others", async () => {
    const child = spawn(process.execPath, ['-e', burnOnEachThread], {
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    const said: string[] = [];
    const next = () =>
      new Promise<void>((resolve) =>
        child.stdout.once(
          'data',
          (d: Buffer) => (said.push(...d.toString().trim().split('\n')), resolve()),
        ),
      );
    try {
      const pids = processTreePids(child.pid!)!;
      const start = processesCpuByThreadMs(pids);
      const worked = next();
      child.stdin.write('go\n');
      await worked;
      const afterWorker = processesCpuByThreadMs(pids);
      if (!said.includes('main')) await next();
      // The idle child may still spend a 10 ms tick between two reads of /proc: its whole
      // tree's CPU, read just before and just after the split, brackets the split's sum.
      const treeBefore = processTreeCpuMs(child.pid)!;
      const afterMain = processesCpuByThreadMs(pids);
      const treeAfter = processTreeCpuMs(child.pid)!;
      // process.cpuUsage counts every thread: the runtime's own threads' time (garbage collection,
      // the worker's exit) during the main thread's burn ends it a little early.
      expect(afterWorker.otherMs - start.otherMs).toBeGreaterThanOrEqual(240);
      expect(afterMain.mainMs - afterWorker.mainMs).toBeGreaterThanOrEqual(240);
      expect(afterMain.mainMs + afterMain.otherMs).toBeGreaterThanOrEqual(treeBefore);
      expect(afterMain.mainMs + afterMain.otherMs).toBeLessThanOrEqual(treeAfter);
    } finally {
      child.kill();
    }
  });

  it('counts a child that ran and was reaped in the tree of its parent', async () => {
    const treeBefore = processTreeCpuMs(process.pid)!;
    const reapedBefore = reapedChildrenCpuMs()!;
    await runChild();
    // Ticks are 10 ms: allow one tick at each end.
    expect(reapedChildrenCpuMs()! - reapedBefore).toBeGreaterThanOrEqual(280);
    expect(processTreeCpuMs(process.pid)! - treeBefore).toBeGreaterThanOrEqual(280);
  });

  it("reads this thread's CPU, which grows as it works", () => {
    const before = threadCpuMs()!;
    const start = process.cpuUsage();
    while (process.cpuUsage(start).user < 100_000);
    expect(threadCpuMs()! - before).toBeGreaterThanOrEqual(80);
  });

  it('knows no process that does not exist', () => {
    expect(processTreeCpuMs(2 ** 22 + 1)).toBeUndefined();
    expect(processTreePids(2 ** 22 + 1)).toBeUndefined();
  });
});
