import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '@bank/infra';
import { startBank } from '../bank.ts';
import '../modules.ts';
import { StartRefused } from '../start-refused.ts';
import { seedDemoCustomer } from '../seed.ts';
import { ensureWebAppBuilt } from '../web-app.ts';

/** The ops token: OPS_TOKEN, or one generated once and kept in DATA_DIR/ops-token. */
function opsToken(dataDir: string): string {
  if (process.env.OPS_TOKEN) return process.env.OPS_TOKEN;
  const file = path.join(dataDir, 'ops-token');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(24).toString('base64url'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

const config = loadConfig();
const log = (line: string) => console.log(line);
const bank = await startBank({
  config: { opsToken: opsToken(config.dataDir) },
  // Built beside PostgreSQL's start-up, so a fresh clone serves the web app on first start.
  beforeHttp: ensureWebAppBuilt(log),
  log,
}).catch((error) => {
  if (!(error instanceof StartRefused)) throw error;
  console.error(`\n${error.message}\n`);
  process.exit(2);
});
const demo = await seedDemoCustomer(bank.ctx, config.dataDir);
console.log(`\nHarborview Community Bank is running at http://localhost:${config.port}`);
if (demo)
  console.log(`Demo customer: account number ${demo.accountNumber}, password ${demo.password}`);
console.log(`Ops token (for /ops and npm run ops): ${bank.config.opsToken}\n`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log('Stopping...');
    void bank.stop().then(() => process.exit(0));
  });
}
