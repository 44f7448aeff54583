import type { BankConfig, Keyring, Pool, SecretBox, SessionStore } from '@bank/infra';
import type { CommandBus } from '../kernel/command-bus.ts';
import type { FailedJobs } from '../jobs/failed-jobs.ts';

/** What command services need: the bus (event store), the pool (sessions), keys and settings. */
export interface CommandContext {
  bus: CommandBus;
  pool: Pool;
  sessions: SessionStore;
  secrets: SecretBox;
  /** Per-customer data keys (crypto-shredding of personal data in events). */
  keyring: Keyring;
  /** The keyed hash of an external or SEPA account as the transfer pipeline names it. */
  destinationMac: (destination: string) => string;
  config: Pick<BankConfig, 'opsToken' | 'settlementDelayMs' | 'sessionTtlMs' | 'publicUrl'>;
  /** The bank's routing number, printed on every account. */
  routingNumber: string;
  /** The job queue's failed jobs, for ops (absent where the bank runs without Redis). */
  failedJobs?: FailedJobs;
}

// One number for the whole product: the web app's checks read it from the contracts too.
export { BANK_ROUTING_NUMBER } from '@bank/contracts';
