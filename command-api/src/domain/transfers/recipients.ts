import { createHash } from 'node:crypto';
import {
  formatUsd,
  moneyRules,
  RecipientRemoved,
  RecipientRenamed,
  RecipientSaved,
  type BankEvent,
  type EventData,
} from '@bank/events';
import { DomainError, type Aggregate } from '../../kernel/aggregate.ts';
import { DAILY_LIMIT_EXCEEDED } from './limits.ts';

export const NEW_RECIPIENT_LIMIT_CENTS = moneyRules.newRecipientTransferCents;
export const NEW_RECIPIENT_DAYS = moneyRules.newRecipientDays;
export const NEW_RECIPIENT_MESSAGE = `Transfers to a recipient saved less than ${NEW_RECIPIENT_DAYS} days ago are limited to ${formatUsd(NEW_RECIPIENT_LIMIT_CENTS)} each.`;
export const RECIPIENT_EXISTS = 'This account is already in your saved recipients.';
export const MAX_SAVED_RECIPIENTS = 100;

export type SavedRecipient = EventData<'RecipientSaved'>;

/** A customer's address book, by recipient id. */
export interface RecipientsState {
  recipients: Record<string, SavedRecipient>;
}

export const recipientsAggregate: Aggregate<RecipientsState> = {
  name: 'saved-recipients',
  initial: () => ({ recipients: {} }),
  evolve(state, event: BankEvent) {
    switch (event.type) {
      case 'RecipientSaved':
        return { recipients: { ...state.recipients, [event.data.recipientId]: event.data } };
      case 'RecipientRenamed': {
        const found = state.recipients[event.data.recipientId];
        if (!found) return state;
        return {
          recipients: {
            ...state.recipients,
            [found.recipientId]: { ...found, nickname: event.data.nickname },
          },
        };
      }
      case 'RecipientRemoved': {
        const { [event.data.recipientId]: _removed, ...rest } = state.recipients;
        return { recipients: rest };
      }
      default:
        return state;
    }
  },
};

/** How a destination account is recognised without keeping its number in the clear. */
export function destinationHash(destinationKey: string): string {
  return createHash('sha256').update(destinationKey).digest('hex');
}

export function decideSaveRecipient(state: RecipientsState, recipient: SavedRecipient) {
  const all = Object.values(state.recipients);
  if (all.some((r) => r.destinationHash === recipient.destinationHash)) {
    throw new DomainError('recipient_exists', RECIPIENT_EXISTS, 'accountNumber');
  }
  if (all.length >= MAX_SAVED_RECIPIENTS) {
    throw new DomainError('too_many', `You can save up to ${MAX_SAVED_RECIPIENTS} recipients.`);
  }
  return [RecipientSaved.create(recipient)];
}

function requireRecipient(state: RecipientsState, recipientId: string): SavedRecipient {
  const found = state.recipients[recipientId];
  if (!found) throw new DomainError('not_found', 'The requested resource was not found.');
  return found;
}

export function decideRenameRecipient(
  state: RecipientsState,
  recipientId: string,
  nickname: string,
) {
  const found = requireRecipient(state, recipientId);
  return [RecipientRenamed.create({ customerId: found.customerId, recipientId, nickname })];
}

export function decideRemoveRecipient(state: RecipientsState, recipientId: string) {
  const found = requireRecipient(state, recipientId);
  return [RecipientRemoved.create({ customerId: found.customerId, recipientId })];
}

/**
 * A transfer to an account the customer saved less than NEW_RECIPIENT_DAYS ago is held to
 * NEW_RECIPIENT_LIMIT_CENTS: a hijacked session that adds its own account cannot empty the
 * customer's at the channel's full limit.
 */
export function requireNewRecipientLimit(
  state: RecipientsState,
  destinationKey: string,
  amountCents: number,
  now: Date,
): void {
  if (amountCents <= NEW_RECIPIENT_LIMIT_CENTS) return;
  const hash = destinationHash(destinationKey);
  const since = now.getTime() - NEW_RECIPIENT_DAYS * 24 * 3600 * 1000;
  const isNew = Object.values(state.recipients).some(
    (r) => r.destinationHash === hash && Date.parse(r.savedAt) > since,
  );
  if (isNew) throw new DomainError(DAILY_LIMIT_EXCEEDED, NEW_RECIPIENT_MESSAGE, 'amount');
}
