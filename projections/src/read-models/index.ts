import { existsSync, readdirSync, readFileSync } from 'node:fs';
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

/** Names of every projection. */
export const allProjectionNames = allProjections.map((p) => p.name);

/** Read models named by hand (what a command's answer reads): a name no projection has throws. */
export function readModelsNamed(...names: string[]): readonly string[] {
  for (const name of names) {
    if (!allProjectionNames.includes(name)) throw new Error(`No read model is named ${name}`);
  }
  return names;
}

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
export { transactionLineId } from './transactions/projection.ts';
export * from './transfers/readers.ts';
export * from './zelle/readers.ts';
export { cardView } from './cards/view.ts';
export { raiseNotification } from './notifications/projection.ts';
export {
  CONVERSATION_PAGE,
  disputeViewOf,
  earlierReplies,
  ticketViews,
  ticketWithReplies,
  timeSince,
} from './support/view.ts';

/** Each read model's migrations folder, by folder name (a migration's parts apply in this order). */
export const readModelMigrationDirs = readdirSync(import.meta.dirname)
  .sort()
  .map((name) => path.join(import.meta.dirname, name, 'migrations'))
  .filter((dir) => existsSync(dir));

/** What a read model's migrations create that a query can name: tables, views and functions. */
const CREATED = /CREATE (?:OR REPLACE )?(?:TABLE (?:IF NOT EXISTS )?|VIEW |FUNCTION )(\w+)/gi;

/**
 * Which read model owns each table (the `rm_` ones), view and function: the one whose folder's
 * migrations create it (a read model's folder is named as its projection).
 */
export const readModelOfRelation: ReadonlyMap<string, string> = new Map(
  readdirSync(import.meta.dirname)
    .filter((name) => existsSync(path.join(import.meta.dirname, name, 'migrations')))
    .flatMap((name) => {
      const dir = path.join(import.meta.dirname, name, 'migrations');
      return readdirSync(dir).flatMap((file) =>
        [...readFileSync(path.join(dir, file), 'utf8').matchAll(CREATED)].map(
          (match) => [match[1]!.toLowerCase(), name] as const,
        ),
      );
    }),
);

/**
 * The read models a statement reads, from the tables and functions it names; every one when it
 * names an `rm_` table no read model owns. A read with a consistency token waits for these alone.
 */
export function readModelsReadBy(sql: string): readonly string[] {
  const names = new Set<string>();
  for (const [word] of sql.toLowerCase().matchAll(/\b[a-z_]\w*/g)) {
    const owner = readModelOfRelation.get(word);
    if (owner !== undefined) names.add(owner);
    else if (word.startsWith('rm_')) return allProjectionNames;
  }
  return [...names];
}
