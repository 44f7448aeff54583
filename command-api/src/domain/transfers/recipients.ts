import { RecipientRemoved, RecipientRenamed, RecipientSaved, type EventData } from '@bank/events';
import { DomainError, type Aggregate, type StreamEvent } from '../../kernel/aggregate.ts';
import { isDestination, requireAnotherBank, type DestinationHashes } from './destinations.ts';

export const RECIPIENT_EXISTS = 'This account is already in your saved recipients.';
export const MAX_SAVED_RECIPIENTS = 100;

export type SavedRecipient = EventData<'RecipientSaved'>;

/** A customer's address book, by recipient id, and when each destination was first paid. */
export interface RecipientsState {
  recipients: Record<string, SavedRecipient>;
  /** The time of the first transfer to each destination, by its hash as recorded. */
  firstPaid: Record<string, string>;
}

export const recipientsAggregate: Aggregate<
  RecipientsState,
  StreamEvent<'RecipientSaved' | 'RecipientRenamed' | 'RecipientRemoved' | 'DestinationFirstPaid'>
> = {
  name: 'saved-recipients',
  initial: () => ({ recipients: {}, firstPaid: {} }),
  evolve(state, event) {
    switch (event.type) {
      case 'RecipientSaved':
        return {
          ...state,
          recipients: { ...state.recipients, [event.data.recipientId]: event.data },
        };
      case 'RecipientRenamed': {
        const found = state.recipients[event.data.recipientId];
        if (!found) return state;
        return {
          ...state,
          recipients: {
            ...state.recipients,
            [found.recipientId]: { ...found, nickname: event.data.nickname },
          },
        };
      }
      case 'RecipientRemoved': {
        const { [event.data.recipientId]: _removed, ...rest } = state.recipients;
        return { ...state, recipients: rest };
      }
      case 'DestinationFirstPaid':
        if (state.firstPaid[event.data.destinationHash]) return state;
        return {
          ...state,
          firstPaid: { ...state.firstPaid, [event.data.destinationHash]: event.data.paidAt },
        };
      default:
        return state;
    }
  },
};

/**
 * Saves a recipient, its hash in the keyed form (`destination.keyed`); an account already saved
 * under either form is refused, and so is one with this bank's own routing number
 * (`bankRoutingNumber`): no transfer to another bank could pay it.
 */
export function decideSaveRecipient(
  state: RecipientsState,
  recipient: Omit<SavedRecipient, 'destinationHash'>,
  destination: DestinationHashes,
  bankRoutingNumber: string,
) {
  requireAnotherBank(
    { type: recipient.kind, routingNumber: recipient.routingNumber },
    bankRoutingNumber,
  );
  const all = Object.values(state.recipients);
  if (all.some((r) => isDestination(r.destinationHash, destination))) {
    const field = recipient.kind === 'sepa' ? 'iban' : 'accountNumber';
    throw new DomainError('recipient_exists', RECIPIENT_EXISTS, field);
  }
  if (all.length >= MAX_SAVED_RECIPIENTS) {
    throw new DomainError('too_many', `You can save up to ${MAX_SAVED_RECIPIENTS} recipients.`);
  }
  return [RecipientSaved.create({ ...recipient, destinationHash: destination.keyed })];
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
