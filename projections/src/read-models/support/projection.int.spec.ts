import { randomUUID } from 'node:crypto';
import { ERASED } from '@bank/events';
import { describe, it } from 'vitest';
import { projectionTest } from '../../toolkit/testing.ts';
import { supportProjection } from './projection.ts';

const { givenEvents } = projectionTest(supportProjection, { sharedDatabase: true });

const customerId = randomUUID();
const opened = (ticketId: string, ticketNumber: string) => ({
  type: 'SupportTicketOpened' as const,
  streamId: `ticket-${ticketId}`,
  data: {
    ticketId,
    customerId,
    customerName: 'Ada Moreno',
    ticketNumber,
    subject: 'Card declined',
    description: 'My card was declined at the grocery store.',
    category: 'cards' as const,
    priority: 'high' as const,
  },
});
const replied = (ticketId: string, message: string, isStaffReply: boolean) => ({
  type: 'SupportTicketReplied' as const,
  streamId: `ticket-${ticketId}`,
  data: {
    ticketId,
    customerId,
    replyId: randomUUID(),
    message,
    isStaffReply,
    authorName: isStaffReply ? 'Support team' : 'Ada Moreno',
  },
});

describe('support projection', () => {
  it('keeps each ticket with its replies counted, its status, and when it last changed', async () => {
    const ticketId = randomUUID();
    await givenEvents([
      opened(ticketId, 'TKT-000001'),
      replied(ticketId, 'We are looking into it.', true),
      replied(ticketId, 'Thank you.', false),
      {
        type: 'SupportTicketStatusChanged',
        streamId: `ticket-${ticketId}`,
        data: { ticketId, customerId, from: 'open', to: 'resolved', changedBy: 'staff' },
      },
    ]).thenRows('rm_support_tickets', [
      {
        id: ticketId,
        customer_id: customerId,
        customer_name: 'Ada Moreno',
        ticket_number: 'TKT-000001',
        category: 'cards',
        priority: 'high',
        status: 'resolved',
        reply_count: 2,
        created_at: '2025-01-01T00:00:00.000Z',
        updated_at: '2025-01-01T00:00:03.000Z',
      },
    ]);
  });

  it('lists the replies in order, staff’s marked', async () => {
    const ticketId = randomUUID();
    await givenEvents([
      opened(ticketId, 'TKT-000002'),
      replied(ticketId, 'We are looking into it.', true),
      replied(ticketId, 'Thank you.', false),
    ]).thenRows(
      'rm_support_replies',
      [
        {
          ticket_id: ticketId,
          message: 'We are looking into it.',
          is_staff_reply: true,
          author_name: 'Support team',
          created_at: '2025-01-01T00:00:01.000Z',
        },
        {
          ticket_id: ticketId,
          message: 'Thank you.',
          is_staff_reply: false,
          author_name: 'Ada Moreno',
          created_at: '2025-01-01T00:00:02.000Z',
        },
      ],
      { orderBy: 'position' },
    );
  });

  it('blanks an erased customer’s tickets and every reply on them', async () => {
    const ticketId = randomUUID();
    const scenario = givenEvents([
      opened(ticketId, 'TKT-000003'),
      replied(ticketId, 'We are looking into it.', true),
      { type: 'CustomerErased', data: { customerId, reason: 'request' } },
    ]);
    await scenario.thenRows('rm_support_tickets', [
      {
        id: ticketId,
        customer_name: ERASED,
        subject: ERASED,
        description: ERASED,
        ticket_number: 'TKT-000003',
      },
    ]);
    await scenario.thenRows('rm_support_replies', [
      { ticket_id: ticketId, message: ERASED, author_name: ERASED },
    ]);
  });
});
