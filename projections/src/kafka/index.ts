export * from './projection-worker.ts';
export * from './partition-safety.ts';
export * from './partition-scope.ts';
