import { newMasterKey } from '@bank/infra';
import { describe, expect, it } from 'vitest';
import { StartRefused } from './start-refused.ts';
import {
  createTestDatabase,
  signedUpCustomer,
  startTestBank,
  testDatabaseUrlAs,
} from './testing/index.ts';

describe('a bank process given another SECRETS_KEY', () => {
  it('refuses to start before the key was ever rotated, once a customer’s data is sealed', async () => {
    const databaseUrl = await createTestDatabase();
    const database = { databaseUrl, migrationDatabaseUrl: testDatabaseUrlAs(databaseUrl, 'owner') };
    const first = await startTestBank({ config: { ...database, secretsKey: newMasterKey() } });
    try {
      await signedUpCustomer(first);
    } finally {
      await first.stop();
    }
    // As a second command-api whose unit file holds a different key would be.
    const second = startTestBank({ config: { ...database, secretsKey: newMasterKey() } });
    await expect(second).rejects.toThrow(StartRefused);
    await expect(second).rejects.toThrow(/SECRETS_KEY does not open this bank's keys/);
    // Its fatal line names the setting, as every refused setting's does.
    await expect(second).rejects.toMatchObject({ fields: { setting: 'SECRETS_KEY' } });
  });
});
