import { digestFilePath, type BankConfig, type Pool } from '@bank/infra';
import { publishLogDigest } from '@bank/audit';
import type { StartBankOptions } from './bank.ts';

export const PUBLISH_DIGEST_JOB = 'publish-log-digest';

/**
 * Publishes the log digest (the heads of the streams changed since the last publication) to the
 * digest file on a schedule, and once at start. `npm run audit -- verify` compares against it.
 */
export function digestJobModule(
  pool: Pool,
  config: Pick<BankConfig, 'digestFile' | 'dataDir' | 'digestIntervalMs'>,
): NonNullable<StartBankOptions['jobs']> {
  return {
    processors: () => ({
      [PUBLISH_DIGEST_JOB]: async () => {
        const record = await publishLogDigest(pool, digestFilePath(config));
        return { streams: record.streams, upTo: record.upTo };
      },
    }),
    repeating: { [PUBLISH_DIGEST_JOB]: config.digestIntervalMs },
  };
}
