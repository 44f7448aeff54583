export { migrateAll } from './migrations.ts';
export { startBank, registerJobModule, type BankParts, type StartBankOptions } from './bank.ts';
export { buildHttpServer } from './http-server.ts';
