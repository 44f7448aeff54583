import net from 'node:net';
import { createPool } from '@bank/infra';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from './testing/index.ts';
import { takeWriterLock, whileNoWriter, type WriterRole } from './writer-lock.ts';

/**
 * A TCP hop to PostgreSQL on which everything the client sends arrives `delayMs` late, as over a
 * slow network, or to a server too busy to read it at once.
 */
async function slowUplink(databaseUrl: string, delayMs: number) {
  const target = new URL(databaseUrl);
  const socketDirectory = target.searchParams.get('host');
  const server = net.createServer((client) => {
    const upstream = socketDirectory
      ? net.connect(`${socketDirectory}/.s.PGSQL.${target.port}`)
      : net.connect(Number(target.port), target.hostname);
    upstream.pipe(client);
    client.on('data', (chunk) => setTimeout(() => upstream.write(chunk), delayMs));
    client.on('close', () => setTimeout(() => upstream.end(), delayMs));
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxied = new URL(databaseUrl);
  proxied.searchParams.delete('host');
  proxied.hostname = '127.0.0.1';
  proxied.port = String((server.address() as net.AddressInfo).port);
  return {
    url: proxied.toString(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The lock's key, as `pg_locks` shows it. */
const WRITERS_LOCK_ID = 7431010;

describe("the writers' lock", () => {
  it.each<WriterRole>(['sole', 'shared'])(
    'held as %s: once released, a tool that must run alone runs at once, even before the server has seen the connection close',
    async (role) => {
      const databaseUrl = await createTestDatabase();
      const uplink = await slowUplink(databaseUrl, 150);
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
