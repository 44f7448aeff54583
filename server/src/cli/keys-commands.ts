import { renameSync, rmSync, writeFileSync } from 'node:fs';
import {
  checkMasterKey,
  existingSecretsKey,
  loadSecretsKey,
  secretsKeyFile,
  newMasterKey,
  rotateMasterKey,
  type Pool,
} from '@bank/infra';
import { whileNoWriter } from '../writer-lock.ts';
import { parseArgs, progressBar, refuseUnknownCommand } from './cli-support.ts';

export const KEYS_USAGE = `Usage: npm run keys -- <command>
  rotate   re-wrap every data key from SECRETS_KEY (the key in use) to NEW_SECRETS_KEY, in one
           transaction, verified before it commits; erased customers stay erased. Stop every
           process of the bank first. Without SECRETS_KEY the key in DATA_DIR/secrets.key is
           rotated, to NEW_SECRETS_KEY or a fresh one, and the file is replaced.
  check    whether SECRETS_KEY opens the bank's keys and every customer's key`;

/** The commands runKeys knows (its switch must handle each, and no other). */
export const KEYS_COMMANDS = ['rotate', 'check'] as const;
type KeysCommand = (typeof KEYS_COMMANDS)[number];

/** The usage and exit code 2 when argv names no command of KEYS_COMMANDS (see cli-support). */
export const refuseUnknownKeysCommand = (
  argv: readonly string[],
  io: Pick<KeysIo, 'err'>,
): 2 | undefined => refuseUnknownCommand(argv, KEYS_COMMANDS, KEYS_USAGE, io.err);

export interface KeysIo {
  out: (text: string) => void;
  err: NodeJS.WritableStream & { isTTY?: boolean };
}

export interface KeysSettings {
  /** SECRETS_KEY as configured; unset: DATA_DIR/secrets.key. */
  secretsKey: string | undefined;
  newSecretsKey: string | undefined;
  dataDir: string;
}

class UsageError extends Error {}

export async function runKeys(
  pool: Pool,
  argv: readonly string[],
  io: KeysIo,
  settings: KeysSettings,
): Promise<number> {
  const refused = refuseUnknownKeysCommand(argv, io);
  if (refused) return refused;
  const command = parseArgs(argv).positional[0] as KeysCommand;
  try {
    const keyFile = secretsKeyFile(settings.dataDir);
    const current = existingSecretsKey(settings.secretsKey, settings.dataDir);
    if (!current) {
      throw new UsageError(`No key to use: set SECRETS_KEY (or keep it in ${keyFile}).`);
    }
    switch (command) {
      case 'rotate': {
        if (settings.secretsKey && !settings.newSecretsKey) {
          throw new UsageError('Set NEW_SECRETS_KEY to the new key (openssl rand -hex 32).');
        }
        // A bank process running with the old key would go on wrapping new customers' keys with
        // it after the rotation, and the old key is gone: they could never sign in again.
        return await whileNoWriter(pool, async () => {
          const next = loadSecretsKey(settings.newSecretsKey ?? newMasterKey(), settings.dataDir);
          // Where the key lives in DATA_DIR, the new one is on disk before the rotation commits,
          // and takes the old one's place right after.
          const pending = settings.secretsKey ? undefined : `${keyFile}.new`;
          if (pending) writeFileSync(pending, next.toString('hex'), { mode: 0o600 });
          const progress = progressBar('rotate', io.err);
          try {
            const report = await rotateMasterKey(pool, current, next, (done, total) =>
              progress.update(done, total),
            );
            progress.done();
            if (pending) renameSync(pending, keyFile);
            io.out(
              `Re-wrapped ${report.rewrapped} data keys and the bank's own keys with the new key; ${report.erased} erased stay erased.`,
            );
            io.out(
              pending
                ? `The new key is in ${keyFile}. Start the bank again.`
                : 'Start every process of the bank with SECRETS_KEY set to the new key.',
            );
            return 0;
          } catch (error) {
            if (pending) rmSync(pending, { force: true });
            throw error;
          }
        });
      }
      case 'check': {
        const opened = await checkMasterKey(pool, current);
        io.out(`SECRETS_KEY opens the bank's keys and ${opened} customer keys.`);
        return 0;
      }
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.err.write(`${error.message}\n`);
      return 2;
    }
    io.err.write(`keys failed, nothing changed: ${(error as Error).message}\n`);
    return 1;
  }
}
