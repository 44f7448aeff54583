import { randomInt, randomUUID } from 'node:crypto';
import {
  DISPUTE_ACCOUNT_CLOSED,
  DISPUTE_REASONS,
  SUPPORT_TEXT_MAX,
  type DisputeReason,
} from '@bank/contracts';
import { bankDayText } from '@bank/contracts/bank-time';
import {
  formatUsd,
  NotificationRaised,
  streams,
  supportStreams,
  ticketStatuses,
  type BankEvent,
  type SupportCategory,
  type TicketPriority,
  type TicketStatus,
} from '@bank/events';
import { ApiError, notFound, type EventMetadata } from '@bank/infra';
import { countOpenTickets, findReceiptLine } from '@bank/projections';
import { accountAggregate, decideAccount } from '../domain/account/account.ts';
import { customerAggregate } from '../domain/customer/customer.ts';
import { decideDispute, disputeAggregate, DISPUTE_EXISTS } from '../domain/support/dispute.ts';
import {
  decideTicket,
  formatTicketNumber,
  MAX_OPEN_TICKETS,
  reserveTicketNumber,
  ticketAggregate,
  ticketNumberAggregate,
  TOO_MANY_OPEN_TICKETS,
  type Author,
  type TicketCommand,
  type TicketState,
} from '../domain/support/ticket.ts';
import { DomainError } from '../kernel/aggregate.ts';
import type { UnitOfWork } from '../kernel/unit-of-work.ts';
import { toApiError } from './cards.ts';
import type { CommandContext } from './context.ts';
import { runMoneyCommand, type RequestIdentity } from './idempotency.ts';

/** How staff appear in a conversation. */
export const STAFF_NAME = 'Support Team';
export const ERASED_CUSTOMER_MESSAGE =
  "This ticket's customer was erased at their request: it takes no more replies.";

export interface NewTicket {
  subject: string;
  description: string;
  category: SupportCategory;
  priority: TicketPriority;
}

/** Picks in a row that may all be taken before a number gets one digit more. */
const PICKS_PER_LENGTH = 10;

/**
 * Picks a free random number of this year and stages its reservation. Six digits, then one more
 * each time ten picks in a row were taken: numbers are kept for good, and a year's million could
 * otherwise be used up by anyone opening tickets without end, refusing everyone's after it.
 */
export async function claimTicketNumber(
  uow: UnitOfWork,
  ticketId: string,
  pick: (min: number, max: number) => number = randomInt,
): Promise<string> {
  const year = new Date().getUTCFullYear();
  for (let attempt = 0; ; attempt += 1) {
    const digits = 6 + Math.floor(attempt / PICKS_PER_LENGTH);
    const code = pick(digits === 6 ? 1 : 10 ** (digits - 1), 10 ** digits);
    const ticketNumber = formatTicketNumber(year, code);
    const stream = supportStreams.ticketNumber(ticketNumber);
    const claim = await uow.load(stream, ticketNumberAggregate);
    if (claim.state !== null) continue;
    uow.appendNew(stream, reserveTicketNumber(claim.state, ticketNumber, ticketId));
    return ticketNumber;
  }
}

/** Stages a new ticket of the customer under a unique number such as TKT-2026-483920. */
async function stageTicket(
  uow: UnitOfWork,
  customerId: string,
  input: NewTicket & { transactionId?: string; disputeReason?: DisputeReason },
) {
  const customer = await uow.load(streams.customer(customerId), customerAggregate);
  if (!customer.state.registered) throw notFound();
  const ticketId = randomUUID();
  const ticketNumber = await claimTicketNumber(uow, ticketId);
  const stream = supportStreams.ticket(ticketId);
  const ticket = await uow.load(stream, ticketAggregate);
  uow.appendNew(
    stream,
    decideTicket(
      {
        type: 'Open',
        data: { ticketId, customerId, customerName: customer.state.name, ticketNumber, ...input },
      },
      ticket.state,
    ),
  );
  return { ticketId, ticketNumber };
}

/**
 * What a ticket command answers, kept under its Idempotency-Key: the ticket it opened or wrote
 * to. The answer itself is read again from the ticket, so the log keeps none of its text twice.
 */
export interface TicketAnswer {
  ticketId: string;
}

export function isTicketAnswer(body: unknown): body is TicketAnswer {
  return typeof (body as Partial<TicketAnswer> | null)?.ticketId === 'string';
}

/**
 * Opens a ticket under a unique number such as TKT-2026-483920, once per Idempotency-Key: a
 * request sent again (a retry after a lost answer, a double click) answers with the same ticket.
 * A customer with `MAX_OPEN_TICKETS` open is refused (422). They are counted in the read model,
 * which does not yet hold the tickets being opened at the same moment: requests sent all at once
 * each pass the count, so a customer can go past the cap by at most the route's per-customer
 * limit on new tickets an hour.
 */
export function openTicket(
  ctx: CommandContext,
  customerId: string,
  input: NewTicket,
  identity: RequestIdentity,
  metadata: EventMetadata,
) {
  return runMoneyCommand(ctx, identity, metadata, async (uow) => {
    if ((await countOpenTickets(ctx.pool, customerId)) >= MAX_OPEN_TICKETS) {
      throw new ApiError(422, TOO_MANY_OPEN_TICKETS, 'VALIDATION_ERROR');
    }
    const { ticketId } = await stageTicket(uow, customerId, input);
    return { statusCode: 201, body: { ticketId } satisfies TicketAnswer };
  });
}

/**
 * Disputes one of the customer's card charges: the case is a support ticket (category Cards,
 * priority high) that names the charge, so staff follow it up in the conversation the customer
 * already has. A charge is disputed at most once, however many requests arrive together.
 */
export async function disputeCharge(
  ctx: CommandContext,
  customerId: string,
  transactionId: string,
  input: { reason: DisputeReason; details: string },
  metadata: EventMetadata,
) {
  const line = await findReceiptLine(ctx.pool, customerId, transactionId);
  if (!line || line.id !== transactionId) throw notFound();
  const amount = formatUsd(Number(line.amount_cents));
  // Cut by characters, not UTF-16 units: half an emoji would be sealed as U+FFFD.
  const subject = [...`Dispute: ${line.description}`]
    .slice(0, SUPPORT_TEXT_MAX.subject - 40)
    .join('');
  try {
    return await ctx.bus.execute(metadata, async (uow) => {
      const disputeStream = supportStreams.dispute(transactionId);
      const existing = await uow.load(disputeStream, disputeAggregate);
      const details = input.details.trim();
      const { ticketId, ticketNumber } = await stageTicket(uow, customerId, {
        subject: `${subject}, ${amount} on ${bankDayText(line.created_at)}`,
        description:
          `${DISPUTE_REASONS[input.reason]}.` +
          (details ? `\n\n${details}` : '') +
          `\n\nCharge: ${line.description}, ${amount}, reference ${line.reference_number}.`,
        category: 'cards',
        priority: 'high',
        transactionId,
        disputeReason: input.reason,
      });
      // Recorded on the account the charge was paid from, checked against the version read: its
      // refund would be credited there, so a dispute and the account's closing (its owner's
      // erasure) cannot cross unseen; a closed account's charge is disputed no more.
      const accountStream = streams.account(line.account_id);
      const account = await uow.load(accountStream, accountAggregate);
      if (account.state.closed) {
        throw new DomainError('not_disputable', DISPUTE_ACCOUNT_CLOSED);
      }
      uow.append(
        accountStream,
        decideAccount({ type: 'RecordDispute', transactionId }, account.state),
      );
      uow.appendNew(
        disputeStream,
        decideDispute(
          { transactionId, customerId, ticketId, ticketNumber, reason: input.reason },
          {
            kind: line.kind,
            direction: line.direction,
            status: line.status,
            postedAt: line.created_at,
          },
          existing.state.dispute,
          new Date(),
        ),
      );
      uow.appendAny(streams.notifications(customerId), [
        NotificationRaised.create({
          customerId,
          notificationId: randomUUID(),
          type: 'support',
          priority: 'medium',
          title: 'We received your dispute',
          message: `Your dispute of ${line.description} (${amount}) is ticket #${ticketNumber}. We will reply there.`,
        }),
      ]);
      return { ticketId, ticketNumber };
    });
  } catch (error) {
    if (error instanceof DomainError && error.reason === DISPUTE_EXISTS) {
      throw new ApiError(409, error.message, 'CONFLICT');
    }
    throw toApiError(error);
  }
}

/** The customer hears about what staff do on their ticket (notifications of type support). */
function notifyCustomer(uow: UnitOfWork, ticketNumber: string, events: BankEvent[]): void {
  for (const event of events) {
    let notice: { title: string; message: string } | undefined;
    if (event.type === 'SupportTicketReplied' && event.data.isStaffReply) {
      notice = {
        title: 'New reply to your support ticket',
        message: `Our support team replied to ticket #${ticketNumber}.`,
      };
    } else if (
      event.type === 'SupportTicketStatusChanged' &&
      event.data.changedBy === 'staff' &&
      (event.data.to === 'resolved' || event.data.to === 'closed')
    ) {
      notice = {
        title: `Support ticket ${ticketStatuses[event.data.to].toLowerCase()}`,
        message: `Ticket #${ticketNumber} was marked ${ticketStatuses[event.data.to].toLowerCase()} by our support team.`,
      };
    }
    if (!notice) continue;
    const customerId = (event.data as { customerId: string }).customerId;
    uow.appendAny(streams.notifications(customerId), [
      NotificationRaised.create({
        customerId,
        notificationId: randomUUID(),
        type: 'support',
        priority: 'medium',
        ...notice,
      }),
    ]);
  }
}

/**
 * Stages a command on a ticket. A customer (customerId given) only reaches their own tickets;
 * staff (customerId null) reach every ticket.
 */
async function stageTicketCommand(
  uow: UnitOfWork,
  customerId: string | null,
  ticketId: string,
  command: (uow: UnitOfWork, ticket: TicketState) => Promise<TicketCommand>,
) {
  const stream = supportStreams.ticket(ticketId);
  const ticket = await uow.load(stream, ticketAggregate);
  if (!ticket.state.opened) throw notFound();
  if (customerId !== null && ticket.state.customerId !== customerId) throw notFound();
  const events = decideTicket(await command(uow, ticket.state), ticket.state);
  uow.append(stream, events);
  notifyCustomer(uow, ticket.state.ticketNumber, events);
}

async function runTicketCommand(
  ctx: CommandContext,
  customerId: string | null,
  ticketId: string,
  command: (uow: UnitOfWork, ticket: TicketState) => Promise<TicketCommand>,
  metadata: EventMetadata,
) {
  try {
    return await ctx.bus.execute(metadata, (uow) =>
      stageTicketCommand(uow, customerId, ticketId, command),
    );
  } catch (error) {
    throw toApiError(error);
  }
}

/**
 * Adds a reply, once per Idempotency-Key (the identity of staff's requests is the bank's). A
 * customer's reply carries their open tickets' count: reopening a resolved ticket is held to the
 * cap on open ones (counted in the read model, with the same lag as for new tickets).
 */
export function replyToTicket(
  ctx: CommandContext,
  author: { type: Author; customerId: string | null },
  ticketId: string,
  message: string,
  identity: RequestIdentity,
  metadata: EventMetadata,
) {
  return runMoneyCommand(ctx, identity, metadata, async (uow) => {
    await stageTicketCommand(uow, author.customerId, ticketId, async (_, ticket) => {
      const customer = (await uow.load(streams.customer(ticket.customerId), customerAggregate))
        .state;
      // Nobody is left to read it, and it would raise a notice for a customer who is gone.
      if (customer.erased) throw new ApiError(409, ERASED_CUSTOMER_MESSAGE, 'CONFLICT');
      const authorName = author.type === 'customer' ? customer.name : STAFF_NAME;
      const openTickets =
        author.type === 'customer' ? await countOpenTickets(ctx.pool, ticket.customerId) : 0;
      return {
        type: 'Reply',
        replyId: randomUUID(),
        message,
        author: author.type,
        authorName,
        openTickets,
      };
    });
    return { statusCode: 201, body: { ticketId } satisfies TicketAnswer };
  });
}

export function changeTicketStatus(
  ctx: CommandContext,
  author: { type: Author; customerId: string | null },
  ticketId: string,
  to: TicketStatus,
  metadata: EventMetadata,
) {
  return runTicketCommand(
    ctx,
    author.customerId,
    ticketId,
    async () => ({ type: 'ChangeStatus', to, by: author.type }),
    metadata,
  );
}
