import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { processTreeCpuMs, reapedChildrenCpuMs, threadCpuMs } from './cpu.ts';

// A child that spends 300 ms of its own CPU (whatever else the machine is doing), then exits.
const burn300ms = `const start = process.cpuUsage(); while (true) { const u = process.cpuUsage(start); if (u.user + u.system >= 300_000) break; }`;

function runChild(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', burn300ms], { stdio: 'ignore' });
    child.once('error', reject);
    child.once('close', () => resolve());
  });
}

describe('CPU from /proc', () => {
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
  });
});
