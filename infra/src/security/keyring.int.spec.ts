import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPool, type Pool } from '../postgres/pool.ts';
import { createTestDatabase } from '../testing/database.ts';
import { createSecretBox } from './encryption.ts';
import { createKeyring, CustomerErasedError, KEY_RECHECK_MS } from './keyring.ts';

// Each process of the bank has a keyring of its own, on one database: two pools here.
let pools: Pool[];
let url: string;

beforeAll(async () => {
  url = await createTestDatabase();
  pools = [createPool(url, 2), createPool(url, 2)];
});
afterAll(async () => {
  await Promise.all((pools ?? []).map((p) => p.end()));
});

describe('keyrings of several processes', () => {
  it('drop a key another process destroyed before an erasure records itself', async () => {
    const master = createSecretBox(randomBytes(32));
    const fingerprintKey = randomBytes(32);
    const [eraser, other] = pools.map((pool) => createKeyring(pool, master, fingerprintKey));
    const erased = randomUUID();
    const kept = randomUUID();
    const sealed = (await eraser!.ensure(erased)).encrypt('Ada Lovelace');
    // The other process opened the customer's data before, so it holds the key in its cache.
    expect((await other!.load([erased])).get(erased)!.decrypt(sealed)).toBe('Ada Lovelace');
    const keptKey = await other!.ensure(kept);
    const before = other!.erasures();

    await eraser!.destroy(erased);
    await eraser!.untilDestroyedEverywhere();

    expect((await other!.load([erased, kept])).get(erased)).toBeNull();
    await expect(other!.ensure(erased)).rejects.toThrow(CustomerErasedError);
    // What it opened before may hold what is now erased: its readers open again.
    expect(other!.erasures()).toBe(before + 1);
    // The other customers' keys stay, and are not looked for again.
    expect(await other!.ensure(kept)).toBe(keptKey);
  });

  it('drop their whole cache after a look slower than an erasure waits for, so a key destroyed meanwhile is not used', async () => {
    const master = createSecretBox(randomBytes(32));
    const fingerprintKey = randomBytes(32);
    const creator = createKeyring(pools[0]!, master, fingerprintKey);
    const busy = createKeyring(pools[1]!, master, fingerprintKey, { recheckMs: 100 });
    const id = randomUUID();
    await creator.ensure(id);
    expect((await busy.load([id])).get(id)).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 150));
    const before = busy.erasures();

    const using = busy.load([id]); // sends its look for destroyed keys
    for (let i = 0; i < 5; i += 1) await new Promise((resolve) => process.nextTick(resolve));
    // Before this process reads the look's answer, another one destroys the key, and this one's
    // event loop is held up for longer than an erasure waits beyond the recheck interval.
    const destroyer = spawnSync(
      process.execPath,
      [
        '-e',
        `const pg = require('pg');
         const client = new pg.Client({ connectionString: process.argv[1] });
         client.connect()
           .then(() => client.query("UPDATE customer_keys SET wrapped_key = NULL, destroyed_at = now() WHERE customer_id = $1", [process.argv[2]]))
           .then(() => client.end())
           .then(() => new Promise((resolve) => setTimeout(resolve, 400)));`,
        url,
        id,
      ],
      { cwd: import.meta.dirname, encoding: 'utf8' },
    );
    expect(destroyer.status, destroyer.stderr).toBe(0);

    expect((await using).get(id)).toBeNull();
    expect(busy.erasures()).toBe(before + 1);
  });

  it('look for destroyed keys once a recheck interval, not on every use', async () => {
    const looks: number[] = [];
    const pool = pools[0]!;
    const counting = {
      query: (config: { name?: string }, values?: unknown[]) => {
        if (config?.name === 'customer-keys-destroyed') looks.push(Date.now());
        return pool.query(config as never, values as never);
      },
    } as unknown as Pool;
    const keyring = createKeyring(counting, createSecretBox(randomBytes(32)), randomBytes(32), {
      recheckMs: 200,
    });
    // The keyring's clock moves only when the test moves it. On the real clock, a loaded machine
    // that took over 200 ms for the ensure or for a look (a few queries) made one look too many.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const id = randomUUID();
      await keyring.ensure(id);
      await Promise.all(Array.from({ length: 50 }, () => keyring.load([id])));
      expect(looks).toHaveLength(1);
      vi.setSystemTime(Date.now() + 250);
      for (let i = 0; i < 50; i += 1) await keyring.load([id]);
      expect(looks).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
    expect(KEY_RECHECK_MS).toBeLessThanOrEqual(1000);
  });
});
