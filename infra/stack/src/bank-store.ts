import { hkdfSync } from 'node:crypto';
import { catalogue, ERASED, piiRules } from '@bank/events';
import {
  createKeyring,
  createPgEventStore,
  createPiiProtector,
  createSecretBox,
  type EventStore,
  type Keyring,
  type Pool,
  type SecretBox,
} from '@bank/infra';

export interface BankStore {
  store: EventStore;
  secrets: SecretBox;
  keyring: Keyring;
}

/**
 * The event store as the bank uses it: events upcast by the catalogue, personal data sealed on
 * write and opened on read with each customer's key (derived from the one secrets key).
 */
export function createBankStore(pool: Pool, secretsKey: Buffer): BankStore {
  const secrets = createSecretBox(secretsKey);
  const fingerprintKey = Buffer.from(hkdfSync('sha256', secretsKey, '', 'pii-fingerprint', 32));
  const keyring = createKeyring(pool, secrets, fingerprintKey);
  const store = createPgEventStore(pool, {
    reader: catalogue,
    protector: createPiiProtector(keyring, piiRules, ERASED),
  });
  return { store, secrets, keyring };
}
