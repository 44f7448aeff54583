import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '@bank/infra';
import { freePort } from '@bank/infra/testing';
import { signedUpCustomer, startTestBank } from '@bank/server/testing';
import { describe, expect, it } from 'vitest';

const QUERY_TIMEOUT_MS = 1500;

/** The postmaster and its children (every backend and background process of the server). */
function serverProcesses(postmaster: number): number[] {
  const children = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        // The parent's pid is the second field after the command, which is in parentheses.
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
      } catch {
        return false; // it exited meanwhile
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

describe('PostgreSQL frozen with the connections open', () => {
  it('answers a read 503 within PG_QUERY_TIMEOUT_MS, and serves again once it runs', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bank-pg-frozen-'));
    const postgres = await startEmbeddedPostgres({ dataDir, port: await freePort() });
    await postgres.createDatabase('bank');
    process.env.PG_QUERY_TIMEOUT_MS = String(QUERY_TIMEOUT_MS);
    const bank = await startTestBank({ config: { databaseUrl: postgres.url('bank') } });
    const frozen: number[] = [];
    const thaw = () => {
      for (const pid of frozen.splice(0)) process.kill(pid, 'SIGCONT');
    };
    let token = '';
    const accounts = (timeoutMs: number) =>
      fetch(`${bank.baseUrl}/api/accounts`, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(timeoutMs),
      });
    try {
      token = (await signedUpCustomer(bank)).client.token!;
      // Just read: the session is kept in memory, so the read below is the one that waits.
      expect((await accounts(10_000)).status).toBe(200);
      for (const pid of serverProcesses(postgres.serverPid()!)) {
        process.kill(pid, 'SIGSTOP');
        frozen.push(pid);
      }
      const started = Date.now();
      // Unbounded, the read waits for as long as the server is stopped: the abort fails the test.
      const stalled = await accounts(QUERY_TIMEOUT_MS + 6000);
      expect(Date.now() - started).toBeLessThan(QUERY_TIMEOUT_MS + 3000);
      expect(stalled.status).toBe(503);
      expect(await stalled.json()).toEqual({
        status: 'error',
        message: 'The service is temporarily unavailable. Please try again later.',
        code: 'SERVICE_UNAVAILABLE',
      });
      thaw();
      await expect
        .poll(async () => (await accounts(10_000)).status, { timeout: 20_000, interval: 250 })
        .toBe(200);
      // The connection that timed out was not handed back mid-query: every read answers its own.
      for (let i = 0; i < 5; i += 1) {
        const answer = await accounts(10_000);
        expect(answer.status).toBe(200);
        expect(((await answer.json()) as { data?: unknown }).data).toBeDefined();
      }
    } finally {
      thaw();
      delete process.env.PG_QUERY_TIMEOUT_MS;
      await bank.stop();
      await postgres.stop();
    }
  }, 120_000);
});
