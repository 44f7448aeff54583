export { migrateAll } from './migrations.ts';
export { startBank, registerJobModule, type BankParts, type StartBankOptions } from './bank.ts';
export { buildHttpServer, DEFAULT_RATE_LIMITS } from './http-server.ts';
