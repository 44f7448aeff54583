import { centsToDollars, formatUsd, moneyStreams, type KeptReply } from '@bank/events';
import type { TransferView } from '@bank/contracts';
import type { StoredReply } from '../domain/transfers/idempotency.ts';
import {
  PROCESSING_TIMES,
  transferAggregate,
  type TransferData,
} from '../domain/transfers/transfer.ts';
import type { UnitOfWork } from '../kernel/unit-of-work.ts';

/** A transfer as the customer sees it when it is sent: its status then, the balance left then. */
function transferView(t: TransferData, fromAvailableCents: number): TransferView {
  return {
    id: t.transferId,
    type: t.type,
    status: t.status,
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
      available_balance: centsToDollars(fromAvailableCents),
    },
    // Only the customer's own account is named: another customer's account stays theirs.
    to_account:
      t.type === 'between-accounts' && t.toAccountId
        ? { id: t.toAccountId, name: t.toAccountName ?? null }
        : null,
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
 * The answer to a transfer just staged. The log keeps it as the transfer's id, its message and the
 * balance left available: the rest is the TransferInitiated event the same append writes.
 */
export function transferReply(
  transfer: TransferData,
  message: string,
  availableAfterCents: number,
): StoredReply {
  return {
    statusCode: 201,
    body: {
      status: 'success',
      message,
      data: { transfer: transferView(transfer, availableAfterCents) },
    },
    kept: { kind: 'transfer', transferId: transfer.transferId, message, availableAfterCents },
  };
}

/** The body of a first answer the log kept as what it is built from, built again. */
export async function rebuildKeptReply(uow: UnitOfWork, kept: KeptReply): Promise<unknown> {
  const { state } = await uow.load(moneyStreams.transfer(kept.transferId), transferAggregate);
  if (!state.transfer) {
    throw new Error(`The transfer ${kept.transferId} of a kept answer is not in the log`);
  }
  // The event's status is the one it was initiated with, whatever the transfer's is now.
  return transferReply(state.transfer, kept.message, kept.availableAfterCents).body;
}
