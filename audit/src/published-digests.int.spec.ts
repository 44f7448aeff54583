import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPool, type Pool } from '@bank/infra';
import { createTestDatabase } from '@bank/infra/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishLogDigest } from './published-digests.ts';

let pool: Pool;

beforeAll(async () => {
  pool = createPool(await createTestDatabase(), 2);
});
afterAll(async () => {
  await pool?.end();
});

describe('publishLogDigest', () => {
  it('creates the folder of a digest file that does not exist yet', async () => {
    // A separate jobs service has no DATA_DIR of its own until something writes there.
    const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'digests-')), 'data');
    const file = path.join(dataDir, 'digests.log');
    const record = await publishLogDigest(pool, file);
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual([record]);
  });
});
