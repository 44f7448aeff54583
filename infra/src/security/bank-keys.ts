import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { inTransaction, type Pool, type PoolClient } from '../postgres/pool.ts';
import { createSecretBox, type SecretBox } from './encryption.ts';

/**
 * The bank's own data keys, below the master key (SECRETS_KEY): `sealing` seals secrets kept
 * outside a customer's key (card numbers, CVVs, SSNs, external account numbers), `fingerprint`
 * keys the hashes that find a visitor's requests by email. Both end up in immutable events, so
 * rotating the master key may only re-wrap them, never change them.
 */
export interface BankKeys {
  sealing: Buffer;
  fingerprint: Buffer;
}

type Queryable = Pick<Pool | PoolClient, 'query'>;

const NAMES = { sealing: 'sealing', fingerprint: 'pii-fingerprint' } as const;

/** What the bank used before its master key was first rotated: keys derived from it. */
export function derivedBankKeys(master: Buffer): BankKeys {
  return {
    sealing: master,
    fingerprint: Buffer.from(hkdfSync('sha256', master, '', 'pii-fingerprint', 32)),
  };
}

/**
 * A keyed hash (HMAC-SHA-256, hex) that recognises an external or SEPA account a customer sends
 * to, without the account number in the clear: an account number has so few digits that an
 * unkeyed hash of it is undone by trying them all. Its key is derived from the sealing key, which
 * a rotation of the master key re-wraps but never changes, so a hash recorded in an event before
 * a rotation still matches after it.
 */
export function destinationHasher(keys: BankKeys): (destination: string) => string {
  const key = Buffer.from(hkdfSync('sha256', keys.sealing, '', 'destination-hash', 32));
  return (destination) => createHmac('sha256', key).update(destination).digest('hex');
}

export class WrongMasterKeyError extends Error {
  constructor(why: { rotatedAt: Date } | { firstCustomerKeyAt: Date }) {
    super(
      'rotatedAt' in why
        ? `SECRETS_KEY does not open this bank's keys (the master key was rotated on ${why.rotatedAt.toISOString()}): start with the key that rotation set`
        : `SECRETS_KEY does not open this bank's keys (not the first customer's data key, wrapped on ${why.firstCustomerKeyAt.toISOString()}): start with the key the bank's other processes use`,
    );
  }
}

/** The bank's keys, unwrapped with `master`; a master key that cannot open them is refused. */
export async function loadBankKeys(db: Queryable, master: Buffer): Promise<BankKeys> {
  const { rows } = await db.query<{ name: string; wrapped_key: string; rotated_at: Date }>(
    'SELECT name, wrapped_key, rotated_at FROM bank_keys',
  );
  const box = createSecretBox(master);
  if (rows.length === 0) {
    // Never rotated: nothing of the bank's own is wrapped, but every customer's data key is. A
    // process with another key would seal new customers' data that no other process can open.
    const { rows: first } = await db.query<{ wrapped_key: string; created_at: Date }>(
      `SELECT wrapped_key, created_at FROM customer_keys WHERE wrapped_key IS NOT NULL
        ORDER BY created_at, customer_id LIMIT 1`,
    );
    if (first[0]) {
      try {
        box.decrypt(first[0].wrapped_key);
      } catch {
        throw new WrongMasterKeyError({ firstCustomerKeyAt: first[0].created_at });
      }
    }
    return derivedBankKeys(master);
  }
  const unwrap = (name: string) => {
    const row = rows.find((r) => r.name === name);
    if (!row) throw new Error(`bank_keys lacks the ${name} key`);
    try {
      return Buffer.from(box.decrypt(row.wrapped_key), 'base64');
    } catch {
      throw new WrongMasterKeyError({ rotatedAt: row.rotated_at });
    }
  };
  return { sealing: unwrap(NAMES.sealing), fingerprint: unwrap(NAMES.fingerprint) };
}

export interface RotationReport {
  /** Customers' (and visitors') data keys now wrapped by the new master key. */
  rewrapped: number;
  /** Keys destroyed by erasure: left destroyed. */
  erased: number;
}

const BATCH = 1000;

/**
 * Re-wraps every data key (each customer's, and the bank's own) from `oldMaster` to `newMaster`
 * in one transaction, then checks inside it that every key opens with the new master key and
 * holds the same bytes, and that the erased stay erased; any failure rolls all of it back. The
 * tables are locked against new keys meanwhile, but a bank still running with the old key
 * would go on wrapping with it afterwards: stop every process of the bank first.
 */
export async function rotateMasterKey(
  pool: Pool,
  oldMaster: Buffer,
  newMaster: Buffer,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<RotationReport> {
  if (oldMaster.equals(newMaster)) throw new Error('The new key is the key in use');
  const oldBox = createSecretBox(oldMaster);
  const newBox = createSecretBox(newMaster);
  return inTransaction(pool, async (client) => {
    await client.query('LOCK TABLE customer_keys, bank_keys IN SHARE ROW EXCLUSIVE MODE');
    const bankKeys = await loadBankKeys(client, oldMaster);
    const counts = async () =>
      (
        await client.query<{ live: string; erased: string }>(
          `SELECT count(wrapped_key)::text AS live,
                  count(*) FILTER (WHERE wrapped_key IS NULL)::text AS erased FROM customer_keys`,
        )
      ).rows[0]!;
    const before = await counts();
    const total = Number(before.live);

    // Keyset batches: the work between two statements stays short (idle-in-transaction limits).
    const plainKeys = new Map<string, string>();
    let after = '00000000-0000-0000-0000-000000000000';
    let done = 0;
    for (;;) {
      const { rows } = await client.query<{ customer_id: string; wrapped_key: string }>(
        `SELECT customer_id, wrapped_key FROM customer_keys
          WHERE wrapped_key IS NOT NULL AND customer_id > $1 ORDER BY customer_id LIMIT $2`,
        [after, BATCH],
      );
      if (rows.length === 0) break;
      const rewrapped = rows.map((row) => {
        let key: string;
        try {
          key = oldBox.decrypt(row.wrapped_key);
        } catch {
          throw new Error(`The key of ${row.customer_id} is not wrapped by the old key`);
        }
        plainKeys.set(row.customer_id, key);
        return newBox.encrypt(key);
      });
      await client.query(
        `UPDATE customer_keys k SET wrapped_key = v.wrapped_key
           FROM unnest($1::uuid[], $2::text[]) AS v(customer_id, wrapped_key)
          WHERE k.customer_id = v.customer_id`,
        [rows.map((r) => r.customer_id), rewrapped],
      );
      done += rows.length;
      after = rows[rows.length - 1]!.customer_id;
      onProgress(done, total);
    }
    for (const [field, name] of Object.entries(NAMES) as [keyof BankKeys, string][]) {
      await client.query(
        `INSERT INTO bank_keys (name, wrapped_key) VALUES ($1, $2)
         ON CONFLICT (name) DO UPDATE SET wrapped_key = EXCLUDED.wrapped_key, rotated_at = now()`,
        [name, newBox.encrypt(bankKeys[field].toString('base64'))],
      );
    }

    // Verify before committing: every key opens with the new master and is the same key.
    const reloaded = await loadBankKeys(client, newMaster);
    if (
      !reloaded.sealing.equals(bankKeys.sealing) ||
      !reloaded.fingerprint.equals(bankKeys.fingerprint)
    ) {
      throw new Error('The re-wrapped bank keys differ from the old ones');
    }
    const { rows: check } = await client.query<{ customer_id: string; wrapped_key: string }>(
      'SELECT customer_id, wrapped_key FROM customer_keys WHERE wrapped_key IS NOT NULL',
    );
    for (const row of check) {
      if (newBox.decrypt(row.wrapped_key) !== plainKeys.get(row.customer_id)) {
        throw new Error(`The key of ${row.customer_id} did not survive the rotation`);
      }
    }
    const final = await counts();
    if (final.live !== before.live || final.erased !== before.erased) {
      throw new Error('Keys appeared or disappeared during the rotation');
    }
    return { rewrapped: done, erased: Number(before.erased) };
  });
}

/** A fresh random master key, as 64 hex characters. */
export function newMasterKey(): string {
  return randomBytes(32).toString('hex');
}

/** Whether `master` opens every data key (the bank's and each customer's): the count it opened. */
export async function checkMasterKey(pool: Pool, master: Buffer): Promise<number> {
  await loadBankKeys(pool, master);
  const box: SecretBox = createSecretBox(master);
  const { rows } = await pool.query<{ customer_id: string; wrapped_key: string }>(
    'SELECT customer_id, wrapped_key FROM customer_keys WHERE wrapped_key IS NOT NULL',
  );
  for (const row of rows) {
    try {
      box.decrypt(row.wrapped_key);
    } catch {
      throw new Error(`SECRETS_KEY does not open the key of ${row.customer_id}`);
    }
  }
  return rows.length;
}
