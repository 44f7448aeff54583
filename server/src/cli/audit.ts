import { digestFilePath } from '@bank/infra';
import { refuseUnknownAuditCommand, runAudit } from './audit-commands.ts';
import {
  endQuietlyWhenOutputCloses,
  exitAfterOutput,
  loadCliConfig,
  openDatabase,
} from './cli-support.ts';

endQuietlyWhenOutputCloses();

const config = loadCliConfig();
// Before the database is opened (and the embedded PostgreSQL perhaps started) for nothing.
const refused = refuseUnknownAuditCommand(process.argv.slice(2), { err: process.stderr });
if (refused) await exitAfterOutput(refused);
const database = await openDatabase((line) => process.stderr.write(`${line}\n`));
let code = 1;
try {
  code = await runAudit(database.pool, process.argv.slice(2), {
    out: (text) => process.stdout.write(`${text}\n`),
    err: process.stderr,
    digestFile: digestFilePath(config),
    secrets: config,
  });
} catch (error) {
  process.stderr.write(`audit failed: ${(error as Error).message}\n`);
} finally {
  await database.close();
}
await exitAfterOutput(code);
