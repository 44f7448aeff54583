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
 * How long a process may go on using a key another process has destroyed: each keyring looks up
 * the keys destroyed since it last looked before it uses its cache, at most this often.
 */
export const KEY_RECHECK_MS = 1000;

/**
 * The longest a look for destroyed keys may take and still be trusted: a look answers as of when it
 * began, so one that took longer (a busy event loop, a slow database) may have missed keys destroyed
 * meanwhile, for longer than an erasure waits. After such a look the whole cache is dropped.
 */
const LOOK_MARGIN_MS = 250;

/**
 * Data keys per data subject (a customer, or a visitor's contact request: both named by a uuid),
 * wrapped by the master key and cached in memory. Every process of the bank has a keyring of its
 * own (the services of scale mode, the projections' thread): a key destroyed by one is dropped
 * from the others' caches within KEY_RECHECK_MS.
 */
export interface Keyring {
  /** The subject's key, created on first use. */
  ensure(customerId: string): Promise<SecretBox>;
  /** Keys of several customers (null where destroyed or never created). */
  load(customerIds: readonly string[]): Promise<Map<string, SecretBox | null>>;
  /** Crypto-shredding: the key is gone for good. */
  destroy(customerId: string): Promise<void>;
  /**
   * Waits until no keyring of any process can still use a key destroyed before the call (until
   * every one has looked again). An erasure records itself after this, so nothing written or
   * read after its record was sealed or opened with the key.
   */
  untilDestroyedEverywhere(): Promise<void>;
  /**
   * Changes whenever a key this keyring held is destroyed, here or by another process: whatever
   * was opened before the count last changed may hold personal data that is now erased.
   */
  erasures(): number;
  /**
   * A keyed hash of an email (trimmed, lower-case) that finds a visitor's sealed requests again
   * for an erasure request, without the email in clear and without a dictionary of known emails
   * being able to tell who wrote (that needs the fingerprint key).
   */
  fingerprint(email: string): string;
}

export function createKeyring(
  pool: Pool,
  master: SecretBox,
  fingerprintKey: Buffer,
  { recheckMs = KEY_RECHECK_MS }: { recheckMs?: number } = {},
): Keyring {
  const cache = new Map<string, SecretBox | null>();
  let erasures = 0;
  const unwrap = (wrapped: string | null) =>
    wrapped ? createSecretBox(Buffer.from(master.decrypt(wrapped), 'base64')) : null;

  /** When this keyring last looked for keys destroyed elsewhere (local clock; 0: never). */
  let checkedAt = 0;
  /** The database's clock at that look: the next one asks for what was destroyed since. */
  let checkedSince = '-infinity';
  let checking: Promise<void> | undefined;

  /**
   * Drops from the cache the keys destroyed by other processes since the last look, once
   * KEY_RECHECK_MS has passed. A destroy stamps the time its statement began and commits a
   * little later, so each look reaches a minute further back than the one before it ended.
   */
  function dropDestroyedElsewhere(): Promise<void> | undefined {
    if (checking) return checking;
    if (Date.now() - checkedAt < recheckMs) return undefined;
    const startedAt = Date.now();
    checkedAt = startedAt;
    checking = pool
      .query<{ checked: string; ids: string[] }>({
        name: 'customer-keys-destroyed',
        text: `SELECT now()::text AS checked,
                 array(SELECT customer_id::text FROM customer_keys
                        WHERE destroyed_at >= $1::timestamptz - interval '1 minute') AS ids`,
        values: [checkedSince],
      })
      .then(({ rows }) => {
        checkedSince = rows[0]!.checked;
        if (Date.now() - startedAt > LOOK_MARGIN_MS && cache.size > 0) {
          // Keys come back from the database on their next use, destroyed ones as null.
          cache.clear();
          erasures += 1;
          return;
        }
        let dropped = 0;
        for (const id of rows[0]!.ids) {
          if (!cache.get(id)) continue;
          cache.set(id, null);
          dropped += 1;
        }
        if (dropped > 0) erasures += 1;
      })
      .catch((error: unknown) => {
        checkedAt = 0; // looked at nothing: look again on the next use
        throw error;
      })
      .finally(() => {
        checking = undefined;
      });
    return checking;
  }

  async function load(customerIds: readonly string[]) {
    await dropDestroyedElsewhere();
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
      await dropDestroyedElsewhere();
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
    async untilDestroyedEverywhere() {
      // Another keyring that last looked just before the destroy looks again within recheckMs
      // of that look, before it uses its cache; the margin covers a look already under way (one
      // that takes longer drops its cache).
      await new Promise((resolve) => setTimeout(resolve, recheckMs + LOOK_MARGIN_MS));
    },
    erasures: () => erasures,
  };
}
