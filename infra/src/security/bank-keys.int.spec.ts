import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../postgres/pool.ts';
import { createTestDatabase } from '../testing/database.ts';
import { derivedBankKeys, loadBankKeys, newMasterKey, WrongMasterKeyError } from './bank-keys.ts';
import { createSecretBox } from './encryption.ts';

let pool: Pool;

beforeAll(async () => {
  pool = createPool(await createTestDatabase(), 2);
});
afterAll(async () => {
  await pool?.end();
});

describe('loadBankKeys before the first rotation', () => {
  it('refuses a master key that does not open the customers’ data keys', async () => {
    const master = Buffer.from(newMasterKey(), 'hex');
    const other = Buffer.from(newMasterKey(), 'hex');
    // Nothing wrapped yet: any key is the bank's key.
    expect(await loadBankKeys(pool, other)).toEqual(derivedBankKeys(other));

    const wrapped = createSecretBox(master).encrypt(randomBytes(32).toString('base64'));
    await pool.query('INSERT INTO customer_keys (customer_id, wrapped_key) VALUES ($1, $2)', [
      randomUUID(),
      wrapped,
    ]);
    expect(await loadBankKeys(pool, master)).toEqual(derivedBankKeys(master));
    await expect(loadBankKeys(pool, other)).rejects.toThrow(WrongMasterKeyError);
    await expect(loadBankKeys(pool, other)).rejects.toThrow(/SECRETS_KEY does not open/);
  });
});
