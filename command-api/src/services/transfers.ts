import { createHash, randomUUID } from 'node:crypto';
import {
  centsToDollars,
  formatUsd,
  moneyStreams,
  streams,
  type TransferType,
  type ZelleContact,
} from '@bank/events';
import type { TransferView } from '@bank/contracts';
import { referenceNumber } from '@bank/infra';
import {
  accountAggregate,
  availableBalance,
  decideAccount,
  INSUFFICIENT_FUNDS,
  type AccountState,
} from '../domain/account/account.ts';
import { DomainError } from '../kernel/aggregate.ts';
import type { UnitOfWork } from '../kernel/unit-of-work.ts';
import { bankDate } from '../domain/transfers/bank-time.ts';
import {
  QUOTE_EXPIRED,
  QUOTE_EXPIRED_MESSAGE,
  confirmedRateHolds,
  quoteUsdToEur,
} from '../domain/transfers/fx.ts';
import { activityAggregate, decideMovement } from '../domain/transfers/limits.ts';
import {
  PROCESSING_TIMES,
  TRANSFER_FEES,
  initiateTransfer,
  settlementDue,
  transferAggregate,
  type TransferData,
} from '../domain/transfers/transfer.ts';
import type { StoredReply } from '../domain/transfers/idempotency.ts';
import type { CommandContext } from './context.ts';
import { runMoneyCommand, type RequestIdentity } from './idempotency.ts';
import { RECIPIENT_NOT_FOUND } from './money-errors.ts';
import {
  findCustomerByContact,
  loadCustomer,
  ownAccount,
  sameBankRecipient,
} from './money-lookups.ts';
import { checkNewRecipientLimit } from './saved-recipients.ts';
import type { EventMetadata } from '@bank/infra';
import type { PlannedAppend } from '../domain/transfers/posting.ts';

export type TransferDestination =
  | { type: 'between-accounts'; toAccountId: string }
  | {
      type: 'same-bank';
      contact: ZelleContact;
      /** The field the contact came from, for the error message. */
      contactField: 'recipientEmail' | 'recipientPhone';
      recipientId?: string | undefined;
    }
  | {
      type: 'external-bank';
      recipientName: string;
      bankName: string;
      accountNumber: string;
      routingNumber: string;
      recipientAddress?: string | undefined;
    }
  | {
      type: 'sepa';
      recipientName: string;
      iban: string;
      swiftCode?: string | undefined;
      bankName: string;
      country: string;
      purposeOfPayment: string;
      /** The EUR rate the customer was shown and confirmed (from the quote); checked, not trusted. */
      quotedRate?: string | undefined;
    };

export interface TransferRequest {
  customerId: string;
  fromAccountId: string;
  amountCents: number;
  memo: string;
  transferDate?: string | undefined;
  destination: TransferDestination;
  repeatOf?: string | undefined;
}

const SUCCESS_MESSAGES: Record<TransferType, string> = {
  'between-accounts': 'Transfer completed successfully',
  'same-bank': 'Transfer completed successfully',
  'external-bank': 'Transfer initiated successfully. It will arrive in 1-3 business days.',
  sepa: 'SEPA transfer initiated successfully. It will arrive the next business day.',
};

function fingerprint(parts: (string | number)[]): string {
  return createHash('sha256').update(parts.join('|')).digest('hex').slice(0, 32);
}

function last4(text: string): string {
  return text.slice(-4);
}

function requireFunds(account: AccountState, cents: number): void {
  if (cents > availableBalance(account)) {
    throw new DomainError(INSUFFICIENT_FUNDS, 'Insufficient funds', 'amount');
  }
}

/** Debits one customer account and credits another in the same append (same entry id). */
export function postInternal(
  uow: UnitOfWork,
  from: AccountState,
  to: AccountState,
  p: {
    amount: number;
    debitDescription: string;
    creditDescription: string;
    kind: string;
    reference: string;
    metadata: Record<string, unknown>;
    creditMetadata?: Record<string, unknown>;
  },
): string {
  const entryId = randomUUID();
  const base = { entryId, amount: p.amount, kind: p.kind, reference: p.reference };
  uow.append(
    streams.account(from.accountId),
    decideAccount(
      {
        type: 'Debit',
        posting: {
          ...base,
          accountId: from.accountId,
          description: p.debitDescription,
          contra: `account:${to.accountId}`,
          metadata: p.metadata,
        },
      },
      from,
    ),
  );
  // A credit cannot fail, so it does not wait for the recipient's account to stand still.
  uow.appendAny(
    streams.account(to.accountId),
    decideAccount(
      {
        type: 'Credit',
        posting: {
          ...base,
          accountId: to.accountId,
          description: p.creditDescription,
          contra: `account:${from.accountId}`,
          metadata: p.creditMetadata ?? p.metadata,
        },
      },
      to,
    ),
  );
  return entryId;
}

/** Stages a plan's events, stream by stream, in the plan's order. */
export function appendPlan(uow: UnitOfWork, appends: PlannedAppend[]): void {
  for (const { stream, expect, events } of appends) {
    if (expect === 'read') uow.append(stream, events);
    else if (expect === 'any') uow.appendAny(stream, events);
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

/** The transfer as every answer shows it. */
export function transferView(
  t: TransferData,
  status: string,
  fromAvailableCents?: number,
): TransferView {
  return {
    id: t.transferId,
    type: t.type,
    status,
    amount: centsToDollars(t.amount),
    fee: centsToDollars(t.fee),
    total: centsToDollars(t.amount + t.fee),
    currency: 'USD',
    formatted_amount: formatUsd(t.amount),
    reference_number: t.reference,
    description: t.description,
    memo: t.memo,
    transfer_date: t.transferDate,
    processing_time: PROCESSING_TIMES[t.type],
    from_account: {
      id: t.fromAccountId,
      name: t.fromAccountName,
      ...(fromAvailableCents !== undefined
        ? { available_balance: centsToDollars(fromAvailableCents) }
        : {}),
    },
    to_account: t.toAccountId ? { id: t.toAccountId, name: t.toAccountName ?? null } : null,
    recipient_name: t.recipientName,
    recipient_account: t.destination.accountLast4 ? `****${t.destination.accountLast4}` : null,
    bank_name: t.destination.bankName ?? null,
    estimated_settlement: t.settleAfter ?? null,
    exchange: t.fx
      ? {
          rate: t.fx.rate,
          source: t.fx.source,
          as_of: t.fx.asOf,
          currency: t.fx.targetCurrency,
          amount: centsToDollars(t.fx.targetAmount),
        }
      : null,
    created_at: t.initiatedAt,
    date: t.initiatedAt,
    country: t.destination.country ?? null,
    purpose_of_payment: t.destination.purposeOfPayment ?? null,
    settled_at: null,
    failure_reason: null,
    repeat_of: t.repeatOf ?? null,
  };
}

/**
 * Decides and stages a transfer of any type; returns the reply. Runs inside runMoneyCommand (and
 * directly on a bus in the test that races two command processes).
 */
export async function stageTransfer(
  ctx: CommandContext,
  uow: UnitOfWork,
  request: TransferRequest,
  now: Date,
  checkDuplicate: boolean,
): Promise<StoredReply> {
  const { customerId, amountCents: amount, destination: dest } = request;
  const from = await ownAccount(uow, customerId, request.fromAccountId);
  const sender = await loadCustomer(uow, customerId);
  const transferId = randomUUID();
  const type = dest.type;
  const fee = TRANSFER_FEES[type];
  const reference = referenceNumber('TRF', transferId);
  const common = {
    transferId,
    customerId,
    type,
    fromAccountId: from.accountId,
    fromAccountName: from.name,
    senderName: sender.name,
    amount,
    fee,
    memo: request.memo,
    transferDate: request.transferDate ?? bankDate(now),
    reference,
    initiatedAt: now.toISOString(),
    ...(request.repeatOf ? { repeatOf: request.repeatOf } : {}),
  };
  const metadata = { transfer_id: transferId, memo: request.memo || undefined };
  let data: TransferData;
  let destinationKey: string;

  switch (dest.type) {
    case 'between-accounts': {
      if (dest.toAccountId === from.accountId) {
        throw new DomainError('same_account', 'Cannot transfer to the same account', 'toAccount');
      }
      const to = await ownAccount(uow, customerId, dest.toAccountId);
      destinationKey = to.accountId;
      data = {
        ...common,
        status: 'completed',
        toAccountId: to.accountId,
        toAccountName: to.name,
        recipientName: sender.name,
        description: `Transfer to ${to.name}`,
        destination: {},
      };
      requireFunds(from, amount);
      postInternal(uow, from, to, {
        amount,
        debitDescription: `Transfer to ${to.name}`,
        creditDescription: `Transfer from ${from.name}`,
        kind: 'transfer',
        reference,
        metadata,
      });
      break;
    }
    case 'same-bank': {
      const recipient = await sameBankRecipient(uow, customerId, dest);
      const to = (await uow.load(streams.account(recipient.depositAccountId), accountAggregate))
        .state;
      destinationKey = recipient.customerId;
      data = {
        ...common,
        status: 'completed',
        toAccountId: to.accountId,
        toAccountName: to.name,
        recipientCustomerId: recipient.customerId,
        recipientName: recipient.name,
        description: `Transfer to ${recipient.name}`,
        destination: { recipientContact: dest.contact.value },
      };
      requireFunds(from, amount);
      postInternal(uow, from, to, {
        amount,
        debitDescription: `Transfer to ${recipient.name}`,
        creditDescription: `Transfer from ${sender.name}`,
        kind: 'transfer',
        reference,
        metadata: { ...metadata, counterparty_name: recipient.name },
        creditMetadata: { ...metadata, counterparty_name: sender.name },
      });
      break;
    }
    case 'external-bank':
    case 'sepa': {
      const account = dest.type === 'sepa' ? dest.iban : dest.accountNumber;
      destinationKey =
        dest.type === 'sepa' ? `iban:${dest.iban}` : `${dest.routingNumber}:${dest.accountNumber}`;
      await checkNewRecipientLimit(uow, customerId, destinationKey, amount, now);
      const fx = dest.type === 'sepa' ? quoteUsdToEur(amount, now) : undefined;
      if (fx && dest.type === 'sepa' && !confirmedRateHolds(dest.quotedRate, fx)) {
        throw new DomainError(QUOTE_EXPIRED, QUOTE_EXPIRED_MESSAGE);
      }
      const holdId = randomUUID();
      const feeHoldId = randomUUID();
      const description =
        dest.type === 'sepa'
          ? `SEPA transfer to ${dest.recipientName} (${dest.country} ****${last4(account)})`
          : `Transfer to ${dest.recipientName} at ${dest.bankName} (****${last4(account)})`;
      data = {
        ...common,
        status: 'pending',
        recipientName: dest.recipientName,
        description,
        destination: {
          bankName: dest.bankName,
          accountEncrypted: ctx.secrets.encrypt(account),
          accountLast4: last4(account),
          ...(dest.type === 'external-bank'
            ? {
                routingNumber: dest.routingNumber,
                ...(dest.recipientAddress ? { recipientAddress: dest.recipientAddress } : {}),
              }
            : {
                country: dest.country,
                purposeOfPayment: dest.purposeOfPayment,
                ...(dest.swiftCode ? { swiftCode: dest.swiftCode } : {}),
              }),
        },
        holdId,
        feeHoldId,
        ...(fx ? { fx } : {}),
        settleAfter: settlementDue(
          type,
          transferId,
          now,
          ctx.config.settlementDelayMs,
        ).toISOString(),
      };
      // The amount and the fee are both taken from the available balance now.
      requireFunds(from, amount + fee);
      const holdMetadata = { ...metadata, counterparty_name: dest.recipientName };
      const amountHold = decideAccount(
        {
          type: 'Hold',
          hold: {
            accountId: from.accountId,
            holdId,
            amount,
            description,
            kind: type,
            reference,
            metadata: {
              ...holdMetadata,
              ...(fx
                ? { exchange_rate: fx.rate, eur_amount: centsToDollars(fx.targetAmount) }
                : {}),
            },
          },
        },
        from,
      );
      const afterAmount = amountHold.reduce((s, e) => accountAggregate.evolve(s, e), from);
      const feeHold = decideAccount(
        {
          type: 'Hold',
          hold: {
            accountId: from.accountId,
            holdId: feeHoldId,
            amount: fee,
            description: type === 'sepa' ? 'SEPA transfer fee' : 'External transfer fee',
            kind: 'fee',
            reference,
            metadata: holdMetadata,
          },
        },
        afterAmount,
      );
      uow.append(streams.account(from.accountId), [...amountHold, ...feeHold]);
      break;
    }
    default: {
      const exhaustive: never = dest;
      throw new Error(`Unknown transfer type ${(exhaustive as { type: string }).type}`);
    }
  }

  await countMovement(uow, {
    customerId,
    movementId: transferId,
    category: type,
    amount,
    fingerprint: fingerprint([type, from.accountId, destinationKey, amount]),
    checkDuplicate,
    now,
  });
  const transferStream = moneyStreams.transfer(transferId);
  // A new random id: nothing to read (appendNew still refuses a stream that exists).
  const transfer = await uow.loadPresumedNew(transferStream, transferAggregate);
  uow.appendNew(transferStream, initiateTransfer(data, transfer.state));

  const spent = data.status === 'pending' ? amount + fee : amount;
  return {
    statusCode: 201,
    body: {
      status: 'success',
      message: SUCCESS_MESSAGES[type],
      data: { transfer: transferView(data, data.status, availableBalance(from) - spent) },
    },
  };
}

/** Submits a transfer of any of the four types, exactly once per Idempotency-Key. */
export function submitTransfer(
  ctx: CommandContext,
  request: TransferRequest,
  identity: RequestIdentity,
  metadata: EventMetadata,
) {
  return runMoneyCommand(ctx, identity, metadata, (uow, now) =>
    stageTransfer(ctx, uow, request, now, identity.key === undefined),
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
  input: { customerId: string; transferId: string; amountCents?: number | undefined },
  identity: RequestIdentity,
  metadata: EventMetadata,
) {
  return runMoneyCommand(ctx, identity, metadata, async (uow, now) => {
    const { state } = await uow.load(moneyStreams.transfer(input.transferId), transferAggregate);
    const original = state.transfer;
    if (!original || original.customerId !== input.customerId) {
      throw new DomainError('not_found', 'The requested resource was not found.');
    }
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
    );
  });
}

/** validate-recipient: who a same-bank transfer to this email or phone would reach. */
export async function lookUpRecipient(
  ctx: CommandContext,
  customerId: string,
  contact: ZelleContact,
): Promise<{
  valid: boolean;
  message: string;
  recipientName: string | null;
  recipientId: string | null;
}> {
  const { result } = await ctx.bus.execute({}, async (uow) => findCustomerByContact(uow, contact));
  if (!result) {
    return { valid: false, message: RECIPIENT_NOT_FOUND, recipientName: null, recipientId: null };
  }
  if (result.customerId === customerId) {
    return {
      valid: false,
      message: 'You cannot send a transfer to yourself. Use a transfer between your accounts.',
      recipientName: null,
      recipientId: null,
    };
  }
  return {
    valid: true,
    message: 'Recipient found',
    recipientName: result.name,
    recipientId: result.customerId,
  };
}
