/**
 * The whole bank as its own process for the crash test: like `npm start`, but it never seeds the
 * demo customer, takes every store from the environment (DATABASE_URL, REDIS_URL, OPS_TOKEN,
 * SECRETS_KEY, PORT) and prints "ready on <url>" once it serves.
 */
import { startBank } from '../bank.ts';
import '../modules.ts';

const generous = { max: 1_000_000, timeWindow: 60_000 };
const bank = await startBank({
  serveFrontend: false,
  queuePrefix: process.env.QUEUE_PREFIX,
  rateLimits: { auth: generous, money: generous },
  log: (line) => console.log(`[crash-bank] ${line}`),
});
console.log(`[crash-bank] ready on ${bank.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void bank.stop().then(() => process.exit(0)));
}
