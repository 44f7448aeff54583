import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { errorResponse, mockApi } from '@/testing/render-with-providers';
import { TicketDetail } from './ticket-detail';

afterEach(() => vi.unstubAllGlobals());

const reply = (n: number) => ({
  id: `r${n}`,
  message: `Message ${n}`,
  is_staff_reply: n % 2 === 0,
  user: { name: n % 2 === 0 ? 'Support Team' : 'Ada Customer' },
  time_since_created: `${10 - n} minutes ago`,
  created_at: `2026-11-30T10:0${n}:00.000Z`,
});

const ticketWith = (numbers: number[], count: number) => ({
  id: 't1',
  ticket_number: 'TKT-2026-000101',
  subject: 'A long conversation',
  description: 'It goes on.',
  category: 'general',
  category_display: 'General Inquiry',
  priority: 'medium',
  priority_display: 'Medium',
  status: 'open',
  status_display: 'Open',
  time_since_created: '10 minutes ago',
  created_at: '2026-11-30T10:00:00.000Z',
  updated_at: '2026-11-30T10:09:00.000Z',
  reply_count: count,
  replies: numbers.map(reply),
  dispute: null,
});

/** The messages of the conversation, in the order shown. */
const shownMessages = () =>
  within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.reply__message')!.textContent);

describe('a ticket’s conversation', () => {
  it('shows the latest replies, reads back a page at a time, and keeps every reply as new ones come', async () => {
    let failNext = true;
    let replied = false;
    const api = mockApi({
      'GET /api/support/tickets/t1': () => ({
        ticket: replied ? ticketWith([5, 6], 6) : ticketWith([4, 5], 5),
      }),
      'GET /api/support/tickets/t1/replies': (url) => {
        if (failNext) {
          failNext = false;
          return errorResponse(503, { message: 'Service unavailable' });
        }
        return url.searchParams.get('before') === 'r4'
          ? { replies: [reply(2), reply(3)], has_earlier: true }
          : { replies: [reply(1)], has_earlier: false };
      },
      // The answer to a reply carries the latest replies only: reply 4 has slid out of them.
      'POST /api/support/tickets/t1/reply': () => {
        replied = true;
        return { ticket: ticketWith([5, 6], 6) };
      },
    });
    renderWithApp(<TicketDetail id="t1" onBack={() => {}} />, { path: '/support' });

    expect(await screen.findByText('Message 5')).toBeInTheDocument();
    expect(shownMessages()).toEqual(['Message 4', 'Message 5']);
    const earlier = screen.getByRole('button', { name: 'Show earlier replies (3)' });

    // A page that fails to load is told above the replies, which stay; the next press tries again.
    await userEvent.click(earlier);
    expect(
      await screen.findByText('We could not load the earlier replies. Please try again.'),
    ).toBeInTheDocument();
    expect(shownMessages()).toEqual(['Message 4', 'Message 5']);

    await userEvent.click(earlier);
    expect(await screen.findByText('Message 2')).toBeInTheDocument();
    expect(shownMessages()).toEqual(['Message 2', 'Message 3', 'Message 4', 'Message 5']);
    await userEvent.click(screen.getByRole('button', { name: 'Show earlier replies (1)' }));
    expect(await screen.findByText('Message 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Show earlier replies/ })).toBeNull();
    // The button is gone: the focus moves to the first reply rather than the page's body.
    expect(document.activeElement).toBe(screen.getAllByRole('listitem')[0]);
    expect(api.calls.filter((c) => c.path.endsWith('/replies'))).toHaveLength(3);

    await userEvent.type(screen.getByLabelText('Add Reply'), 'Message 6');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reply' }));
    expect(await screen.findByText('Message 6')).toBeInTheDocument();
    expect(shownMessages()).toEqual([1, 2, 3, 4, 5, 6].map((n) => `Message ${n}`));
  });

  it('says there are no replies yet when there are none', async () => {
    mockApi({ 'GET /api/support/tickets/t1': () => ({ ticket: ticketWith([], 0) }) });
    renderWithApp(<TicketDetail id="t1" onBack={() => {}} />, { path: '/support' });
    expect(
      await screen.findByText('No replies yet. Our support team will respond soon.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Show earlier replies/ })).toBeNull();
  });
});
