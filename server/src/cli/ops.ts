import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { exitAfterOutput, loadCliConfig } from './cli-support.ts';
import { runOpsCli } from './ops-cli.ts';

const config = loadCliConfig();
const tokenFile = path.join(config.dataDir, 'ops-token');
const token =
  process.env.OPS_TOKEN || (existsSync(tokenFile) ? readFileSync(tokenFile, 'utf8').trim() : '');
if (!token) {
  console.error('No ops token: set OPS_TOKEN, or start the bank once (npm start) to generate one.');
  process.exit(2);
}
const baseUrl = process.env.BANK_URL ?? `http://localhost:${config.port}`;
await exitAfterOutput(await runOpsCli(process.argv.slice(2), { baseUrl, token }));
