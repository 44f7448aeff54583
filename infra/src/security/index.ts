export * from './encryption.ts';
export * from './passwords.ts';
export { BANK_TURN, customerTurn, type HashingTurn } from './hashing-line.ts';
export * from './sessions.ts';
export * from './tokens.ts';
export * from './keyring.ts';
export * from './bank-keys.ts';
