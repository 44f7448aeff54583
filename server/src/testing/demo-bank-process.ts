/**
 * The whole bank as its own process, as `npm start` runs it (web app included, demo customer
 * seeded), for a test that must not share its process with the bank. It takes every store from
 * the environment (DATABASE_URL, REDIS_URL, OPS_TOKEN, SECRETS_KEY, PORT, DATA_DIR), prints
 * "demo <credentials as JSON>" and then "ready on <url>".
 */
import '../modules.ts';
import { startBank } from '../bank.ts';
import { seedDemoCustomer } from '../seed.ts';

const generous = { max: 1_000_000, timeWindow: 60_000 };
const bank = await startBank({
  queuePrefix: process.env.QUEUE_PREFIX,
  rateLimits: { auth: generous, money: generous },
  log: () => {},
});
const demo = await seedDemoCustomer(bank.ctx, bank.config.dataDir);
if (!demo) throw new Error('the demo customer was not seeded');
console.log(`demo ${JSON.stringify(demo)}`);
console.log(`ready on ${bank.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void bank.stop().then(() => process.exit(0)));
}
