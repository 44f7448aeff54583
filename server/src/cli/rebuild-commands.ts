import type { Pool } from '@bank/infra';
import { allProjectionNames, allProjections, rebuildWithShadow } from '@bank/projections';
import { openBankStore, type KeySettings } from '../bank-store.ts';
import { runAudit, type AuditIo } from './audit-commands.ts';
import { parseArgs, progressBar } from './cli-support.ts';

export const REBUILD_USAGE = `Usage: npm run rebuild-projection -- <name> [--check-determinism]
  Rebuilds the projection from the start of the log into shadow tables while the live ones keep
  serving, then swaps them in and moves the checkpoint in one transaction.
  --check-determinism  rebuild twice (without swapping) and compare the read-model hashes
Projections: ${allProjectionNames.join(', ')}`;

/**
 * When argv is not one known projection and at most --check-determinism: writes why, with the
 * usage, and returns exit code 2, needing no database (rebuild-projection.ts asks before it opens
 * one); otherwise undefined.
 */
export function refuseRebuildArguments(
  argv: readonly string[],
  err: NodeJS.WritableStream,
): 2 | undefined {
  const { positional, options } = parseArgs(argv);
  // A mistyped option (--check-determinsm) must not fall through to a rebuild that swaps tables.
  const unknown = Object.keys(options).filter((name) => name !== 'check-determinism');
  const known = allProjectionNames.includes(positional[0] ?? '');
  if (known && positional.length === 1 && unknown.length === 0) return undefined;
  if (unknown.length > 0) err.write(`Unknown option --${unknown[0]}.\n`);
  else if (positional.length > 1) err.write(`Unexpected argument "${positional[1]}".\n`);
  else if (positional[0] !== undefined) err.write(`No projection is named "${positional[0]}".\n`);
  err.write(`${REBUILD_USAGE}\n`);
  return 2;
}

/** `npm run rebuild-projection`, on the schema owner's pool; returns the exit code. */
export async function runRebuild(
  pool: Pool,
  argv: readonly string[],
  settings: KeySettings,
  io: AuditIo,
): Promise<number> {
  const refused = refuseRebuildArguments(argv, io.err);
  if (refused) return refused;
  const { positional, options } = parseArgs(argv);
  const projection = allProjections.find((p) => p.name === positional[0])!;
  if (options['check-determinism']) {
    return runAudit(pool, ['determinism', projection.name], { ...io, secrets: settings });
  }
  const { store } = await openBankStore(pool, settings);
  try {
    const progress = progressBar(`rebuild ${projection.name}`, io.err);
    const result = await rebuildWithShadow(pool, store, projection, {
      onProgress: (done, total) => progress.update(done, total),
    });
    progress.done(
      `Rebuilt ${result.projection} from ${result.events} events in ${Math.round(result.elapsedMs)} ms (${result.eventsPerSecond.toLocaleString('en-US')} events/s); checkpoint at ${result.position.globalPosition}`,
    );
    return 0;
  } finally {
    await store.close();
  }
}
