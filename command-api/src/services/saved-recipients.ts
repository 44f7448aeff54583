import { randomUUID } from 'node:crypto';
import { centsToDollars, streams } from '@bank/events';
import type { EventMetadata } from '@bank/infra';
import {
  NEW_DESTINATION_LIMIT_CENTS,
  destinationHashes,
  destinationKeyOf,
  newUntil,
  type DestinationHashes,
} from '../domain/transfers/destinations.ts';
import {
  decideRemoveRecipient,
  decideRenameRecipient,
  decideSaveRecipient,
  recipientsAggregate,
  type SavedRecipient,
} from '../domain/transfers/recipients.ts';
import { storedState } from '../kernel/stored-state.ts';
import type { CommandContext } from './context.ts';
import { runSystemCommand } from './idempotency.ts';

const recipientsStream = streams.savedRecipients;

/** An external (ACH) or SEPA account, as the transfer form reads it. */
export type SavableDestination =
  | {
      type: 'external-bank';
      recipientName: string;
      bankName: string;
      accountNumber: string;
      routingNumber: string;
    }
  | {
      type: 'sepa';
      recipientName: string;
      bankName: string;
      iban: string;
      country: string;
      swiftCode?: string | undefined;
    };

/** The hashes that recognise an external or SEPA account, keyed with the bank's key. */
export function destinationHashesOf(
  ctx: Pick<CommandContext, 'destinationMac'>,
  d: Parameters<typeof destinationKeyOf>[0],
): DestinationHashes {
  return destinationHashes(destinationKeyOf(d), ctx.destinationMac);
}

/** A recipient as the address book shows it; `newUntil`: while the account is still new. */
export function recipientView(r: SavedRecipient, newUntil: Date | undefined) {
  return {
    id: r.recipientId,
    type: r.kind,
    nickname: r.nickname,
    recipient_name: r.recipientName,
    bank_name: r.bankName,
    account: `****${r.accountLast4}`,
    routing_number: r.routingNumber ?? null,
    country: r.country ?? null,
    swift_code: r.swiftCode ?? null,
    saved_at: r.savedAt,
    new_account_limit: newUntil
      ? { per_transfer: centsToDollars(NEW_DESTINATION_LIMIT_CENTS), until: newUntil.toISOString() }
      : null,
  };
}

/** Saves an external or SEPA recipient with a nickname (the route asks for step-up first). */
export function saveRecipient(
  ctx: CommandContext,
  customerId: string,
  input: { nickname: string; destination: SavableDestination },
  metadata: EventMetadata,
) {
  return runSystemCommand(ctx, metadata, async (uow, now) => {
    const stream = recipientsStream(customerId);
    const book = await uow.load(stream, recipientsAggregate);
    const d = input.destination;
    const account = d.type === 'sepa' ? d.iban : d.accountNumber;
    const recipient: Omit<SavedRecipient, 'destinationHash'> = {
      customerId,
      recipientId: randomUUID(),
      kind: d.type,
      nickname: input.nickname || d.recipientName,
      recipientName: d.recipientName,
      bankName: d.bankName,
      accountEncrypted: ctx.secrets.encrypt(account),
      accountLast4: account.slice(-4),
      ...(d.type === 'external-bank'
        ? { routingNumber: d.routingNumber }
        : { country: d.country, ...(d.swiftCode ? { swiftCode: d.swiftCode } : {}) }),
      savedAt: now.toISOString(),
    };
    const hashes = destinationHashesOf(ctx, d);
    const events = decideSaveRecipient(book.state, recipient, hashes, ctx.routingNumber);
    uow.append(stream, events);
    const after = events.reduce(recipientsAggregate.evolve, book.state);
    return recipientView(events[0]!.data, newUntil(after, hashes, now));
  });
}

export function renameRecipient(
  ctx: CommandContext,
  customerId: string,
  recipientId: string,
  nickname: string,
  metadata: EventMetadata,
) {
  return runSystemCommand(ctx, metadata, async (uow) => {
    const stream = recipientsStream(customerId);
    const book = await uow.load(stream, recipientsAggregate);
    uow.append(stream, decideRenameRecipient(book.state, recipientId, nickname));
  });
}

export function removeRecipient(
  ctx: CommandContext,
  customerId: string,
  recipientId: string,
  metadata: EventMetadata,
) {
  return runSystemCommand(ctx, metadata, async (uow) => {
    const stream = recipientsStream(customerId);
    const book = await uow.load(stream, recipientsAggregate);
    uow.append(stream, decideRemoveRecipient(book.state, recipientId));
  });
}

export const SAVED_RECIPIENT_MESSAGE = 'Please choose one of your saved recipients';

/**
 * The account fields of one of the customer's own saved recipients of this transfer type, the
 * account number decrypted for the transfer pipeline; undefined for an unknown id, another
 * customer's recipient, or a recipient of the other type.
 */
export async function savedRecipientFields(
  ctx: CommandContext,
  customerId: string,
  recipientId: string,
  type: SavableDestination['type'],
): Promise<Record<string, string> | undefined> {
  const stream = recipientsStream(customerId);
  const book = (await storedState(ctx.bus.store, ctx.bus.cache, stream, recipientsAggregate)).state;
  const found = Object.hasOwn(book.recipients, recipientId)
    ? book.recipients[recipientId]
    : undefined;
  if (!found || found.kind !== type) return undefined;
  const account = ctx.secrets.decrypt(found.accountEncrypted);
  const common = { recipientName: found.recipientName, bankName: found.bankName };
  return found.kind === 'sepa'
    ? { ...common, iban: account, country: found.country ?? '', swiftCode: found.swiftCode ?? '' }
    : { ...common, accountNumber: account, routingNumber: found.routingNumber ?? '' };
}
