import {
  SupportTicketNumberReserved,
  SupportTicketOpened,
  SupportTicketReplied,
  SupportTicketStatusChanged,
  ticketStatuses,
  type EventData,
  type TicketStatus,
} from '@bank/events';
import { SUPPORT_CUSTOMER_REPLIES_MAX } from '@bank/contracts';
import { DomainError, type Aggregate, type StreamEvent } from '../../kernel/aggregate.ts';

export interface TicketState {
  opened: boolean;
  ticketId: string;
  customerId: string;
  ticketNumber: string;
  status: TicketStatus;
  /** The replies the customer has written in it (staff replies are not counted). */
  customerReplies: number;
  /** Opened as the dispute of a card charge: never held back by the cap on open tickets. */
  dispute: boolean;
}

/**
 * Open tickets (not resolved nor closed) one customer may have: each sits in the staff's queue, so
 * one customer must not fill it, by opening new ones or by reopening resolved ones with a reply.
 * Disputes of card charges are not held back by it (a charge must be disputable), but count among
 * the open ones.
 */
export const MAX_OPEN_TICKETS = 20;
const atOpenCap = (doing: string) =>
  `You have ${MAX_OPEN_TICKETS} open requests. Please wait for us to answer them or close some before ${doing}.`;
export const TOO_MANY_OPEN_TICKETS = atOpenCap('opening another');

export const ticketMessages = {
  closed: 'This ticket is closed and can no longer be changed.',
  emptyReply: 'Please enter a reply message.',
  customerStatus: 'You can mark a ticket as resolved or close it.',
  alreadyResolved: 'This ticket is already resolved.',
  already: (status: TicketStatus) =>
    `This ticket is already ${ticketStatuses[status].toLowerCase()}.`,
  tooManyReplies: `This conversation has reached ${SUPPORT_CUSTOMER_REPLIES_MAX} replies. Please open a new ticket to continue.`,
  tooManyOpen: atOpenCap('reopening this one'),
} as const;

export const ticketAggregate: Aggregate<
  TicketState,
  StreamEvent<'SupportTicketOpened' | 'SupportTicketReplied' | 'SupportTicketStatusChanged'>
> = {
  name: 'support-ticket',
  initial: () => ({
    opened: false,
    ticketId: '',
    customerId: '',
    ticketNumber: '',
    status: 'open',
    customerReplies: 0,
    dispute: false,
  }),
  evolve(state, event) {
    switch (event.type) {
      case 'SupportTicketOpened':
        return {
          opened: true,
          ticketId: event.data.ticketId,
          customerId: event.data.customerId,
          ticketNumber: event.data.ticketNumber,
          status: 'open',
          customerReplies: 0,
          dispute: event.data.transactionId !== undefined,
        };
      case 'SupportTicketReplied':
        return event.data.isStaffReply
          ? state
          : { ...state, customerReplies: state.customerReplies + 1 };
      case 'SupportTicketStatusChanged':
        return { ...state, status: event.data.to };
      default:
        return state;
    }
  },
};

export type Author = 'customer' | 'staff';

export type TicketCommand =
  | { type: 'Open'; data: EventData<'SupportTicketOpened'> }
  | {
      type: 'Reply';
      replyId: string;
      message: string;
      author: Author;
      authorName: string;
      /**
       * The customer's open tickets, as counted before the reply (a customer's reply to a
       * resolved ticket reopens it, so it is held to the cap as a new ticket is).
       */
      openTickets?: number;
    }
  | { type: 'ChangeStatus'; to: TicketStatus; by: Author };

/**
 * Where a reply moves the ticket: a staff answer waits for the customer; a customer's answer to a
 * ticket that waited on them (or was resolved) puts it back in the queue as open.
 */
function statusAfterReply(status: TicketStatus, author: Author): TicketStatus {
  if (author === 'staff')
    return status === 'open' || status === 'in_progress' ? 'waiting_customer' : status;
  return status === 'waiting_customer' || status === 'resolved' ? 'open' : status;
}

/** Pure ticket rules. Ownership is checked before: another customer's ticket is not found. */
export function decideTicket(command: TicketCommand, state: TicketState) {
  if (command.type === 'Open') {
    if (state.opened) throw new DomainError('exists', 'The ticket already exists.');
    return [SupportTicketOpened.create(command.data)];
  }
  if (!state.opened) throw new DomainError('not_found', 'The requested resource was not found.');
  const ref = { ticketId: state.ticketId, customerId: state.customerId };
  switch (command.type) {
    case 'Reply': {
      if (state.status === 'closed')
        throw new DomainError('closed', ticketMessages.closed, 'message');
      const message = command.message.trim();
      if (message === '') throw new DomainError('empty', ticketMessages.emptyReply, 'message');
      if (command.author === 'customer' && state.customerReplies >= SUPPORT_CUSTOMER_REPLIES_MAX) {
        throw new DomainError('too_many_replies', ticketMessages.tooManyReplies, 'message');
      }
      const events: ReturnType<
        typeof SupportTicketReplied.create | typeof SupportTicketStatusChanged.create
      >[] = [
        SupportTicketReplied.create({
          ...ref,
          replyId: command.replyId,
          message,
          isStaffReply: command.author === 'staff',
          authorName: command.authorName,
        }),
      ];
      const to = statusAfterReply(state.status, command.author);
      const reopens = state.status === 'resolved' && to === 'open';
      if (reopens && !state.dispute && (command.openTickets ?? 0) >= MAX_OPEN_TICKETS) {
        throw new DomainError('too_many_open', ticketMessages.tooManyOpen, 'message');
      }
      if (to !== state.status) {
        events.push(
          SupportTicketStatusChanged.create({
            ...ref,
            from: state.status,
            to,
            changedBy: command.author,
          }),
        );
      }
      return events;
    }
    case 'ChangeStatus': {
      if (state.status === 'closed')
        throw new DomainError('closed', ticketMessages.closed, 'status');
      if (command.by === 'customer' && command.to !== 'resolved' && command.to !== 'closed') {
        throw new DomainError('not_allowed', ticketMessages.customerStatus, 'status');
      }
      if (command.to === state.status) {
        throw new DomainError(
          'unchanged',
          command.to === 'resolved'
            ? ticketMessages.alreadyResolved
            : ticketMessages.already(command.to),
          'status',
        );
      }
      return [
        SupportTicketStatusChanged.create({
          ...ref,
          from: state.status,
          to: command.to,
          changedBy: command.by,
        }),
      ];
    }
    default: {
      const exhaustive: never = command;
      throw new Error(`Unknown command ${(exhaustive as { type: string }).type}`);
    }
  }
}

/** A ticket-number reservation stream: who claimed the number, if anyone. */
export const ticketNumberAggregate: Aggregate<
  string | null,
  StreamEvent<'SupportTicketNumberReserved'>
> = {
  name: 'support-ticket-number',
  initial: () => null,
  evolve: (claim, event) =>
    event.type === 'SupportTicketNumberReserved' ? event.data.ticketId : claim,
};

/**
 * TKT-<year>-<6 digits, or more once they are crowded>. Random rather than sequential, so tickets opened at the same moment do
 * not all contend for one counter; the reservation stream makes each number unique.
 */
export function formatTicketNumber(year: number, code: number): string {
  return `TKT-${year}-${String(code).padStart(6, '0')}`;
}

export function reserveTicketNumber(claim: string | null, ticketNumber: string, ticketId: string) {
  if (claim !== null) throw new DomainError('taken', 'The ticket number is taken.');
  return [SupportTicketNumberReserved.create({ ticketNumber, ticketId })];
}
