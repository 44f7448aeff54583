export * from './account-history.ts';
export * from './auditors.ts';
export * from './balance-fold.ts';
export * from './hash-chain.ts';
export * from './periods.ts';
export * from './statement-render.ts';
export * from './verify.ts';
export * from './custody.ts';
