export {
  createTestDatabase,
  testDatabaseUrlAs,
  testRedisUrl,
  type TestDatabaseRole,
} from './database.ts';
export { freePort } from './free-port.ts';
export { Prng } from './prng.ts';
