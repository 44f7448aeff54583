import { loadConfig } from '@bank/infra';
import { exitAfterOutput, openDatabase } from './cli-support.ts';
import { runKeys } from './keys-commands.ts';

const config = loadConfig();
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
