export * from './config.ts';
export * from './ids.ts';
export * from './postgres/pool.ts';
export * from './postgres/migrate.ts';
export * from './postgres/embedded.ts';
export * from './redis/local-redis.ts';
export * from './event-store/types.ts';
export * from './event-store/pg-event-store.ts';
