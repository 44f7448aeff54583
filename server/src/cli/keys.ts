import { exitAfterOutput, loadCliConfig, openDatabase } from './cli-support.ts';
import { refuseUnknownKeysCommand, runKeys } from './keys-commands.ts';

const config = loadCliConfig();
// Before the database is opened (and the embedded PostgreSQL perhaps started) for nothing.
const refused = refuseUnknownKeysCommand(process.argv.slice(2), { err: process.stderr });
if (refused) await exitAfterOutput(refused);
const database = await openDatabase((line) => process.stderr.write(`${line}\n`));
let code: number;
try {
  code = await runKeys(
    database.pool,
    process.argv.slice(2),
    { out: (text) => process.stdout.write(`${text}\n`), err: process.stderr },
    {
      secretsKey: config.secretsKey,
      newSecretsKey: process.env.NEW_SECRETS_KEY || undefined,
      dataDir: config.dataDir,
    },
  );
} finally {
  await database.close();
}
await exitAfterOutput(code);
