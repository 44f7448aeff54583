import { createHmac, randomBytes } from 'node:crypto';
import type { Pool } from '../postgres/pool.ts';
import type { SecretBox } from './encryption.ts';
import { createSecretBox } from './encryption.ts';

/** The customer's key was destroyed (crypto-shredding): nothing can be sealed for them any more. */
export class CustomerErasedError extends Error {
  constructor() {
    super('This customer’s data has been erased');
  }
}

/**
 * Data keys per data subject (a customer, or a visitor's contact request: both named by a uuid),
 * wrapped by the master key and cached in memory.
 */
export interface Keyring {
  /** The subject's key, created on first use. */
  ensure(customerId: string): Promise<SecretBox>;
  /** Keys of several customers (null where destroyed or never created). */
  load(customerIds: readonly string[]): Promise<Map<string, SecretBox | null>>;
  /** Crypto-shredding: the key is gone for good. */
  destroy(customerId: string): Promise<void>;
  /**
   * How many keys this keyring has destroyed: whatever was opened before the count last changed
   * may hold personal data that is now erased.
   */
  erasures(): number;
  /**
   * A keyed hash of an email (trimmed, lower-case) that finds a visitor's sealed requests again
   * for an erasure request, without the email in clear and without a dictionary of known emails
   * being able to tell who wrote (that needs the fingerprint key).
   */
  fingerprint(email: string): string;
}

export function createKeyring(pool: Pool, master: SecretBox, fingerprintKey: Buffer): Keyring {
  const cache = new Map<string, SecretBox | null>();
  let erasures = 0;
  const unwrap = (wrapped: string | null) =>
    wrapped ? createSecretBox(Buffer.from(master.decrypt(wrapped), 'base64')) : null;

  async function load(customerIds: readonly string[]) {
    const missing = [...new Set(customerIds)].filter((id) => !cache.has(id));
    if (missing.length > 0) {
      const { rows } = await pool.query<{ customer_id: string; wrapped_key: string | null }>({
        name: 'customer-keys',
        text: 'SELECT customer_id, wrapped_key FROM customer_keys WHERE customer_id = ANY($1::uuid[])',
        values: [missing],
      });
      for (const row of rows) cache.set(row.customer_id, unwrap(row.wrapped_key));
    }
    return new Map(customerIds.map((id) => [id, cache.get(id) ?? null]));
  }

  return {
    load,
    fingerprint: (email) =>
      createHmac('sha256', fingerprintKey).update(email.trim().toLowerCase()).digest('hex'),
    async ensure(customerId) {
      const known = cache.get(customerId);
      if (known) return known;
      await pool.query(
        'INSERT INTO customer_keys (customer_id, wrapped_key) VALUES ($1, $2) ON CONFLICT (customer_id) DO NOTHING',
        [customerId, master.encrypt(randomBytes(32).toString('base64'))],
      );
      cache.delete(customerId);
      const key = (await load([customerId])).get(customerId);
      if (!key) throw new CustomerErasedError();
      return key;
    },
    async destroy(customerId) {
      await pool.query(
        `INSERT INTO customer_keys (customer_id, wrapped_key, destroyed_at) VALUES ($1, NULL, now())
         ON CONFLICT (customer_id) DO UPDATE SET wrapped_key = NULL, destroyed_at = now()`,
        [customerId],
      );
      cache.set(customerId, null);
      erasures += 1;
    },
    erasures: () => erasures,
  };
}
