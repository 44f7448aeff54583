export * from './lag.ts';
export * from './shadow-rebuild.ts';
