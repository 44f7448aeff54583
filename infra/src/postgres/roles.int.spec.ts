import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseUrlAs } from '../testing/database.ts';
import { createPool, type Pool } from './pool.ts';
import { APP_ROLE, grantApplicationRole } from './roles.ts';

let owners: Pool[] = [];

beforeAll(async () => {
  const url = testDatabaseUrlAs(await createTestDatabase(), 'owner');
  owners = Array.from({ length: 6 }, () => createPool(url, 1));
});
afterAll(async () => {
  await Promise.all(owners.map((pool) => pool.end()));
});

describe('grantApplicationRole', () => {
  it('runs from several processes starting at once', async () => {
    // Every service grants at start; started together they used to fail with PostgreSQL's
    // "tuple concurrently updated" on the catalog rows the grants rewrite.
    for (let round = 0; round < 3; round += 1) {
      const results = await Promise.allSettled(
        owners.map((owner) => grantApplicationRole(owner, APP_ROLE)),
      );
      const failed = results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
      expect(failed).toEqual([]);
    }
  });
});
