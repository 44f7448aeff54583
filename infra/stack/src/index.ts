export { migrateAll } from './migrations.ts';
