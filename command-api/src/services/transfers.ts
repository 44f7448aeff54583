import { randomUUID } from 'node:crypto';
import { moneyStreams, streams, type ZelleContact } from '@bank/events';
import { RECIPIENT_MESSAGES, isWireType, type RecipientLookupView } from '@bank/contracts';
import type { EventMetadata } from '@bank/infra';
import { accountAggregate } from '../domain/account/account.ts';
import { DomainError } from '../kernel/aggregate.ts';
import type { UnitOfWork } from '../kernel/unit-of-work.ts';
import { activityAggregate, decideMovement } from '../domain/transfers/limits.ts';
import {
  decideTransfer,
  type InitiateTransferLoaded,
  type TransferDestination,
  type TransferRequest,
} from '../domain/transfers/initiate.ts';
import { isKnownDestination, requireAnotherBank } from '../domain/transfers/destinations.ts';
import type { PlannedAppend } from '../domain/transfers/posting.ts';
import { recipientsAggregate } from '../domain/transfers/recipients.ts';
import { transferAggregate, type TransferData } from '../domain/transfers/transfer.ts';
import type { StoredReply } from '../domain/transfers/idempotency.ts';
import type { CommandContext } from './context.ts';
import { runMoneyCommand, type RequestIdentity } from './idempotency.ts';
import { RECIPIENT_NOT_FOUND } from './money-errors.ts';
import { findCustomerByContact, loadCustomer, ownAccount } from './money-lookups.ts';
import { destinationHashesOf } from './saved-recipients.ts';
import { transferReply } from './transfer-replies.ts';

export type { TransferDestination, TransferRequest };

/** Stages a plan's events, stream by stream, in the plan's order. */
export function appendPlan(uow: UnitOfWork, appends: PlannedAppend[]): void {
  for (const { stream, expect, events } of appends) {
    if (expect === 'read') uow.append(stream, events);
    else if (expect === 'open') uow.appendUnlessClosed(stream, events);
    else uow.appendNew(stream, events);
  }
}

/** Counts a movement against a customer's limits (and the duplicate check) in the same append. */
export async function countMovement(
  uow: UnitOfWork,
  input: Omit<Parameters<typeof decideMovement>[0], 'movementId'> & { movementId: string },
): Promise<void> {
  const stream = moneyStreams.activity(input.customerId);
  const activity = await uow.load(stream, activityAggregate);
  uow.append(stream, decideMovement(input, activity.state));
}

/**
 * Throws when the session must prove it is the customer (step-up) before the transfer is made:
 * the route's requireStepUp. A scheduled run passes `noStepUp`: the customer set the schedule up,
 * through the same check, when it was made.
 */
export type StepUpCheck = () => void;
export const noStepUp: StepUpCheck = () => {};

/**
 * Loads what a transfer of any type is decided on, stages the plan's events and returns the reply.
 * Runs inside runMoneyCommand (and directly on a bus in the test that races two command processes),
 * so an earlier request with the same Idempotency-Key is replayed before the step-up check. An
 * account at another bank the customer never saved nor paid, or another customer of this bank
 * never paid, needs a stepped-up session.
 */
export async function stageTransfer(
  ctx: CommandContext,
  uow: UnitOfWork,
  request: TransferRequest,
  now: Date,
  checkDuplicate: boolean,
  requireStepUp: StepUpCheck,
): Promise<StoredReply> {
  const { customerId, destination: dest } = request;
  // Before anything is read or a step-up asked for: an account of this bank typed as another
  // bank's is refused the same way whether typed now, repeated, saved earlier or scheduled.
  requireAnotherBank(dest, ctx.routingNumber);
  const from = await ownAccount(uow, customerId, request.fromAccountId);
  const sender = await loadCustomer(uow, customerId);
  const loaded: Omit<InitiateTransferLoaded, 'activity' | 'transfer' | 'ids'> = {
    from,
    senderName: sender.name,
    now,
    settlementDelayMs: ctx.config.settlementDelayMs,
  };
  switch (dest.type) {
    case 'between-accounts':
      // The same account is refused by the plan, before anything else is read.
      if (dest.toAccountId !== from.accountId) {
        loaded.to = await ownAccount(uow, customerId, dest.toAccountId);
      }
      break;
    case 'same-bank': {
      const recipient = await findCustomerByContact(uow, dest.contact);
      loaded.recipient = recipient;
      if (recipient && recipient.customerId !== customerId) {
        const to = streams.account(recipient.depositAccountId);
        loaded.to = (await uow.load(to, accountAggregate)).state;
        // Another customer never paid before is as new as an account at another bank.
        loaded.recipients = (
          await uow.load(streams.savedRecipients(customerId), recipientsAggregate)
        ).state;
        loaded.destination = destinationHashesOf(ctx, {
          type: 'same-bank',
          customerId: recipient.customerId,
        });
        if (!isKnownDestination(loaded.recipients, loaded.destination)) requireStepUp();
      }
      break;
    }
    case 'external-bank':
    case 'sepa':
    case 'domestic-wire':
    case 'international-wire':
      loaded.recipients = (
        await uow.load(streams.savedRecipients(customerId), recipientsAggregate)
      ).state;
      loaded.destination = destinationHashesOf(ctx, dest);
      if (!isKnownDestination(loaded.recipients, loaded.destination)) requireStepUp();
      loaded.accountEncrypted = ctx.secrets.encrypt(
        dest.type === 'sepa' ? dest.iban : dest.accountNumber,
      );
      break;
    default: {
      const exhaustive: never = dest;
      throw new Error(`Unknown transfer type ${(exhaustive as { type: string }).type}`);
    }
  }
  const activity = (await uow.load(moneyStreams.activity(customerId), activityAggregate)).state;
  const ids = {
    transferId: randomUUID(),
    entryId: randomUUID(),
    holdId: randomUUID(),
    feeHoldId: randomUUID(),
  };
  // A new random id: nothing to read (appendNew still refuses a stream that exists).
  const transfer = (
    await uow.loadPresumedNew(moneyStreams.transfer(ids.transferId), transferAggregate)
  ).state;

  const plan = decideTransfer(
    { ...request, checkDuplicate },
    { ...loaded, activity, transfer, ids },
  );
  appendPlan(uow, plan.appends);
  return transferReply(plan.transfer, plan.message, plan.availableAfter);
}

/** Submits a transfer of any type, wires included, exactly once per Idempotency-Key. */
export function submitTransfer(
  ctx: CommandContext,
  request: TransferRequest,
  requireStepUp: StepUpCheck,
  identity: RequestIdentity,
  metadata: EventMetadata,
) {
  return runMoneyCommand(ctx, identity, metadata, (uow, now) =>
    stageTransfer(ctx, uow, request, now, identity.key === undefined, requireStepUp),
  );
}

/** The destination of an earlier transfer, to send it again (decrypting what was stored). */
function destinationOf(ctx: CommandContext, t: TransferData): TransferDestination {
  const d = t.destination;
  switch (t.type) {
    case 'between-accounts':
      return { type: 'between-accounts', toAccountId: t.toAccountId! };
    case 'same-bank': {
      const value = d.recipientContact ?? '';
      const kind = value.includes('@') ? 'email' : 'phone';
      return {
        type: 'same-bank',
        contact: { kind, value },
        contactField: kind === 'email' ? 'recipientEmail' : 'recipientPhone',
        recipientId: t.recipientCustomerId,
      };
    }
    case 'external-bank':
      return {
        type: 'external-bank',
        recipientName: t.recipientName,
        bankName: d.bankName ?? '',
        accountNumber: ctx.secrets.decrypt(d.accountEncrypted ?? ''),
        routingNumber: d.routingNumber ?? '',
        recipientAddress: d.recipientAddress,
      };
    case 'sepa':
      return {
        type: 'sepa',
        recipientName: t.recipientName,
        iban: ctx.secrets.decrypt(d.accountEncrypted ?? ''),
        swiftCode: d.swiftCode,
        bankName: d.bankName ?? '',
        country: d.country ?? '',
        purposeOfPayment: d.purposeOfPayment ?? '',
      };
    case 'domestic-wire':
      return {
        type: 'domestic-wire',
        recipientName: t.recipientName,
        bankName: d.bankName ?? '',
        accountNumber: ctx.secrets.decrypt(d.accountEncrypted ?? ''),
        routingNumber: d.routingNumber ?? '',
        recipientAddress: d.recipientAddress ?? '',
        purposeOfPayment: d.purposeOfPayment ?? '',
      };
    case 'international-wire':
      return {
        type: 'international-wire',
        recipientName: t.recipientName,
        bankName: d.bankName ?? '',
        accountNumber: ctx.secrets.decrypt(d.accountEncrypted ?? ''),
        swiftCode: d.swiftCode ?? '',
        country: d.country ?? '',
        recipientAddress: d.recipientAddress ?? '',
        purposeOfPayment: d.purposeOfPayment ?? '',
      };
    default: {
      const exhaustive: never = t.type;
      throw new Error(`Unknown transfer type ${String(exhaustive)}`);
    }
  }
}

/**
 * Sends one of the customer's earlier transfers again, to the same destination, today, with the
 * same or another amount, through every rule of a new transfer.
 */
export function repeatTransfer(
  ctx: CommandContext,
  input: {
    customerId: string;
    transferId: string;
    amountCents?: number | undefined;
    /**
     * Throws when the session must prove it is the customer: before a wire is sent again, and
     * (in stageTransfer) before a payment to an account the customer never saved nor paid.
     */
    requireStepUp: StepUpCheck;
  },
  identity: RequestIdentity,
  metadata: EventMetadata,
) {
  return runMoneyCommand(ctx, identity, metadata, async (uow, now) => {
    const { state } = await uow.load(moneyStreams.transfer(input.transferId), transferAggregate);
    const original = state.transfer;
    if (!original || original.customerId !== input.customerId) {
      throw new DomainError('not_found', 'The requested resource was not found.');
    }
    if (isWireType(original.type)) input.requireStepUp();
    return stageTransfer(
      ctx,
      uow,
      {
        customerId: input.customerId,
        fromAccountId: original.fromAccountId,
        amountCents: input.amountCents ?? original.amount,
        memo: original.memo,
        destination: destinationOf(ctx, original),
        repeatOf: original.transferId,
      },
      now,
      identity.key === undefined,
      input.requireStepUp,
    );
  });
}

/** validate-recipient: who a same-bank transfer to this email or phone would reach. */
export async function lookUpRecipient(
  ctx: CommandContext,
  customerId: string,
  contact: ZelleContact,
): Promise<RecipientLookupView> {
  const { result } = await ctx.bus.execute({}, async (uow) => findCustomerByContact(uow, contact));
  if (!result) {
    return { valid: false, message: RECIPIENT_NOT_FOUND, recipientName: null, recipientId: null };
  }
  if (result.customerId === customerId) {
    return {
      valid: false,
      message: RECIPIENT_MESSAGES.yourself,
      recipientName: null,
      recipientId: null,
    };
  }
  return {
    valid: true,
    message: RECIPIENT_MESSAGES.found,
    recipientName: result.name,
    recipientId: result.customerId,
  };
}
