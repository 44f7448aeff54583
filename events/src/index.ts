import { createCatalogue, type EventDefinition } from './catalogue.ts';
import { accountEvents } from './schemas/account.ts';
import { billPayEvents } from './schemas/bill-pay.ts';
import { businessEvents } from './schemas/business.ts';
import { cardEvents } from './schemas/cards.ts';
import { contactEvents } from './schemas/contact.ts';
import { cryptoEvents } from './schemas/crypto.ts';
import { customerEvents } from './schemas/customer.ts';
import { notificationEvents } from './schemas/notification.ts';
import { personalFinanceEvents } from './schemas/personal-finance.ts';
import { supportEvents } from './schemas/support.ts';
import { savedRecipientEvents } from './schemas/saved-recipients.ts';
import { scheduledTransferEvents } from './schemas/scheduled-transfers.ts';
import { transferEvents } from './schemas/transfers.ts';
import { zelleEvents } from './schemas/zelle.ts';

export * from './catalogue.ts';
export * from './bank-time.ts';
export * from './money.ts';
export * from './streams.ts';
export * from './products.ts';
export * from './schemas/account.ts';
export * from './schemas/bill-pay.ts';
export * from './schemas/business.ts';
export * from './schemas/cards.ts';
export * from './schemas/contact.ts';
export * from './schemas/crypto.ts';
export * from './schemas/customer.ts';
export * from './schemas/notification.ts';
export * from './schemas/personal-finance.ts';
export * from './categories.ts';
export * from './schemas/support.ts';
export * from './schemas/transfers.ts';
export * from './schemas/scheduled-transfers.ts';
export * from './schemas/saved-recipients.ts';
export * from './schemas/zelle.ts';

type EventOf<D> = D extends EventDefinition<infer T, infer Data> ? { type: T; data: Data } : never;

export const allDefinitions = [
  ...customerEvents,
  ...businessEvents,
  ...accountEvents,
  ...notificationEvents,
  ...contactEvents,
  ...billPayEvents,
  ...cryptoEvents,
  ...cardEvents,
  ...supportEvents,
  ...transferEvents,
  ...scheduledTransferEvents,
  ...savedRecipientEvents,
  ...zelleEvents,
  ...personalFinanceEvents,
] as const;

/** Every event of the bank, as a discriminated union of its latest shapes. */
export type BankEvent = EventOf<(typeof allDefinitions)[number]>;
export type BankEventType = BankEvent['type'];
export type EventData<T extends BankEventType> = Extract<BankEvent, { type: T }>['data'];

export const catalogue = createCatalogue<BankEvent>(
  allDefinitions as unknown as EventDefinition<string, unknown>[],
);
export * from './pii.ts';
export * from './partitioning.ts';
