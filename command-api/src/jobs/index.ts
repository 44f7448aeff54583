export * from './job-system.ts';
export * from './core-jobs.ts';
export * from './failed-jobs.ts';
