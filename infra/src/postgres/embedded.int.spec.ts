import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, unlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../local-port.ts';
import { embeddedRestarts } from '../observability/metrics.ts';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from './embedded.ts';

/** Whether `user`/`password` may sign in over TCP on localhost. */
async function signsIn(port: number, user: string, password: string): Promise<boolean> {
  const client = new pg.Client({ host: '127.0.0.1', port, user, password, database: 'postgres' });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

describe('the embedded PostgreSQL', () => {
  let dataDir: string;
  let port: number;
  let postgres: EmbeddedPostgresHandle | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'bank-embedded-'));
    port = await freePort();
  });
  afterAll(async () => {
    await postgres?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('has a random password kept in DATA_DIR (0600) and its socket in a private directory', async () => {
    postgres = await startEmbeddedPostgres({ dataDir, port });
    const file = path.join(dataDir, 'postgres-passwords.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const passwords = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    expect(passwords.superuser).toMatch(/^[0-9a-f]{48}$/);
    expect(await signsIn(port, 'bank', 'bank')).toBe(false);
    expect(await signsIn(port, 'bank', passwords.superuser!)).toBe(true);

    expect(postgres.socketDirectory).toBe(path.join(dataDir, 'run'));
    expect(statSync(postgres.socketDirectory).mode & 0o777).toBe(0o700);
    expect(existsSync(path.join(postgres.socketDirectory, `.s.PGSQL.${port}`))).toBe(true);
    expect(existsSync(`/tmp/.s.PGSQL.${port}`)).toBe(false);
    const client = new pg.Client({ connectionString: postgres.url('postgres') });
    await client.connect();
    expect((await client.query('SHOW unix_socket_directories')).rows[0]).toEqual({
      unix_socket_directories: postgres.socketDirectory,
    });
    await client.end();
  }, 120_000);

  it('moves a data directory still on the old fixed password bank/bank to a random one', async () => {
    // As a data directory from before: the superuser's password is "bank" and no file keeps one.
    const client = new pg.Client({ connectionString: postgres!.url('postgres') });
    await client.connect();
    await client.query(`ALTER ROLE bank PASSWORD 'bank'`);
    await client.end();
    await postgres!.stop();
    unlinkSync(path.join(dataDir, 'postgres-passwords.json'));

    postgres = await startEmbeddedPostgres({ dataDir, port });
    const passwords = JSON.parse(
      readFileSync(path.join(dataDir, 'postgres-passwords.json'), 'utf8'),
    ) as Record<string, string>;
    expect(await signsIn(port, 'bank', 'bank')).toBe(false);
    expect(await signsIn(port, 'bank', passwords.superuser!)).toBe(true);
    await postgres.createDatabase('bank');
    // Tables and functions the superuser created before the roles existed change hands.
    const superuser = new pg.Client({ connectionString: postgres.url('bank') });
    await superuser.connect();
    await superuser.query(`CREATE TABLE old_log (id bigserial PRIMARY KEY);
                           CREATE FUNCTION old_fn() RETURNS int LANGUAGE sql AS 'SELECT 1'`);
    await postgres.provisionRoles('bank');
    const owners = await superuser.query(
      `SELECT (SELECT tableowner FROM pg_tables WHERE tablename = 'old_log') AS "table",
              (SELECT pg_get_userbyid(relowner) FROM pg_class WHERE relname = 'old_log_id_seq') AS sequence,
              (SELECT pg_get_userbyid(proowner) FROM pg_proc WHERE proname = 'old_fn') AS function`,
    );
    await superuser.end();
    expect(owners.rows[0]).toEqual({
      table: 'bank_owner',
      sequence: 'bank_owner',
      function: 'bank_owner',
    });
    const app = new pg.Client({ connectionString: postgres.roleUrl('bank', 'app') });
    await app.connect();
    expect((await app.query('SELECT current_user AS role')).rows[0]).toEqual({ role: 'bank_app' });
    await app.end();
  }, 120_000);
});

describe('embedded PostgreSQL servers started at once in one process', () => {
  it('each start, and the process keeps its temporary directory', async () => {
    const before = process.env.TMPDIR;
    const dataDirs = [0, 1].map(() => mkdtempSync(path.join(os.tmpdir(), 'bank-embedded-')));
    const servers = await Promise.all(
      dataDirs.map(async (dataDir) => startEmbeddedPostgres({ dataDir, port: await freePort() })),
    );
    try {
      expect(process.env.TMPDIR).toBe(before);
      for (const [i, server] of servers.entries()) {
        expect(server.socketDirectory).toBe(path.join(dataDirs[i]!, 'run'));
      }
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
      for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('an embedded PostgreSQL that dies', () => {
  it('is started again on the same data directory (one warn line, counted), but not after stop()', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bank-embedded-'));
    const port = await freePort();
    const warnings: string[] = [];
    const restarts = async () =>
      (await embeddedRestarts.get()).values.find((v) => v.labels.service === 'postgres')?.value ??
      0;
    const before = await restarts();
    const postgres = await startEmbeddedPostgres({
      dataDir,
      port,
      warn: (line) => warnings.push(line),
    });
    const answers = async () => {
      const client = new pg.Client({ connectionString: postgres.url('postgres') });
      client.on('error', () => {});
      try {
        await client.connect();
        return (await client.query<{ one: number }>('SELECT 1 AS one')).rows[0]?.one;
      } catch {
        return undefined;
      } finally {
        await client.end().catch(() => {});
      }
    };
    try {
      expect(await answers()).toBe(1);
      const first = postgres.serverPid()!;
      process.kill(first, 'SIGKILL');
      await expect.poll(answers, { timeout: 30_000, interval: 250 }).toBe(1);
      expect(postgres.serverPid()).not.toBe(first);
      expect(warnings[0]).toMatch(/PostgreSQL .*exited unexpectedly \(SIGKILL\)/);
      expect(await restarts()).toBeGreaterThanOrEqual(before + 1);

      await postgres.stop();
      const warned = warnings.length;
      await new Promise((r) => setTimeout(r, 1500));
      expect(await answers()).toBeUndefined();
      expect(warnings).toHaveLength(warned);
    } finally {
      await postgres.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
