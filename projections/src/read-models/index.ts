import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Projection } from '../projection.ts';
import { accountsProjection } from './accounts/projection.ts';
import { billPayProjection } from './bill-pay/projection.ts';
import { cardsProjection } from './cards/projection.ts';
import { cashbackProjection } from './cashback/projection.ts';
import { contactRequestsProjection } from './contact-requests/projection.ts';
import { cryptoProjection } from './crypto/projection.ts';
import { customersProjection } from './customers/projection.ts';
import { insightsProjection } from './insights/projection.ts';
import { moneyLimitsProjection } from './money-limits/projection.ts';
import { notificationsProjection } from './notifications/projection.ts';
import { savedRecipientsProjection } from './saved-recipients/projection.ts';
import { savingsGoalsProjection } from './savings-goals/projection.ts';
import { scheduledTransfersProjection } from './scheduled-transfers/projection.ts';
import { supportProjection } from './support/projection.ts';
import { transactionsProjection } from './transactions/projection.ts';
import { transfersProjection } from './transfers/projection.ts';
import { zelleProjection } from './zelle/projection.ts';

/**
 * The read models: each folder holds one read model's projection, the migrations of its tables,
 * its row types and readers (what the APIs call) and its test. Register a new one here.
 */
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

/** Names of every projection: a read waits for all of them to reach a consistency token. */
export const allProjectionNames = allProjections.map((p) => p.name);

export * from './accounts/readers.ts';
export * from './bill-pay/readers.ts';
export * from './cards/readers.ts';
export * from './cashback/readers.ts';
export * from './contact-requests/readers.ts';
export * from './crypto/readers.ts';
export * from './customers/readers.ts';
export * from './insights/readers.ts';
export * from './money-limits/readers.ts';
export * from './notifications/readers.ts';
export * from './saved-recipients/readers.ts';
export * from './savings-goals/readers.ts';
export * from './scheduled-transfers/readers.ts';
export * from './support/readers.ts';
export * from './transactions/readers.ts';
export * from './transfers/readers.ts';
export * from './zelle/readers.ts';
export { cardView } from './cards/view.ts';
export { raiseNotification } from './notifications/projection.ts';
export { disputeViewOf, ticketViews, ticketWithReplies, timeSince } from './support/view.ts';

/** Each read model's migrations folder, by folder name (a migration's parts apply in this order). */
export const readModelMigrationDirs = readdirSync(import.meta.dirname)
  .sort()
  .map((name) => path.join(import.meta.dirname, name, 'migrations'))
  .filter((dir) => existsSync(dir));
