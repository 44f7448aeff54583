import {
  createPool,
  embeddedRoleUrl,
  integerSetting,
  loadConfig,
  startEmbeddedPostgres,
  type BankConfig,
  type Pool,
} from '@bank/infra';
import { migrateAll } from '../migrations.ts';
import { orExitOnRefusal } from '../start-refused.ts';

/**
 * The bank's settings for a command-line tool: a setting present but wrong (PORT=abc) ends the
 * tool as it ends `npm start`, with one line naming the setting and the reason, exit code 2.
 */
export function loadCliConfig(): BankConfig {
  return orExitOnRefusal(() => loadConfig());
}

export interface Database {
  pool: Pool;
  close(): Promise<void>;
}

async function reachable(url: string): Promise<boolean> {
  const probe = createPool(url, 1);
  try {
    await probe.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await probe.end().catch(() => {});
  }
}

/**
 * The bank's database for command-line tools, as the role that owns the schema (a rebuild
 * creates and swaps tables): MIGRATION_DATABASE_URL or else DATABASE_URL, or the embedded
 * PostgreSQL of `npm start` (used as it runs, or started on DATA_DIR when the bank is not running).
 */
export async function openDatabase(log: (line: string) => void = () => {}): Promise<Database> {
  const config = loadCliConfig();
  const stoppers: (() => Promise<void>)[] = [];
  let url = config.databaseUrl ? (config.migrationDatabaseUrl ?? config.databaseUrl) : undefined;
  if (!url) {
    const port = orExitOnRefusal(() => integerSetting('EMBEDDED_PG_PORT'));
    url = embeddedRoleUrl(config.dataDir, port, 'bank', 'owner');
    if (!url || !(await reachable(url))) {
      log(`Starting the embedded PostgreSQL on ${config.dataDir}...`);
      const postgres = await startEmbeddedPostgres({ dataDir: config.dataDir, port });
      await postgres.createDatabase('bank');
      await postgres.provisionRoles('bank');
      url = postgres.roleUrl('bank', 'owner');
      stoppers.push(() => postgres.stop());
    }
  }
  const pool = createPool(url, 8);
  stoppers.unshift(() => pool.end());
  await migrateAll(pool);
  return {
    pool,
    async close() {
      for (const stop of stoppers) await stop().catch(() => {});
    },
  };
}

/**
 * Output piped into a reader that stops early (`| head`, `less` quit at its first page): the
 * command ends as a Unix tool does on SIGPIPE (exit code 141, nothing said) instead of throwing
 * an unhandled EPIPE with its stack trace.
 */
export function endQuietlyWhenOutputCloses(stream: NodeJS.WriteStream = process.stdout): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(128 + 13);
  });
}

/**
 * Exits once what was written to stdout and stderr has reached them. Node writes to a pipe
 * asynchronously, so `process.exit` alone drops whatever a slow reader (`| less`, `| gzip`) has
 * not taken yet, and exits 0 with the output cut short.
 */
export async function exitAfterOutput(code: number): Promise<never> {
  await Promise.all([process.stdout, process.stderr].map(flushed));
  process.exit(code);
}

function flushed(stream: NodeJS.WriteStream): Promise<void> {
  if (stream.destroyed || stream.writableLength === 0) return Promise.resolve();
  // A write's callback runs once it and every write before it are out, or with the error that
  // ended the stream (the stream's 'error' listener decides what that means).
  return new Promise((resolve) => stream.write('', () => resolve()));
}

export interface Progress {
  update(done: number, total?: number): void;
  done(summary?: string): void;
}

const number = (n: number) => Math.round(n).toLocaleString('en-US');

/** A progress bar with the rate on stderr (a line every few seconds when stderr is not a TTY). */
export function progressBar(
  label: string,
  stream: NodeJS.WritableStream & { isTTY?: boolean } = process.stderr,
): Progress {
  const started = performance.now();
  let last = 0;
  let shown = false;
  const render = (done: number, total: number | undefined, final: boolean) => {
    const now = performance.now();
    if (!final && now - last < (stream.isTTY ? 100 : 2000)) return;
    last = now;
    const seconds = Math.max((now - started) / 1000, 0.001);
    const rate = `${number(done / seconds)} events/s`;
    let bar = '';
    if (total && total > 0) {
      const share = Math.min(1, done / total);
      const filled = Math.round(share * 30);
      bar = `[${'#'.repeat(filled)}${'-'.repeat(30 - filled)}] ${(share * 100).toFixed(0).padStart(3)}% `;
    }
    const line = `${label} ${bar}${number(done)}${total ? `/${number(total)}` : ''} events · ${rate} · ${seconds.toFixed(1)} s`;
    stream.write(stream.isTTY ? `\r\x1b[2K${line}` : `${line}\n`);
    shown = true;
  };
  let latest = { done: 0, total: undefined as number | undefined };
  return {
    update(done, total) {
      latest = { done, total };
      render(done, total, false);
    },
    done(summary) {
      render(latest.done, latest.total, true);
      if (shown && stream.isTTY) stream.write('\n');
      if (summary) stream.write(`${summary}\n`);
    },
  };
}

/** `--name value` and `--name=value` options, and the positional arguments. */
export function parseArgs(argv: readonly string[]): {
  positional: string[];
  options: Record<string, string | true>;
} {
  const positional: string[] = [];
  const options: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (inline !== undefined) options[name] = inline;
    else if (argv[i + 1] !== undefined && !argv[i + 1]!.startsWith('--')) {
      options[name] = argv[i + 1]!;
      i += 1;
    } else options[name] = true;
  }
  return { positional, options };
}

/**
 * When argv names none of a tool's `commands`: writes why, with the tool's usage, and returns exit
 * code 2, needing no database (each tool asks before it opens one); otherwise undefined.
 */
export function refuseUnknownCommand(
  argv: readonly string[],
  commands: readonly string[],
  usage: string,
  err: NodeJS.WritableStream,
): 2 | undefined {
  const [command] = parseArgs(argv).positional;
  if (commands.includes(command ?? '')) return undefined;
  err.write(`${command ? `Unknown command "${command}".` : 'No command given.'}\n${usage}\n`);
  return 2;
}
