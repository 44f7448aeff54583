export {
  createTestDatabase,
  testDatabaseUrlAs,
  testRedisUrl,
  freePort,
  pdfText,
} from '@bank/infra/testing';
export { startTestBank, type TestBank } from './test-bank.ts';
export { startDemoBankProcess } from './service-process.ts';
export {
  ApiClient,
  registrationPayload,
  signedUpCustomer,
  proveContact,
  proveOwnContacts,
  outboxCode,
  staffOutboxCode,
  deposit,
  payOutBalances,
  type ApiResponse,
} from './api-client.ts';
export { cardPurchase } from './card-purchase.ts';
export { knownDestination } from './known-destination.ts';
export { buildWebApp, webAppStaleness } from '../web-app.ts';
export { seedDemoCustomer } from '../seed.ts';
export { startKafkaBroker, type KafkaBroker } from './kafka.ts';
export { rawRequest } from './raw-request.ts';
export { getAsWritten } from './get-as-written.ts';
export { crashAfterRecord } from './crash-after-record.ts';
export { ageStepUp } from './stale-step-up.ts';
export { readModelText } from './read-model-text.ts';
export { ownRecords } from './own-records.ts';
export { fillReadModelDisk } from './read-model-disk-full.ts';
export { liveAndRebuiltHashes } from './rebuilt-read-model.ts';
export { longestHoldDuring } from './event-loop-hold.ts';
export { repeatCredits } from './long-history.ts';
export { dataUrl, testPng } from './test-images.ts';
