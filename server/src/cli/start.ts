import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { publishLogDigest } from '@bank/audit';
import { createLogger, digestFilePath, ensureDataDir, loadConfig } from '@bank/infra';
import { startBank } from '../bank.ts';
import '../modules.ts';
import { announceStart } from '../start-banner.ts';
import { exitStartFailed, orExitOnRefusal } from '../start-refused.ts';
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

const config = orExitOnRefusal(() => {
  const loaded = loadConfig();
  ensureDataDir(loaded.dataDir);
  return loaded;
});
// Start-up lines are written at any LOG_LEVEL; the running bank's follow LOG_LEVEL.
const startup = createLogger({ level: 'info' });
const log = (line: string) => startup.info(line);
const bank = await startBank({
  config: { opsToken: opsToken(config.dataDir) },
  // Built beside PostgreSQL's start-up, so a fresh clone serves the web app on first start.
  beforeHttp: ensureWebAppBuilt(log),
  logger: createLogger({ level: config.logLevel }),
}).catch((error: unknown) => exitStartFailed(error, config.logLevel));
const firstStart = !existsSync(path.join(config.dataDir, 'demo-customer.json'));
// What fails after the bank started stops it first: its PostgreSQL and Redis go with it.
const demo = await (async () => {
  const seeded = await seedDemoCustomer(bank.ctx, config.dataDir);
  // The digest published at start came before the seed: publish the demo's history too, so that
  // `npm run audit -- verify` has published heads to compare with from the first start on.
  if (firstStart && seeded) await publishLogDigest(bank.pool, digestFilePath(bank.config));
  return seeded;
})().catch(async (error: unknown) => {
  await bank.stop();
  return exitStartFailed(error, config.logLevel);
});
// The banner (with the ops token) for the person who ran `npm start`; a log gets neither secret.
announceStart(process.stdout, startup, {
  url: `http://localhost:${config.port}`,
  demo,
  opsToken: bank.config.opsToken,
  opsTokenSource: process.env.OPS_TOKEN ? 'OPS_TOKEN' : path.join(config.dataDir, 'ops-token'),
  demoFile: path.join(config.dataDir, 'demo-customer.json'),
});

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    startup.info('Stopping...');
    void bank.stop().then(() => process.exit(0));
  });
}
