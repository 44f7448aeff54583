import { catalogue, ERASED, partitionKeysOf, piiRules } from '@bank/events';
import {
  createKeyring,
  createPgEventStore,
  createPiiProtector,
  createSecretBox,
  derivedBankKeys,
  existingSecretsKey,
  loadBankKeys,
  secretsKeyFile,
  type BankKeys,
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
 * write and opened on read with each customer's key (wrapped by the one secrets key), each
 * stream's owner stamped as its partition key. `keys` are
 * the bank's own (`loadBankKeys`); derived from the secrets key until it is first rotated.
 */
export function createBankStore(
  pool: Pool,
  secretsKey: Buffer,
  keys: BankKeys = derivedBankKeys(secretsKey),
): BankStore {
  const secrets = createSecretBox(keys.sealing);
  const keyring = createKeyring(pool, createSecretBox(secretsKey), keys.fingerprint);
  const store = createPgEventStore(pool, {
    reader: catalogue,
    protector: createPiiProtector(keyring, piiRules, ERASED),
    partitionKeys: partitionKeysOf,
  });
  return { store, secrets, keyring };
}

/** Where the bank finds its secrets key: the setting, else `secrets.key` in the data directory. */
export interface KeySettings {
  secretsKey?: string | undefined;
  dataDir: string;
}

/**
 * The bank's store for a tool run beside the bank (a rebuild, an audit): the secrets key from the
 * settings or the data directory, as the bank loads it, refused if it cannot open the bank's keys
 * or is not there (a tool never makes one up). Without it, personal data would be read still sealed.
 */
export async function openBankStore(pool: Pool, settings: KeySettings): Promise<BankStore> {
  const secretsKey = existingSecretsKey(settings.secretsKey, settings.dataDir);
  if (!secretsKey) {
    throw new Error(
      `No secrets key: set SECRETS_KEY as the bank has it, or DATA_DIR to the bank's (${secretsKeyFile(settings.dataDir)} is not there).`,
    );
  }
  return createBankStore(pool, secretsKey, await loadBankKeys(pool, secretsKey));
}
