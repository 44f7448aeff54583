import { accessSync, constants, existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { InvalidSetting } from './config.ts';

/**
 * Makes DATA_DIR ready before anything writes to it: the missing directories are created one
 * level at a time, and a path that cannot hold the bank's data is refused as a setting, with the
 * reason. Node's recursive mkdir never returns under /proc, so a start there used to hang without
 * a word.
 */
export function ensureDataDir(dataDir: string): void {
  const missing: string[] = [];
  let existing = dataDir;
  while (!existsSync(existing)) {
    missing.unshift(existing);
    const parent = path.dirname(existing);
    if (parent === existing) break;
    existing = parent;
  }
  if (!statSync(existing).isDirectory()) {
    throw new InvalidSetting('DATA_DIR', `${existing} is not a directory`);
  }
  for (const dir of missing) {
    try {
      mkdirSync(dir);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST') {
        throw new InvalidSetting('DATA_DIR', `${dir} cannot be created (${code ?? 'error'})`);
      }
    }
  }
  try {
    accessSync(dataDir, constants.W_OK);
  } catch {
    throw new InvalidSetting('DATA_DIR', `${dataDir} is not writable`);
  }
}
