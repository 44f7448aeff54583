import { createPool } from '@bank/infra';
import { describe, expect, it } from 'vitest';
import { StartRefused } from './start-refused.ts';
import { createTestDatabase, startTestBank, testDatabaseUrlAs } from './testing/index.ts';

describe('a bank that projects from the log', () => {
  it('does not start on read models that Kafka workers have been writing', async () => {
    const databaseUrl = await createTestDatabase();
    const config = { databaseUrl, migrationDatabaseUrl: testDatabaseUrlAs(databaseUrl, 'owner') };
    const owner = createPool(config.migrationDatabaseUrl, 1);
    try {
      await (await startTestBank({ config })).stop();
      // A scale-mode worker prepared its partitions but applied nothing yet: still the log's.
      await owner.query(
        `INSERT INTO kafka_offsets (consumer, topic, partition, next_offset)
         VALUES ('accounts', 'bank.events', 0, 0)`,
      );
      await (await startTestBank({ config })).stop();

      // It applied events: the runner's checkpoints no longer say what the read models hold.
      await owner.query(`UPDATE kafka_offsets SET next_offset = 7 WHERE consumer = 'accounts'`);
      const refused = startTestBank({ config });
      await expect(refused).rejects.toThrow(StartRefused);
      await expect(refused).rejects.toThrow(/set KAFKA_BROKERS/i);
    } finally {
      await owner.end();
    }
  });
});
