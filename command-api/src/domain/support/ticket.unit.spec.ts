import { SUPPORT_CUSTOMER_REPLIES_MAX } from '@bank/contracts';
import { SupportTicketOpened, SupportTicketReplied, type TicketStatus } from '@bank/events';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../kernel/aggregate.ts';
import { deciderSpecification } from '../../kernel/decider-specification.ts';
import {
  decideTicket,
  formatTicketNumber,
  MAX_OPEN_TICKETS,
  reserveTicketNumber,
  ticketAggregate,
  ticketMessages,
  ticketNumberAggregate,
  type TicketCommand,
} from './ticket.ts';

const ticketId = '7a1c2b9e-3a4d-4e5f-8a7b-9c0d1e2f3a41';
const customerId = '4b6c2f0a-1e2d-4c3b-8a9f-5e6d7c8b9a02';

const opened = SupportTicketOpened.create({
  ticketId,
  customerId,
  customerName: 'Maya Chen',
  ticketNumber: 'TKT-2026-000001',
  subject: 'Card declined',
  description: 'My card was declined at a store.',
  category: 'cards',
  priority: 'medium',
});

const ticket = deciderSpecification(ticketAggregate, decideTicket);

/** A ticket moved to a status through the decider itself. */
function inStatus(status: TicketStatus) {
  if (status === 'open') return ticket.given(opened);
  const start = ticket.given(opened);
  return start.and(
    ...start
      .when({ type: 'ChangeStatus', to: status, by: 'staff' })
      .then([{ type: 'SupportTicketStatusChanged', data: { to: status } }]),
  );
}

const reply = (
  author: 'customer' | 'staff',
  message = 'Thanks',
): Extract<TicketCommand, { type: 'Reply' }> => ({
  type: 'Reply',
  replyId: crypto.randomUUID(),
  message,
  author,
  authorName: author === 'staff' ? 'Support Team' : 'Maya Chen',
});

describe('support ticket decider', () => {
  it('lets the customer resolve (unless resolved) and close (unless closed)', () => {
    inStatus('open')
      .when({ type: 'ChangeStatus', to: 'resolved', by: 'customer' })
      .then([{ data: { from: 'open', to: 'resolved', changedBy: 'customer' } }]);
    inStatus('resolved')
      .when({ type: 'ChangeStatus', to: 'resolved', by: 'customer' })
      .thenRefuses(ticketMessages.alreadyResolved);
    inStatus('resolved')
      .when({ type: 'ChangeStatus', to: 'closed', by: 'customer' })
      .then([{ type: 'SupportTicketStatusChanged' }]);
    inStatus('closed')
      .when({ type: 'ChangeStatus', to: 'closed', by: 'customer' })
      .thenRefuses(ticketMessages.closed);
  });

  it.each(['open', 'in_progress', 'waiting_customer'] as const)(
    'refuses a customer setting %s',
    (to) => {
      inStatus('resolved')
        .when({ type: 'ChangeStatus', to, by: 'customer' })
        .thenRefuses(ticketMessages.customerStatus);
    },
  );

  it('holds the customer to a number of replies per ticket; staff replies neither count nor stop', () => {
    const customerReplies = Array.from({ length: SUPPORT_CUSTOMER_REPLIES_MAX }, () =>
      SupportTicketReplied.create({
        ticketId,
        customerId,
        replyId: crypto.randomUUID(),
        message: 'Still waiting',
        isStaffReply: false,
        authorName: 'Maya Chen',
      }),
    );
    const staffReply = SupportTicketReplied.create({
      ticketId,
      customerId,
      replyId: crypto.randomUUID(),
      message: 'We are on it',
      isStaffReply: true,
      authorName: 'Support Team',
    });
    const almost = ticket.given(opened, staffReply, ...customerReplies.slice(1));
    almost.when(reply('customer')).then([{ type: 'SupportTicketReplied' }]);
    const full = ticket.given(opened, ...customerReplies, staffReply);
    full.when(reply('customer')).thenRefuses(ticketMessages.tooManyReplies);
    full.when(reply('staff')).then([
      { type: 'SupportTicketReplied', data: { isStaffReply: true } },
      { type: 'SupportTicketStatusChanged', data: { to: 'waiting_customer' } },
    ]);
  });

  it('a closed ticket refuses replies and every status change, from anyone', () => {
    const closed = inStatus('closed');
    closed.when(reply('customer')).thenRefuses(ticketMessages.closed);
    closed.when(reply('staff')).thenRefuses(ticketMessages.closed);
    for (const to of ['open', 'in_progress', 'resolved'] as const) {
      closed.when({ type: 'ChangeStatus', to, by: 'staff' }).thenRefuses(ticketMessages.closed);
    }
  });

  it('refuses an empty reply after trimming, and stores the trimmed text', () => {
    inStatus('open').when(reply('customer', '   \n ')).thenRefuses(ticketMessages.emptyReply);
    inStatus('open')
      .when(reply('customer', '  hi  '))
      .then([{ data: { message: 'hi', isStaffReply: false } }]);
  });

  it('a staff reply waits for the customer; the customer answering puts it back to open', () => {
    inStatus('open')
      .when(reply('staff'))
      .then([
        { type: 'SupportTicketReplied', data: { isStaffReply: true } },
        {
          type: 'SupportTicketStatusChanged',
          data: { to: 'waiting_customer', changedBy: 'staff' },
        },
      ]);
    inStatus('in_progress')
      .when(reply('staff'))
      .then([{ type: 'SupportTicketReplied' }, { data: { to: 'waiting_customer' } }]);
    inStatus('waiting_customer')
      .when(reply('customer'))
      .then([
        { type: 'SupportTicketReplied' },
        { type: 'SupportTicketStatusChanged', data: { to: 'open', changedBy: 'customer' } },
      ]);
    inStatus('in_progress')
      .when(reply('customer'))
      .then([{ type: 'SupportTicketReplied' }]);
  });

  it(`holds reopening a resolved ticket by a reply to the cap of ${MAX_OPEN_TICKETS} open, as a new ticket is`, () => {
    const withOpen = (openTickets: number): TicketCommand => ({
      ...reply('customer'),
      openTickets,
    });
    inStatus('resolved')
      .when(withOpen(MAX_OPEN_TICKETS))
      .thenRefuses(ticketMessages.tooManyOpen, 'message');
    expect(ticketMessages.tooManyOpen).toBe(
      'You have 20 open requests. Please wait for us to answer them or close some before reopening this one.',
    );
    inStatus('resolved')
      .when(withOpen(MAX_OPEN_TICKETS - 1))
      .then([{ type: 'SupportTicketReplied' }, { data: { from: 'resolved', to: 'open' } }]);
    // Replies that reopen nothing are not held back: the ticket already counts as open.
    inStatus('open')
      .when(withOpen(MAX_OPEN_TICKETS + 3))
      .then([{ type: 'SupportTicketReplied' }]);
    inStatus('waiting_customer')
      .when(withOpen(MAX_OPEN_TICKETS + 3))
      .then([{ type: 'SupportTicketReplied' }, { data: { to: 'open' } }]);
    inStatus('resolved')
      .when({ ...reply('staff'), openTickets: MAX_OPEN_TICKETS })
      .then([{ type: 'SupportTicketReplied', data: { isStaffReply: true } }]);

    // A disputed card charge must stay disputable: its ticket reopens whatever the count.
    const dispute = SupportTicketOpened.create({
      ...opened.data,
      transactionId: 'entry-1:account-1:debit',
      disputeReason: 'unrecognized',
    });
    const resolvedDispute = ticket.given(dispute);
    resolvedDispute
      .and(
        ...resolvedDispute
          .when({ type: 'ChangeStatus', to: 'resolved', by: 'staff' })
          .then([{ data: { to: 'resolved' } }]),
      )
      .when(withOpen(MAX_OPEN_TICKETS))
      .then([{ type: 'SupportTicketReplied' }, { data: { to: 'open' } }]);
  });

  it('refuses a status the ticket already has', () => {
    inStatus('in_progress')
      .when({ type: 'ChangeStatus', to: 'in_progress', by: 'staff' })
      .thenRefuses('This ticket is already in progress.');
  });

  it('formats ticket numbers and lets a number be claimed once', () => {
    expect(formatTicketNumber(2026, 123)).toBe('TKT-2026-000123');
    const claim = deciderSpecification(ticketNumberAggregate, (n: string, claimed: string | null) =>
      reserveTicketNumber(claimed, n, ticketId),
    );
    const claimed = claim
      .given()
      .when('TKT-2026-000123')
      .then([{ data: { ticketId } }]);
    const taken = claim.given(...claimed);
    expect(taken.state).toBe(ticketId);
    taken.when('TKT-2026-000123').thenThrows(DomainError);
  });
});
