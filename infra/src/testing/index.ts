export { createTestDatabase, testRedisUrl } from './database.ts';
export { freePort } from './free-port.ts';
