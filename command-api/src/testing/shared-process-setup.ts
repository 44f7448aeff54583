import { vi } from 'vitest';
import { simulatedFeed, useMarketDataProvider } from '../market-data/index.ts';
import { billPayClock } from '../services/bill-pay.ts';
import { cryptoSettings } from '../services/crypto-desk.ts';
import { scheduleClock } from '../services/scheduled-transfers.ts';

// Test files that share a worker process (isolate: false) share its modules and environment.
// Before each file, this puts back what a test may move and not restore when it fails halfway:
// the command side's clocks, the market data feed, fake timers and environment variables.

const baseline = ((globalThis as { __bankEnvBaseline?: NodeJS.ProcessEnv }).__bankEnvBaseline ??= {
  ...process.env,
});

for (const name of Object.keys(process.env)) {
  // Vitest's own variables (the worker's pool id picks its PostgreSQL server) stay as they are.
  if (!name.startsWith('VITEST') && !(name in baseline)) delete process.env[name];
}
for (const [name, value] of Object.entries(baseline)) {
  if (!name.startsWith('VITEST') && process.env[name] !== value) process.env[name] = value;
}

vi.useRealTimers();
billPayClock.now = () => new Date();
scheduleClock.now = () => new Date();
cryptoSettings.now = () => new Date();
useMarketDataProvider(simulatedFeed);
