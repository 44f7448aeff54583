import { existsSync, readFileSync } from 'node:fs';
import { startTestBank, type TestBank } from '@bank/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureK6 } from './k6.ts';
import { runScenario } from './scenarios.ts';

// The first run builds k6 from source with `go install` (minutes on a busy 2-core machine; a
// no-op afterwards), hence the long hook timeout.
const INSTALL_TIMEOUT_MS = 30 * 60_000;

describe('k6 smoke test against the bank (CI)', () => {
  let bank: TestBank;
  let k6: string;

  beforeAll(async () => {
    k6 = ensureK6(() => {});
    bank = await startTestBank();
  }, INSTALL_TIMEOUT_MS);

  afterAll(async () => {
    await bank?.stop();
  });

  it('passes its thresholds, and afterwards the books hold every cent deposited exactly once', async () => {
    const output: string[] = [];
    const outcome = await runScenario(
      'smoke',
      { baseUrl: bank.baseUrl, opsToken: bank.opsToken },
      k6,
      {
        log: () => {},
        k6Log: (chunk) => output.push(chunk),
        // As in a run longer than the step-up window: every session signed in more than 5 minutes
        // ago, so each first Zelle payment to another customer meets 403 STEP_UP_REQUIRED, and the
        // script confirms with the password and sends it again.
        beforeK6: async () => {
          await bank.ownerPool.query(
            `UPDATE sessions SET stepped_up_at = now() - interval '10 minutes'`,
          );
          await bank.ctx.sessions.caughtUp();
        },
      },
    );
    expect(outcome.k6.failedThresholds, output.join('')).toEqual([]);
    expect(outcome.k6.exitCode, output.join('')).toBe(0);
    // The threshold lines count failed requests and passed checks as people read them.
    expect(output.join('')).toMatch(/ok {3}http_req_failed .*: 0 of [1-9]\d* requests failed/);
    expect(output.join('')).toMatch(/ok {3}checks .*: (\d+) of \1 checks passed/);
    // Each customer's first payment to the next asked for step-up, and then went through.
    const stepUps = Number(/step_ups (\d+)/.exec(output.join(''))?.[1]);
    expect(stepUps, output.join('')).toBeGreaterThan(0);
    expect(outcome.ledger.lines.filter((line) => line.startsWith('FAIL'))).toEqual([]);
    expect(outcome.ledger.ok).toBe(true);
    expect(outcome.passed).toBe(true);
    // An HTML report (k6's dashboard export) with the bank's own numbers for the same window.
    expect(existsSync(outcome.k6.reportFile), output.join('')).toBe(true);
    const report = readFileSync(outcome.k6.reportFile, 'utf8');
    expect(report).toMatch(/<html/i);
    expect(report).toContain('The bank during this run');
    const answered = Number(outcome.bank.find(([k]) => k === 'requests answered')?.[1]);
    expect(answered).toBeGreaterThan(0);
  }, 180_000);
});
