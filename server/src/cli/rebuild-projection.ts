import { catalogue } from '@bank/events';
import { createPgEventStore } from '@bank/infra';
import { allProjectionNames, allProjections, rebuildWithShadow } from '@bank/projections';
import { runAudit } from './audit-commands.ts';
import { exitAfterOutput, openDatabase, parseArgs, progressBar } from './cli-support.ts';

const USAGE = `Usage: npm run rebuild-projection -- <name> [--check-determinism]
  Rebuilds the projection from the start of the log into shadow tables while the live ones keep
  serving, then swaps them in and moves the checkpoint in one transaction.
  --check-determinism  rebuild twice (without swapping) and compare the read-model hashes
Projections: ${allProjectionNames.join(', ')}`;

const { positional, options } = parseArgs(process.argv.slice(2));
const projection = allProjections.find((p) => p.name === positional[0]);
if (!projection) {
  process.stderr.write(`${USAGE}\n`);
  process.exit(2);
}

const database = await openDatabase((line) => process.stderr.write(`${line}\n`));
let code = 1;
try {
  if (options['check-determinism']) {
    code = await runAudit(database.pool, ['determinism', projection.name], {
      out: (text) => process.stdout.write(`${text}\n`),
      err: process.stderr,
    });
  } else {
    const store = createPgEventStore(database.pool, { reader: catalogue });
    const progress = progressBar(`rebuild ${projection.name}`);
    const result = await rebuildWithShadow(database.pool, store, projection, {
      onProgress: (done, total) => progress.update(done, total),
    });
    progress.done(
      `Rebuilt ${result.projection} from ${result.events} events in ${Math.round(result.elapsedMs)} ms (${result.eventsPerSecond.toLocaleString('en-US')} events/s); checkpoint at ${result.position.globalPosition}`,
    );
    code = 0;
  }
} catch (error) {
  process.stderr.write(`rebuild failed: ${(error as Error).message}\n`);
} finally {
  await database.close();
}
await exitAfterOutput(code);
