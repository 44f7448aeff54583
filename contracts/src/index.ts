export * from './envelope.ts';
export * from './error-codes.ts';
export * from './transfers.ts';
export * from './pending.ts';
