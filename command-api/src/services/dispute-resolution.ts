import { randomUUID } from 'node:crypto';
import type { DisputeOutcome } from '@bank/contracts';
import {
  formatUsd,
  ledgerAccounts,
  NotificationRaised,
  streams,
  supportStreams,
  type TicketStatus,
} from '@bank/events';
import {
  ApiError,
  deterministicUuid,
  notFound,
  positionFromColumns,
  referenceNumber,
  type EventMetadata,
} from '@bank/infra';
import { findReceiptLine } from '@bank/projections';
import { accountAggregate, decideAccount } from '../domain/account/account.ts';
import {
  decideDisputeResolution,
  disputeAggregate,
  DISPUTE_RESOLVED,
  NO_DISPUTE,
} from '../domain/support/dispute.ts';
import { decideTicket, ticketAggregate } from '../domain/support/ticket.ts';
import { DomainError } from '../kernel/aggregate.ts';
import type { UnitOfWork } from '../kernel/unit-of-work.ts';
import { toApiError } from './cards.ts';
import type { CommandContext } from './context.ts';
import { STAFF_NAME } from './support.ts';

/**
 * Staff decide a disputed card charge, in one append: the decision on the dispute's stream; when
 * refunded, the charge's amount credited back to the account it was paid from (the other leg is
 * the card network's clearing account, as the charge's was); staff's answer in the dispute's
 * ticket, which is then resolved; and a notice to the customer. A charge is refunded at most
 * once, however many requests arrive together; the same decision again changes nothing.
 */
export async function resolveDispute(
  ctx: CommandContext,
  transactionId: string,
  input: { outcome: DisputeOutcome; message: string },
  metadata: EventMetadata,
) {
  try {
    return await ctx.bus.execute(metadata, async (uow) => {
      const disputeStream = supportStreams.dispute(transactionId);
      const found = await uow.load(disputeStream, disputeAggregate);
      const dispute = found.state.dispute;
      if (!dispute) throw notFound();
      const { customerId, ticketId, ticketNumber } = dispute;
      if (found.state.resolution) {
        // Refuses another decision; the same one again is answered as it was, read where the
        // decision was recorded.
        decideDisputeResolution(found.state, { outcome: input.outcome });
        return { customerId, ticketId, decidedAt: await lastPositionOf(ctx, disputeStream) };
      }
      const line = await findReceiptLine(ctx.pool, customerId, transactionId);
      if (!line || line.id !== transactionId) throw notFound();
      const amount = Number(line.amount_cents);
      const refund =
        input.outcome === 'refunded'
          ? {
              accountId: line.account_id,
              entryId: deterministicUuid(`dispute-refund:${transactionId}`),
              amount,
            }
          : undefined;
      uow.append(
        disputeStream,
        decideDisputeResolution(found.state, {
          outcome: input.outcome,
          ...(refund ? { refund } : {}),
        }),
      );
      if (refund) {
        const stream = streams.account(refund.accountId);
        const account = await uow.load(stream, accountAggregate);
        uow.append(
          stream,
          decideAccount(
            {
              type: 'Credit',
              posting: {
                ...refund,
                description: `Dispute refund: ${line.description}`,
                kind: 'dispute_refund',
                contra: ledgerAccounts.clearingCard,
                reference: referenceNumber('DSP', refund.entryId),
                metadata: {
                  disputed_transaction_id: transactionId,
                  ticket_number: ticketNumber,
                  ...merchantCodeOf(line.metadata),
                },
              },
            },
            account.state,
          ),
        );
      }
      const answered = await answerInTicket(uow, ticketId, input.message);
      // A closed ticket takes no answer, so the notice carries it.
      const answer = answered
        ? `Ticket #${ticketNumber} has our answer.`
        : `Our answer: ${input.message}`;
      const charge = `${line.description} (${formatUsd(amount)})`;
      uow.appendAny(streams.notifications(customerId), [
        NotificationRaised.create({
          customerId,
          notificationId: randomUUID(),
          type: 'support',
          priority: 'high',
          title:
            input.outcome === 'refunded' ? 'Dispute refunded' : 'Dispute closed: charge upheld',
          message:
            input.outcome === 'refunded'
              ? `We refunded your dispute of ${charge} to ${line.account_name}. ${answer}`
              : `After looking into your dispute of ${charge}, the charge stands. ${answer}`,
        }),
      ]);
      return { customerId, ticketId, decidedAt: undefined };
    });
  } catch (error) {
    if (error instanceof DomainError && error.reason === DISPUTE_RESOLVED) {
      throw new ApiError(409, error.message, 'CONFLICT');
    }
    if (error instanceof DomainError && error.reason === NO_DISPUTE) throw notFound();
    throw toApiError(error);
  }
}

/**
 * Staff's answer in the dispute's ticket, which is then resolved; false when the customer closed
 * the ticket, which then stays as it is.
 */
async function answerInTicket(uow: UnitOfWork, ticketId: string, message: string) {
  const stream = supportStreams.ticket(ticketId);
  const ticket = await uow.load(stream, ticketAggregate);
  if (ticket.state.status === 'closed') return false;
  const replied = decideTicket(
    { type: 'Reply', replyId: randomUUID(), message, author: 'staff', authorName: STAFF_NAME },
    ticket.state,
  );
  let status: TicketStatus = ticket.state.status;
  for (const event of replied) {
    if (event.type === 'SupportTicketStatusChanged') status = event.data.to;
  }
  const events =
    status === 'resolved'
      ? replied
      : [
          ...replied,
          ...decideTicket(
            { type: 'ChangeStatus', to: 'resolved', by: 'staff' },
            { ...ticket.state, status },
          ),
        ];
  uow.append(stream, events);
  return true;
}

/**
 * Where the append that wrote a stream's last event ends in the global order: the decision's
 * ticket answer, refund and notice come after the decision in that append, so a read that waits
 * only for the decision itself can still find the ticket open.
 */
async function lastPositionOf(ctx: CommandContext, streamId: string) {
  const { rows } = await ctx.pool.query<{ transaction_id: string; global_position: string }>(
    `SELECT transaction_id::text AS transaction_id, global_position FROM events
      WHERE transaction_id = (
        SELECT transaction_id FROM events WHERE stream_id = $1
         ORDER BY stream_version DESC LIMIT 1)
      ORDER BY global_position DESC LIMIT 1`,
    [streamId],
  );
  const last = rows[0];
  return last ? positionFromColumns(last.transaction_id, last.global_position) : undefined;
}

/** The charge's merchant category code, so that its refund is filed where the charge was. */
function merchantCodeOf(metadata: unknown): { merchant_category_code?: string } {
  const code = (metadata as { merchant_category_code?: unknown } | null)?.merchant_category_code;
  return typeof code === 'string' ? { merchant_category_code: code } : {};
}
