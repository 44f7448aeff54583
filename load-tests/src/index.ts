export { seedCustomers, type Seed, type SeededCustomer } from './seed.ts';
export { checkLedger, readLedger, settledLedger, type LedgerSnapshot } from './ledger-check.ts';
export { ensureK6, runK6, counter, type K6Result } from './k6.ts';
export { runScenario, SCENARIOS, type ScenarioName } from './scenarios.ts';
export { startLocalBank, LOAD_RATE_LIMITS } from './local-bank.ts';
