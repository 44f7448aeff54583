import { PassThrough } from 'node:stream';
import type { Pool } from '@bank/infra';
import { describe, expect, it } from 'vitest';
import { runRebuild } from './rebuild-commands.ts';

/** A pool that fails the test on any use: a refused command must not touch the database. */
const untouchable = new Proxy({} as Pool, {
  get: (_, name) => {
    throw new Error(`the database was used (${String(name)})`);
  },
});

async function rebuild(argv: string[]) {
  const err = new PassThrough();
  let said = '';
  err.on('data', (chunk: Buffer) => (said += chunk.toString()));
  const code = await runRebuild(
    untouchable,
    argv,
    { secretsKey: undefined, dataDir: '/nonexistent' },
    { out: () => {}, err },
  );
  return { code, said };
}

describe('npm run rebuild-projection arguments', () => {
  it('refuses a mistyped option instead of rebuilding and swapping the tables', async () => {
    const { code, said } = await rebuild(['customers', '--check-determinsm']);
    expect(code).toBe(2);
    expect(said).toContain('Unknown option --check-determinsm.');
    expect(said).toContain('Usage: npm run rebuild-projection');
  });

  it('refuses an argument more than the projection', async () => {
    const { code, said } = await rebuild(['customers', 'transactions']);
    expect(code).toBe(2);
    expect(said).toContain('Unexpected argument "transactions".');
  });

  it('refuses an unknown projection', async () => {
    expect((await rebuild(['nope'])).code).toBe(2);
  });
});
