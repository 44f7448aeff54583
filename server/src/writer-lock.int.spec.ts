import { createPool } from '@bank/infra';
import { describe, expect, it } from 'vitest';
import { postgresHop } from '@bank/infra/testing';
import { createTestDatabase } from './testing/index.ts';
import { takeWriterLock, whileNoWriter, type WriterRole } from './writer-lock.ts';

/** The lock's key, as `pg_locks` shows it. */
const WRITERS_LOCK_ID = 7431010;

describe("the writers' lock", () => {
  it.each<WriterRole>(['sole', 'shared'])(
    'held as %s: once released, a tool that must run alone runs at once, even before the server has seen the connection close',
    async (role) => {
      const databaseUrl = await createTestDatabase();
      const uplink = await postgresHop(databaseUrl, { uplinkDelayMs: 150 });
      const pool = createPool(databaseUrl, 2);
      try {
        for (let round = 0; round < 3; round += 1) {
          const lock = await takeWriterLock(uplink.url, role, { log: () => {} });
          expect(await lock.ensureHeld()).toBe(true);
          await lock.release();
          await expect(whileNoWriter(pool, async () => round)).resolves.toBe(round);
        }
      } finally {
        await pool.end();
        await uplink.close();
      }
    },
    30_000,
  );

  it('reports a lock lost with its connection and takes it again, but not once the process is stopping', async () => {
    const databaseUrl = await createTestDatabase();
    const admin = createPool(databaseUrl, 1);
    /** Ends the session holding the lock, as a PostgreSQL restart or a fast shutdown would. */
    const endHolder = () =>
      admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_locks
          WHERE locktype = 'advisory' AND objid = $1 AND granted
            AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
        [WRITERS_LOCK_ID],
      );
    const lines: string[] = [];
    const lock = await takeWriterLock(databaseUrl, 'sole', {
      log: (line) => lines.push(line),
      retakeMs: 50,
    });
    try {
      await endHolder();
      await expect.poll(() => lines, { timeout: 5000 }).toContain("Took the writers' lock again");
      expect(lines[0]).toMatch(/^Lost the writers' lock/);

      lines.length = 0;
      lock.stopping();
      await endHolder();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(lines).toEqual([]);
      expect(await lock.ensureHeld()).toBe(false);
    } finally {
      await lock.release();
      await admin.end();
    }
  });
});
