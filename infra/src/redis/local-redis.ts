import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { claimServerPort, commandLineOf, pidFrom } from '../left-running-server.ts';
import { requireFreePort } from '../local-port.ts';
import { superviseChild } from '../supervise-child.ts';

export interface LocalRedisHandle {
  /** redis://:<password>@127.0.0.1:<port>: every client needs the password. */
  url: string;
  password: string;
  /** The redis-server's process id while it runs (a restarted one's after a restart). */
  serverPid(): number | undefined;
  /**
   * Its owner is stopping (a Ctrl-C reaches the server too): an exit from now on is part of the
   * stop and is not restarted. stop() implies it.
   */
  stopping(): void;
  stop(): Promise<void>;
}

const PASSWORD_FILE = 'redis-password';
/** Written by redis-server itself while it runs, removed when it shuts down. */
const PID_FILE = 'redis-server.pid';
/** The pid of the process that started the server. */
const OWNER_FILE = 'redis-owner.pid';

/**
 * The redis-server of `dataDir` when it runs on `port`: the pid its pid file names, when that
 * process is a redis-server listening there (its title says `redis-server 127.0.0.1:<port>`).
 */
function redisServerOn(dataDir: string, port: number): number | undefined {
  const pid = pidFrom(path.resolve(dataDir, PID_FILE));
  if (pid === undefined) return undefined;
  const title = (commandLineOf(pid) ?? []).join(' ');
  return title.includes('redis-server') && title.endsWith(`:${port}`) ? pid : undefined;
}

/** The server's password: kept in its data directory (mode 0600) when it has one. */
function redisPassword(dataDir: string | undefined): string {
  if (!dataDir) return randomBytes(24).toString('hex');
  const file = path.join(dataDir, PASSWORD_FILE);
  if (existsSync(file)) {
    chmodSync(file, 0o600);
    const stored = readFileSync(file, 'utf8').trim();
    if (stored) return stored;
  }
  const password = randomBytes(24).toString('hex');
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return password;
}

function findRedisServer(): string | undefined {
  for (const candidate of ['/usr/bin/redis-server', '/usr/local/bin/redis-server']) {
    if (existsSync(candidate)) return candidate;
  }
  const which = spawnSync('which', ['redis-server'], { encoding: 'utf8' });
  return which.status === 0 ? which.stdout.trim() : undefined;
}

/** Finds redis-server, installing Debian's package when we are root on Debian and it is missing. */
export function ensureRedisServerBinary(log: (line: string) => void = console.log): string {
  const found = findRedisServer();
  if (found) return found;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    log('redis-server is missing: installing Debian package redis-server ...');
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    const install = spawnSync('apt-get', ['install', '-y', '-qq', 'redis-server'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    const installed = findRedisServer();
    if (install.status === 0 && installed) return installed;
  }
  throw new Error(
    'redis-server was not found. Install Redis (Debian/Ubuntu: sudo apt-get install redis-server) or set REDIS_URL to a running Redis server.',
  );
}

function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.end();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`redis-server did not listen on ${port}`));
        else setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

/**
 * Starts a private redis-server child process bound to 127.0.0.1 that requires a password
 * (random; kept in `dataDir` when persistent, or the one given, e.g. to restart on the same URL).
 * The configuration goes in on stdin, so the password is not on the command line.
 */
export async function startLocalRedis(options: {
  port: number;
  dataDir?: string;
  persistent?: boolean;
  password?: string;
  /** Where the line goes when the server exits unasked and is restarted (console.warn if not). */
  warn?: (line: string) => void;
}): Promise<LocalRedisHandle> {
  const persistent = Boolean(options.persistent && options.dataDir);
  const warn = options.warn ?? ((line: string) => console.warn(line));
  if (persistent) {
    // A server of its own data directory can be told from another program's, and stopped when
    // the bank that started it was killed outright and left it running.
    const dataDir = options.dataDir!;
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    await claimServerPort({
      port: options.port,
      server: 'Redis',
      ownServer: () => redisServerOn(dataDir, options.port),
      ownerFile: path.join(dataDir, OWNER_FILE),
      // Saves its data before it exits.
      stopSignal: 'SIGTERM',
      warn,
    });
  } else {
    await requireFreePort(options.port, 'Redis');
  }
  const binary = ensureRedisServerBinary();
  const password = options.password ?? redisPassword(persistent ? options.dataDir : undefined);
  const config = [
    `port ${options.port}`,
    'bind 127.0.0.1',
    `requirepass "${password}"`,
    // Jobs must never be dropped to make room (the bank refuses a Redis that would).
    'maxmemory-policy noeviction',
    ...(persistent
      ? [
          `dir "${options.dataDir}"`,
          `pidfile "${path.resolve(options.dataDir!, PID_FILE)}"`,
          'appendonly yes',
          'save "60 1"',
        ]
      : ['save ""', 'appendonly no']),
  ];
  const launch = async (): Promise<ChildProcess> => {
    const child = spawn(binary, ['-'], { stdio: ['pipe', 'ignore', 'ignore'] });
    child.stdin!.end(`${config.join('\n')}\n`);
    // A private server must not outlive its owner: a crash, or a `timeout` that signals only the
    // Node process, would otherwise leave it running. ('exit' handlers run synchronously; kill is.)
    const killWithOwner = () => child.kill('SIGTERM');
    process.once('exit', killWithOwner);
    child.once('exit', () => process.removeListener('exit', killWithOwner));
    const exited = new Promise<never>((_, reject) =>
      child.once('exit', () =>
        reject(new Error(`redis-server exited before listening on ${options.port}`)),
      ),
    );
    exited.catch(() => {});
    await Promise.race([waitForPort(options.port, 10_000), exited]);
    return child;
  };
  const supervisor = superviseChild({
    service: 'redis',
    name: `redis-server (port ${options.port})`,
    child: await launch(),
    restart: launch,
    warn,
  });
  return {
    url: `redis://:${password}@127.0.0.1:${options.port}`,
    password,
    stopping: () => supervisor.stop(),
    serverPid: () => supervisor.current()?.pid,
    stop: () => {
      supervisor.stop();
      const child = supervisor.current();
      return new Promise<void>((resolve) => {
        if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    },
  };
}
