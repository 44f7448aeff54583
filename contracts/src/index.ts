export * from './accounts.ts';
export * from './alerts.ts';
export * from './envelope.ts';
export * from './error-codes.ts';
export * from './insights.ts';
export * from './personal-finance.ts';
export * from './transfers.ts';
export * from './scheduled-transfers.ts';
