import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { accountsProjection } from './core/accounts.ts';
import { billPayProjection } from './read-models/bill-pay/projection.ts';
import { cardsProjection } from './read-models/cards/projection.ts';
import { cashbackProjection } from './read-models/cashback/projection.ts';
import { contactRequestsProjection } from './read-models/contact-requests/projection.ts';
import { cryptoProjection } from './read-models/crypto/projection.ts';
import { customersProjection } from './read-models/customers/projection.ts';
import { insightsProjection } from './read-models/insights/projection.ts';
import { notificationsProjection } from './read-models/notifications/projection.ts';
import { savingsGoalsProjection } from './read-models/savings-goals/projection.ts';
import { savedRecipientsProjection } from './read-models/saved-recipients/projection.ts';
import { scheduledTransfersProjection } from './read-models/scheduled-transfers/projection.ts';
import { supportProjection } from './read-models/support/projection.ts';
import { transactionsProjection } from './read-models/transactions/projection.ts';
import { transfersProjection } from './read-models/transfers/projection.ts';
import { moneyLimitsProjection } from './read-models/money-limits/projection.ts';
import { zelleProjection } from './read-models/zelle/projection.ts';
import type { Projection } from './projection.ts';

export * from './projection.ts';
export * from './runner/projection-runner.ts';
export * from './runner/parking.ts';
export { applyEvents } from './runner/apply-events.ts';
export * from './toolkit/index.ts';
export { raiseNotification } from './read-models/notifications/projection.ts';
export * from './read-models/bill-pay/readers.ts';
export * from './read-models/cards/readers.ts';
export * from './read-models/cashback/readers.ts';
export { cardView } from './read-models/cards/view.ts';
export * from './read-models/support/readers.ts';
export * from './read-models/transactions/readers.ts';
export * from './read-models/transfers/readers.ts';
export * from './read-models/zelle/readers.ts';
export { ticketViews, timeSince } from './read-models/support/view.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const readModels = path.join(here, 'read-models');

/** The runner's migrations, then each read model's own, beside its projection. */
export const projectionsMigrationDirs = [
  path.resolve(here, '../migrations'),
  ...readdirSync(readModels)
    .sort()
    .map((name) => path.join(readModels, name, 'migrations'))
    .filter((dir) => existsSync(dir)),
];

/** Every projection the bank runs. Register a new one here. */
export const allProjections: Projection[] = [
  customersProjection,
  accountsProjection,
  transactionsProjection,
  notificationsProjection,
  cashbackProjection,
  contactRequestsProjection,
  billPayProjection,
  cryptoProjection,
  cardsProjection,
  supportProjection,
  transfersProjection,
  moneyLimitsProjection,
  zelleProjection,
  savingsGoalsProjection,
  insightsProjection,
  scheduledTransfersProjection,
  savedRecipientsProjection,
];
export * from './read-models/contact-requests/readers.ts';
export * from './read-models/crypto/readers.ts';
export * from './read-models/customers/readers.ts';
export * from './read-models/insights/readers.ts';
export * from './read-models/money-limits/readers.ts';
export * from './read-models/notifications/readers.ts';
export * from './read-models/saved-recipients/readers.ts';
export * from './read-models/savings-goals/readers.ts';
export * from './read-models/scheduled-transfers/readers.ts';

/** Names of every projection: a read waits for all of them to reach a consistency token. */
export const allProjectionNames = allProjections.map((p) => p.name);
export * from './kafka/index.ts';
