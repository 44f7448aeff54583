import { SupportTicketOpened, type BankEvent, type TicketStatus } from '@bank/events';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../kernel/aggregate.ts';
import {
  decideTicket,
  formatTicketNumber,
  reserveTicketNumber,
  ticketAggregate,
  ticketMessages,
  ticketNumberAggregate,
  type TicketCommand,
  type TicketState,
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

function given(...events: { type: string; data: unknown }[]): TicketState {
  return events.reduce(
    (state, e) => ticketAggregate.evolve(state, e as BankEvent),
    ticketAggregate.initial(),
  );
}

/** A ticket moved to a status through the decider itself. */
function inStatus(status: TicketStatus): TicketState {
  const state = given(opened);
  if (status === 'open') return state;
  return given(opened, ...decideTicket({ type: 'ChangeStatus', to: status, by: 'staff' }, state));
}

const reply = (author: 'customer' | 'staff', message = 'Thanks'): TicketCommand => ({
  type: 'Reply',
  replyId: crypto.randomUUID(),
  message,
  author,
  authorName: author === 'staff' ? 'Support Team' : 'Maya Chen',
});

function refusal(command: TicketCommand, state: TicketState): string {
  try {
    decideTicket(command, state);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return (error as DomainError).message;
  }
  throw new Error('expected a refusal');
}

describe('support ticket decider', () => {
  it('lets the customer resolve (unless resolved) and close (unless closed)', () => {
    expect(
      decideTicket({ type: 'ChangeStatus', to: 'resolved', by: 'customer' }, inStatus('open')),
    ).toMatchObject([{ data: { from: 'open', to: 'resolved', changedBy: 'customer' } }]);
    expect(
      refusal({ type: 'ChangeStatus', to: 'resolved', by: 'customer' }, inStatus('resolved')),
    ).toBe(ticketMessages.alreadyResolved);
    expect(
      decideTicket({ type: 'ChangeStatus', to: 'closed', by: 'customer' }, inStatus('resolved')),
    ).toHaveLength(1);
    expect(
      refusal({ type: 'ChangeStatus', to: 'closed', by: 'customer' }, inStatus('closed')),
    ).toBe(ticketMessages.closed);
  });

  it.each(['open', 'in_progress', 'waiting_customer'] as const)(
    'refuses a customer setting %s',
    (to) => {
      expect(refusal({ type: 'ChangeStatus', to, by: 'customer' }, inStatus('resolved'))).toBe(
        ticketMessages.customerStatus,
      );
    },
  );

  it('a closed ticket refuses replies and every status change, from anyone', () => {
    const closed = inStatus('closed');
    expect(refusal(reply('customer'), closed)).toBe(ticketMessages.closed);
    expect(refusal(reply('staff'), closed)).toBe(ticketMessages.closed);
    for (const to of ['open', 'in_progress', 'resolved'] as const) {
      expect(refusal({ type: 'ChangeStatus', to, by: 'staff' }, closed)).toBe(
        ticketMessages.closed,
      );
    }
  });

  it('refuses an empty reply after trimming, and stores the trimmed text', () => {
    expect(refusal(reply('customer', '   \n '), inStatus('open'))).toBe(ticketMessages.emptyReply);
    expect(decideTicket(reply('customer', '  hi  '), inStatus('open'))[0]).toMatchObject({
      data: { message: 'hi', isStaffReply: false },
    });
  });

  it('a staff reply waits for the customer; the customer answering puts it back to open', () => {
    expect(decideTicket(reply('staff'), inStatus('open'))).toMatchObject([
      { type: 'SupportTicketReplied', data: { isStaffReply: true } },
      { type: 'SupportTicketStatusChanged', data: { to: 'waiting_customer', changedBy: 'staff' } },
    ]);
    expect(decideTicket(reply('staff'), inStatus('in_progress'))[1]).toMatchObject({
      data: { to: 'waiting_customer' },
    });
    expect(decideTicket(reply('customer'), inStatus('waiting_customer'))).toMatchObject([
      { type: 'SupportTicketReplied' },
      { type: 'SupportTicketStatusChanged', data: { to: 'open', changedBy: 'customer' } },
    ]);
    expect(decideTicket(reply('customer'), inStatus('in_progress'))).toHaveLength(1);
  });

  it('refuses a status the ticket already has', () => {
    expect(
      refusal({ type: 'ChangeStatus', to: 'in_progress', by: 'staff' }, inStatus('in_progress')),
    ).toBe('This ticket is already in progress.');
  });

  it('formats ticket numbers and lets a number be claimed once', () => {
    expect(formatTicketNumber(2026, 123)).toBe('TKT-2026-000123');
    const claimed = reserveTicketNumber(null, 'TKT-2026-000123', ticketId);
    const claim = claimed.reduce(
      (c, e) => ticketNumberAggregate.evolve(c, e as BankEvent),
      ticketNumberAggregate.initial(),
    );
    expect(claim).toBe(ticketId);
    expect(() => reserveTicketNumber(claim, 'TKT-2026-000123', ticketId)).toThrow(DomainError);
  });
});
