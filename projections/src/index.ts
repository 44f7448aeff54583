import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { accountsProjection } from './core/accounts.ts';
import { billPayProjection } from './core/bill-pay.ts';
import { cardsProjection } from './core/cards.ts';
import { cashbackProjection } from './core/cashback.ts';
import { contactRequestsProjection } from './core/contact-requests.ts';
import { cryptoProjection } from './core/crypto.ts';
import { customersProjection } from './core/customers.ts';
import { insightsProjection } from './core/insights.ts';
import { notificationsProjection } from './core/notifications.ts';
import { savingsGoalsProjection } from './core/savings-goals.ts';
import { savedRecipientsProjection } from './core/saved-recipients.ts';
import { scheduledTransfersProjection } from './core/scheduled-transfers.ts';
import { supportProjection } from './core/support.ts';
import { transactionsProjection } from './core/transactions.ts';
import { transfersProjection } from './core/transfers.ts';
import { moneyLimitsProjection } from './core/limits.ts';
import { zelleProjection } from './core/zelle.ts';
import type { Projection } from './projection.ts';

export * from './projection.ts';
export * from './runner/projection-runner.ts';
export * from './runner/parking.ts';
export { applyEvents } from './runner/apply-events.ts';
export * from './toolkit/index.ts';
export { raiseNotification } from './core/notifications.ts';
export { readCards, readCard, cardView, type CardRow } from './core/cards.ts';
export {
  findTickets,
  findTicket,
  ticketViews,
  ticketWithReplies,
  timeSince,
  type TicketRow,
} from './core/support.ts';

export const projectionsMigrationsDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../migrations',
);

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
export * from './queries/users.ts';

/** Names of every projection: a read waits for all of them to reach a consistency token. */
export const allProjectionNames = allProjections.map((p) => p.name);
export * from './kafka/index.ts';
