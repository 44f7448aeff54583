export {
  createTestDatabase,
  testDatabaseUrlAs,
  testRedisUrl,
  type TestDatabaseRole,
} from './database.ts';
export { freePort } from '../local-port.ts';
export { Prng } from './prng.ts';
export { holdConnection, sendBodySlowly, type HeldConnection } from './slow-client.ts';
export { pdfText } from './pdf-text.ts';
export { freezableHop, postgresHop, type HopOptions, type TcpHop } from './tcp-hop.ts';
