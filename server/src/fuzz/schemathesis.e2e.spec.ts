import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deposit, signedUpCustomer, startTestBank, type TestBank } from '../testing/index.ts';

/**
 * Fuzzes the whole /api surface with schemathesis (from PyPI) against the OpenAPI document that
 * the same zod schemas generate: no input may produce a 5xx, and every response must match its
 * documented status codes and schema.
 */
const CHECKS =
  'not_a_server_error,status_code_conformance,response_schema_conformance,content_type_conformance';
const EXAMPLES = process.env.FUZZ_EXAMPLES ?? '8';

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank();
});
afterAll(async () => {
  await bank?.stop();
});

/** Runs schemathesis as a child process; asynchronously, since the bank answers from this process. */
async function schemathesis(
  token: string,
  filters: string[],
): Promise<{ status: number; output: string; failures: number }> {
  const reportDir = mkdtempSync(path.join(os.tmpdir(), 'fuzz-'));
  const junit = path.join(reportDir, 'junit.xml');
  const args = [
    'run',
    `${bank.baseUrl}/api/openapi.json`,
    '--header',
    `Authorization: Bearer ${token}`,
    '--checks',
    CHECKS,
    '--max-examples',
    EXAMPLES,
    '--phases',
    'examples,coverage,fuzzing',
    '--seed',
    '20261122',
    // One worker: hypothesis has raised internal errors under parallel workers on Python 3.11.
    '--workers',
    '1',
    '--report',
    'junit',
    '--report-junit-path',
    junit,
    ...filters,
  ];
  const child = spawn('schemathesis', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const status = await new Promise<number>((resolve, reject) => {
    child.once('error', (error) =>
      reject(new Error(`schemathesis could not run (pip install schemathesis): ${error.message}`)),
    );
    child.once('close', (code) => resolve(code ?? 1));
  });
  const xml = readFileSync(junit, 'utf8');
  const failures =
    Number(/failures="(\d+)"/.exec(xml)?.[1] ?? '0') +
    Number(/errors="(\d+)"/.exec(xml)?.[1] ?? '0');
  return { status, output, failures };
}

describe('schemathesis fuzzing of /api', () => {
  it(
    'finds no server error or schema violation on the customer surface',
    async () => {
      const { client, accounts } = await signedUpCustomer(bank);
      await deposit(bank, accounts[0]!.account_number, 5000);
      const run = await schemathesis(client.token!, [
        // Ends the session the fuzzer is using, or belongs to staff and auditors (fuzzed below).
        '--exclude-path-regex',
        '^/api/(logout|change-password|ops/|audit/)',
      ]);
      if (run.failures > 0 || run.status !== 0) console.log(run.output.slice(-6000));
      expect(run.failures).toBe(0);
      expect(run.status).toBe(0);
    },
    20 * 60_000,
  );

  it(
    'finds no server error or schema violation on the staff surface',
    async () => {
      const run = await schemathesis(bank.opsToken, [
        '--include-path-regex',
        '^/api/ops/',
        // Erasure is irreversible by design; it is tested on its own.
        '--exclude-path-regex',
        'erase',
      ]);
      if (run.failures > 0 || run.status !== 0) console.log(run.output.slice(-6000));
      expect(run.failures).toBe(0);
      expect(run.status).toBe(0);
    },
    20 * 60_000,
  );
});
