import { lookup } from 'node:dns/promises';
import net from 'node:net';
import { accessSync, constants, existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { digestFilePath, InvalidSetting, type BankConfig } from './config.ts';

/**
 * Makes a directory a setting names ready before anything writes to it: the missing directories
 * are created one level at a time, and a path that cannot hold them is refused as that setting,
 * with the reason. Node's recursive mkdir never returns under /proc, so a start there used to
 * hang without a word (and deaf to SIGINT).
 */
export function ensureWritableDirectory(dir: string, setting: string): void {
  const missing: string[] = [];
  let existing = dir;
  while (!existsSync(existing)) {
    missing.unshift(existing);
    const parent = path.dirname(existing);
    if (parent === existing) break;
    existing = parent;
  }
  if (!statSync(existing).isDirectory()) {
    throw new InvalidSetting(setting, `${existing} is not a directory`);
  }
  for (const missingDir of missing) {
    try {
      mkdirSync(missingDir);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST') {
        throw new InvalidSetting(setting, `${missingDir} cannot be created (${code ?? 'error'})`);
      }
    }
  }
  try {
    accessSync(dir, constants.W_OK);
  } catch {
    throw new InvalidSetting(setting, `${dir} is not writable`);
  }
}

/** DATA_DIR made ready as ensureWritableDirectory says. */
export function ensureDataDir(dataDir: string): void {
  ensureWritableDirectory(dataDir, 'DATA_DIR');
}

/** Refuses a PORT (or HOST) the HTTP server could not listen on, found by listening a moment. */
async function listenable(host: string, port: number): Promise<void> {
  if (port === 0) return;
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host, exclusive: true }, resolve);
  }).catch((error: NodeJS.ErrnoException) => {
    const reason = `${host}:${port} cannot be listened on (${error.code ?? 'error'})`;
    throw new InvalidSetting(error.code === 'EADDRINUSE' ? 'PORT' : 'HOST', reason);
  });
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/**
 * The settings a start needs from the machine, checked before any server process starts, so that
 * a wrong one refuses the start in one line instead of failing after PostgreSQL runs: the digest
 * file's directory (when this process publishes digests), and the HOST and PORT the HTTP server
 * listens on (when it serves HTTP).
 */
export async function checkStartSettings(
  config: Pick<BankConfig, 'digestFile' | 'dataDir' | 'host' | 'port'>,
  parts: { digests: boolean; http: boolean },
): Promise<void> {
  if (parts.digests) {
    const file = digestFilePath(config);
    if (existsSync(file) && statSync(file).isDirectory()) {
      throw new InvalidSetting('DIGEST_FILE', `${file} is a directory`);
    }
    ensureWritableDirectory(path.dirname(file), config.digestFile ? 'DIGEST_FILE' : 'DATA_DIR');
  }
  if (parts.http) {
    await lookup(config.host).catch((error: NodeJS.ErrnoException) => {
      throw new InvalidSetting(
        'HOST',
        `${config.host} does not resolve (${error.code ?? 'error'})`,
      );
    });
    await listenable(config.host, config.port);
  }
}
