import type { BankConfig, Pool, SecretBox, SessionStore } from '@bank/infra';
import type { CommandBus } from '../kernel/command-bus.ts';

/** What command services need: the bus (event store), the pool (sessions), keys and settings. */
export interface CommandContext {
  bus: CommandBus;
  pool: Pool;
  sessions: SessionStore;
  secrets: SecretBox;
  config: Pick<BankConfig, 'opsToken' | 'settlementDelayMs' | 'sessionTtlMs'>;
  /** The bank's routing number, printed on every account. */
  routingNumber: string;
}

export const BANK_ROUTING_NUMBER = '061000227';
