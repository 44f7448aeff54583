import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import {
  APP_ROLE,
  checkRole,
  createPool,
  OWNER_ROLE,
  startEmbeddedPostgres,
  type EmbeddedPostgresHandle,
} from '@bank/infra';
import { freePort } from '@bank/infra/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../migrations.ts';

const script = fileURLToPath(new URL('../../../infra/postgres/init-roles.sh', import.meta.url));

/**
 * docker compose's PostgreSQL runs infra/postgres/init-roles.sh on an empty volume, as its
 * superuser: run here the same way, through psql, on a PostgreSQL of its own.
 */
describe("docker compose's PostgreSQL init script", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bank-init-roles-'));
  let postgres: EmbeddedPostgresHandle | undefined;
  afterAll(async () => {
    await postgres?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('makes an owner that runs the migrations and an application role that cannot write events', async () => {
    const port = await freePort();
    postgres = await startEmbeddedPostgres({ dataDir, port, persistent: false });
    const superuser = new URL(postgres.url('postgres'));
    // Passwords that need quoting in SQL: the script must pass them as values, not as text.
    const ownerPassword = "own'er-pw";
    const appPassword = 'app"pw;--';
    await promisify(execFile)('sh', [script], {
      env: {
        PATH: process.env.PATH,
        POSTGRES_USER: decodeURIComponent(superuser.username),
        PGPASSWORD: decodeURIComponent(superuser.password),
        PGHOST: '127.0.0.1',
        PGPORT: String(port),
        BANK_OWNER_PASSWORD: ownerPassword,
        BANK_APP_PASSWORD: appPassword,
      },
    });

    const urlAs = (role: string, password: string) =>
      `postgres://${role}:${encodeURIComponent(password)}@127.0.0.1:${port}/bank`;
    const app = createPool(urlAs(APP_ROLE, appPassword), 2);
    const owner = createPool(urlAs(OWNER_ROLE, ownerPassword), 2);
    const warnings: string[] = [];
    try {
      await prepareDatabase(app, urlAs(OWNER_ROLE, ownerPassword), (line) => warnings.push(line));

      expect(warnings).toEqual([]);
      expect(await checkRole(app)).toEqual({
        role: APP_ROLE,
        superuser: false,
        writesEvents: false,
      });
      expect(await checkRole(owner)).toMatchObject({ role: OWNER_ROLE, superuser: false });
      const { rows } = await owner.query<{ owner: string }>(
        "SELECT pg_get_userbyid(datdba) AS owner FROM pg_database WHERE datname = 'bank'",
      );
      expect(rows).toEqual([{ owner: OWNER_ROLE }]);
      await expect(app.query('DELETE FROM events')).rejects.toThrow(/permission denied/);
    } finally {
      await app.end();
      await owner.end();
    }
  });
});
