import { SUPPORT_CATEGORIES, TICKET_PRIORITIES, TICKET_STATUSES } from '@bank/contracts';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { errorResponse, mockApi } from '@/testing/render-with-providers';
import SupportRoute from './support';

afterEach(() => vi.unstubAllGlobals());

const ticket = {
  id: 't1',
  ticket_number: 'TKT-2026-000101',
  subject: 'Card declined abroad',
  description: 'My card was declined in Montreal.',
  category: 'cards',
  category_display: 'Cards',
  priority: 'medium',
  priority_display: 'Medium',
  status: 'open',
  status_display: 'Open',
  time_since_created: '2 minutes ago',
  created_at: '2026-11-30T10:00:00.000Z',
  updated_at: '2026-11-30T10:00:00.000Z',
  reply_count: 0,
  replies: [],
  dispute: null,
};

const choices = {
  categories: { general: 'General Inquiry', cards: 'Cards' },
  default_category: 'general',
  priorities: { medium: 'Medium' },
  default_priority: 'medium',
  statuses: { open: 'Open' },
};

describe('Support screen', () => {
  it('opens a ticket in the address, so the browser Back returns to the list', async () => {
    mockApi({
      'GET /api/support/categories': () => choices,
      'GET /api/support/tickets': () => ({ tickets: [ticket], next_cursor: null }),
      'GET /api/support/tickets/t1': () => ({ ticket }),
    });
    const { router } = renderWithApp(<SupportRoute />, { path: '/support' });
    await userEvent.click(await screen.findByRole('button', { name: /Card declined abroad/ }));
    expect(router.state.location.search).toBe('?ticket=t1');
    expect(await screen.findByRole('button', { name: 'Back to tickets' })).toBeInTheDocument();

    await act(() => router.navigate(-1));
    expect(await screen.findByRole('tab', { name: 'My Tickets' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back to tickets' })).toBeNull();

    // Forward shows the ticket again; Back to tickets then returns to the list in its place.
    await act(() => router.navigate(1));
    await userEvent.click(await screen.findByRole('button', { name: 'Back to tickets' }));
    await screen.findByRole('tab', { name: 'My Tickets' });
    expect(router.state.location.search).toBe('');
    expect(router.state.historyAction).toBe('POP');
  });

  it('offers to create a first ticket beside "No support tickets found", but not for an empty search', async () => {
    mockApi({
      'GET /api/support/categories': () => choices,
      'GET /api/support/tickets': () => ({ tickets: [], next_cursor: null }),
      'GET /api/support/search': () => ({ tickets: [] }),
    });
    renderWithApp(<SupportRoute />, { path: '/support' });
    expect(await screen.findByText('No support tickets found')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create a ticket' }));
    expect(
      await screen.findByRole('dialog', { name: 'Create Support Ticket' }),
    ).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');

    // A search that finds nothing: the next step is another search, not a new ticket.
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search tickets' }), 'card{Enter}');
    expect(await screen.findByText(/Results for/)).toBeInTheDocument();
    expect(await screen.findByText('No support tickets found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create a ticket' })).toBeNull();
  });

  it('says the tickets could not be loaded, with Try again, instead of "No support tickets found"', async () => {
    let fail = true;
    mockApi({
      'GET /api/support/categories': () => choices,
      'GET /api/support/tickets': () =>
        fail
          ? errorResponse(503, { message: 'Service unavailable' })
          : { tickets: [ticket], next_cursor: null },
    });
    renderWithApp(<SupportRoute />, { path: '/support' });
    expect(
      await screen.findByText('Your support tickets could not be loaded.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('No support tickets found')).toBeNull();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: /Card declined abroad/ })).toBeInTheDocument();
  });

  it('loads older tickets a page at a time with Load more, the filters kept, until none remain', async () => {
    const older = { ...ticket, id: 't0', subject: 'Statement question (older page)' };
    const api = mockApi({
      'GET /api/support/categories': () => ({
        categories: SUPPORT_CATEGORIES,
        default_category: 'general',
        priorities: TICKET_PRIORITIES,
        default_priority: 'medium',
        statuses: TICKET_STATUSES,
      }),
      'GET /api/support/tickets': (url) =>
        url.searchParams.get('cursor') === 'page-2'
          ? { tickets: [older], next_cursor: null }
          : { tickets: [ticket], next_cursor: 'page-2' },
    });
    renderWithApp(<SupportRoute />, { path: '/support' });
    await screen.findByRole('button', { name: /Card declined abroad/ });
    expect(screen.queryByText(/Statement question/)).toBeNull();

    await screen.findByRole('option', { name: 'Open' });
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'open');
    await screen.findByRole('button', { name: /Card declined abroad/ });
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('button', { name: /Statement question/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Card declined abroad/ })).toBeInTheDocument();
    expect(screen.getByText('No older tickets.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    const asked = api.fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://x'));
    const page2 = asked.find((u) => u.searchParams.get('cursor') === 'page-2');
    expect(page2?.searchParams.get('status')).toBe('open');
  });

  it('keeps a refusal of a new ticket beside Create Ticket, and the customer can try again', async () => {
    let fail = true;
    const api = mockApi({
      'GET /api/support/categories': () => choices,
      'GET /api/support/tickets': () => ({ tickets: [], next_cursor: null }),
      'POST /api/support/tickets': () =>
        fail ? errorResponse(503, { message: 'Service temporarily unavailable' }) : { ticket },
      'GET /api/support/tickets/t1': () => ({ ticket }),
    });
    const user = userEvent.setup();
    renderWithApp(<SupportRoute />, { path: '/support' });
    await user.click(await screen.findByRole('button', { name: 'New Ticket' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Support Ticket' });
    await user.type(within(dialog).getByLabelText('Subject'), 'Card declined abroad');
    await user.type(within(dialog).getByLabelText('Description'), 'Declined in Montreal.');
    await user.click(within(dialog).getByRole('button', { name: 'Create Ticket' }));
    // The notice goes after a few seconds; the reason stays in the dialog, by the button.
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Service temporarily unavailable',
    );
    expect(within(dialog).getByLabelText('Subject')).toHaveValue('Card declined abroad');

    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Create Ticket' }));
    expect(await screen.findByRole('button', { name: 'Back to tickets' })).toBeInTheDocument();
    const posts = api.calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(2);
    // The try again is the same request: if the first had reached the bank, one ticket opens.
    const keys = posts.map((c) => c.headers['Idempotency-Key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('sends a reply tried again under its first key, and the next reply under a new one', async () => {
    let fail = true;
    const api = mockApi({
      'GET /api/support/categories': () => choices,
      'GET /api/support/tickets': () => ({ tickets: [ticket], next_cursor: null }),
      'GET /api/support/tickets/t1': () => ({ ticket }),
      'POST /api/support/tickets/t1/reply': () =>
        fail ? errorResponse(503, { message: 'Service temporarily unavailable' }) : { ticket },
    });
    const user = userEvent.setup();
    renderWithApp(<SupportRoute />, { path: '/support' });
    await user.click(await screen.findByRole('button', { name: /Card declined abroad/ }));
    const field = await screen.findByLabelText('Add Reply');
    await user.type(field, 'Any news?');
    await user.click(screen.getByRole('button', { name: 'Send Reply' }));
    await screen.findByText('Service temporarily unavailable');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Send Reply' }));
    await screen.findByText('Reply added successfully');
    await user.type(field, 'Thanks.');
    await user.click(screen.getByRole('button', { name: 'Send Reply' }));

    await vi.waitFor(() => expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(3), {
      timeout: 5_000,
    });
    const keys = api.calls
      .filter((c) => c.method === 'POST')
      .map((c) => c.headers['Idempotency-Key']);
    expect(keys[0]).toMatch(/^t1:[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });
});
