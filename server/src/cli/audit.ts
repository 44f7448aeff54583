import { digestFilePath, loadConfig } from '@bank/infra';
import { runAudit } from './audit-commands.ts';
import { endQuietlyWhenOutputCloses, exitAfterOutput, openDatabase } from './cli-support.ts';

endQuietlyWhenOutputCloses();

const config = loadConfig();
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
