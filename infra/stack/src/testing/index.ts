export { createTestDatabase, testRedisUrl, freePort } from '@bank/infra/testing';
