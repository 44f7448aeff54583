import { exitAfterOutput, loadCliConfig, openDatabase } from './cli-support.ts';
import { refuseRebuildArguments, runRebuild } from './rebuild-commands.ts';

// Before the database is opened (and the embedded PostgreSQL perhaps started) for nothing.
const refused = refuseRebuildArguments(process.argv.slice(2), process.stderr);
if (refused) await exitAfterOutput(refused);
const database = await openDatabase((line) => process.stderr.write(`${line}\n`));
let code = 1;
try {
  code = await runRebuild(database.pool, process.argv.slice(2), loadCliConfig(), {
    out: (text) => process.stdout.write(`${text}\n`),
    err: process.stderr,
  });
} catch (error) {
  process.stderr.write(`rebuild failed: ${(error as Error).message}\n`);
} finally {
  await database.close();
}
await exitAfterOutput(code);
