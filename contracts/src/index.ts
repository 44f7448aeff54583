export * from './accounts.ts';
export * from './envelope.ts';
export * from './error-codes.ts';
export * from './personal-finance.ts';
export * from './transfers.ts';
