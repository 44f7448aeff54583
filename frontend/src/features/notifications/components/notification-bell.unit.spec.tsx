import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok, renderWithApp } from '@/testing/render';
import type { NotificationView } from '@bank/contracts';
import { NotificationBell } from './notification-bell';

/** A notification as GET /api/notifications answers it (the contract's shape). */
const item = (id: number, is_read = false, title = `Notice ${id}`): NotificationView => ({
  id: String(id),
  type: 'security',
  title,
  message: `Message ${id}`,
  time_ago: '2 minutes ago',
  is_read,
  priority: 'medium',
  created_at: '2025-01-01T00:00:00Z',
});

/** A first page of notifications as the server answers it. */
const page = (notifications: NotificationView[]) => ok({ notifications, page: 1, per_page: 50 });

describe('Notification bell and panel', () => {
  // The panel's code loads on first open; on a busy machine its first transform here could
  // outlast a test's wait, where the browser has the chunk at once.
  beforeAll(() => import('./notification-popover'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows "99+" on the badge above 99 unread', async () => {
    fakeServer((url) =>
      url.pathname === '/api/notifications/summary'
        ? ok({ unread_count: 150, total_count: 200 })
        : undefined,
    );
    renderWithApp(<NotificationBell />);
    expect(await screen.findByText('99+')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications, 150 unread' })).toBeInTheDocument();
  });

  it('asks for its count only once the page has painted', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      frames.push(callback);
      return frames.length;
    });
    const calls = fakeServer((url) =>
      url.pathname === '/api/notifications/summary'
        ? ok({ unread_count: 3, total_count: 3 })
        : undefined,
    );
    renderWithApp(<NotificationBell />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((c) => c.path === '/api/notifications/summary')).toHaveLength(0);
    for (const frame of frames.splice(0)) frame(performance.now());
    expect(
      await screen.findByRole('button', { name: 'Notifications, 3 unread' }),
    ).toBeInTheDocument();
  });

  it('shows the empty state with its counts', async () => {
    fakeServer((url) => {
      if (url.pathname === '/api/notifications/summary')
        return ok({ unread_count: 0, total_count: 0 });
      if (url.pathname === '/api/notifications') return page([]);
      return undefined;
    });
    renderWithApp(<NotificationBell />);
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No notifications found')).toBeInTheDocument();
    expect(screen.getByText('0 total · 0 unread')).toBeInTheDocument();
  });

  it('filters by read status and type through the query', async () => {
    const calls = fakeServer((url) => {
      if (url.pathname === '/api/notifications/summary')
        return ok({ unread_count: 1, total_count: 1 });
      if (url.pathname === '/api/notifications') return page([item(1)]);
      return undefined;
    });
    renderWithApp(<NotificationBell />);
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Unread' }));
    await userEvent.selectOptions(screen.getByLabelText('Notification type'), 'Cards');
    await waitFor(() =>
      expect(
        calls.some((c) => c.path === '/api/notifications?per_page=50&unread_only=true&type=card'),
      ).toBe(true),
    );
  });

  it('marks one as read, deletes one and marks all read, with their messages', async () => {
    let summary = { unread_count: 2, total_count: 2 };
    const calls = fakeServer((url, init) => {
      if (url.pathname === '/api/notifications/summary') return ok(summary);
      if (url.pathname === '/api/notifications')
        return page([item(1, false, 'New sign-in'), item(2, false, 'Card locked')]);
      if (init.method === 'POST' && url.pathname === '/api/notifications/1/read') {
        summary = { unread_count: 1, total_count: 2 };
        return { ...ok(null), headers: { 'X-Consistency-Token': 'c-1' } };
      }
      if (init.method === 'DELETE' && url.pathname === '/api/notifications/2') {
        summary = { unread_count: 0, total_count: 1 };
        return ok(null);
      }
      if (url.pathname === '/api/notifications/read-all') return ok(null);
      return undefined;
    });
    renderWithApp(<NotificationBell />);
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await userEvent.click(
      await screen.findByRole('button', {
        name: 'Mark "New sign-in" (Dec 31, 2024, 7:00 PM EST) as read',
      }),
    );
    await waitFor(() => expect(screen.getByText('2 total · 1 unread')).toBeInTheDocument());
    await userEvent.click(
      screen.getByRole('button', {
        name: 'Delete "Card locked" (Dec 31, 2024, 7:00 PM EST)',
      }),
    );
    expect(await screen.findByText('Notification deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('1 total · 0 unread')).toBeInTheDocument());
    // the read after a command carries its consistency token
    expect(calls.filter((c) => c.method === 'GET').at(-1)?.headers['X-Consistency-Token']).toBe(
      'c-1',
    );
  });

  it('marks all of the chosen type as read', async () => {
    const calls = fakeServer((url) => {
      if (url.pathname === '/api/notifications/summary')
        return ok({ unread_count: 3, total_count: 4 });
      if (url.pathname === '/api/notifications') return page([item(1)]);
      if (url.pathname === '/api/notifications/read-all') return ok(null);
      return undefined;
    });
    renderWithApp(<NotificationBell />);
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }));
    await userEvent.selectOptions(await screen.findByLabelText('Notification type'), 'Security');
    await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByText('All notifications marked as read')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/notifications/read-all')?.body).toEqual({
      type: 'security',
    });
  });

  it('marks all read once for a double click', async () => {
    let unread = 3;
    const calls = fakeServer((url) => {
      if (url.pathname === '/api/notifications/summary')
        return ok({ unread_count: unread, total_count: 4 });
      if (url.pathname === '/api/notifications') return page([item(1, unread === 0)]);
      if (url.pathname === '/api/notifications/read-all') {
        unread = 0;
        return ok(null);
      }
      return undefined;
    });
    renderWithApp(<NotificationBell />);
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }));
    // Two clicks before the page can re-render, as a quick double click in a browser lands.
    const markAll = await screen.findByRole('button', { name: 'Mark all read' });
    fireEvent.click(markAll);
    fireEvent.click(markAll);
    expect(await screen.findByText('All notifications marked as read')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/notifications/read-all')).toHaveLength(1);
  });

  it('links each notice to where it is acted on, and closes the panel when one is followed', async () => {
    const notice = (id: number, type: NotificationView['type'], title: string) => ({
      ...item(id, false, title),
      type,
    });
    fakeServer((url) => {
      if (url.pathname === '/api/notifications/summary')
        return ok({ unread_count: 4, total_count: 4 });
      if (url.pathname === '/api/notifications')
        return page([
          notice(1, 'security', 'New sign-in'),
          notice(2, 'card', 'Card reported lost'),
          notice(3, 'transfer', 'Domestic wire sent'),
          notice(4, 'system', 'Business checking opened'),
        ]);
      return undefined;
    });
    // One route for every address: the bell stays mounted, as in the top bar, when a link is followed.
    const { router } = renderWithApp(<NotificationBell />, { path: '/*' });
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 4 unread' }));
    const at = ' (Dec 31, 2024, 7:00 PM EST)';
    const link = (name: string) => screen.findByRole('link', { name: `${name}${at}` });
    expect(await link('Review security settings: "New sign-in"')).toHaveAttribute(
      'href',
      '/profile?tab=security',
    );
    expect(await link('View account activity: "Domestic wire sent"')).toHaveAttribute(
      'href',
      '/accounts',
    );
    expect(await link('View accounts: "Business checking opened"')).toHaveAttribute(
      'href',
      '/accounts',
    );
    await userEvent.click(await link('Go to Cards: "Card reported lost"'));
    expect(router.state.location.pathname).toBe('/cards');
    await waitFor(() => expect(screen.queryByText('Card reported lost')).toBeNull());
  });

  it('reports a failure to load', async () => {
    fakeServer((url) =>
      url.pathname === '/api/notifications/summary'
        ? ok({ unread_count: 0, total_count: 0 })
        : { status: 500, body: { status: 'error' } },
    );
    renderWithApp(<NotificationBell />);
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    const alerts = await screen.findAllByText('Failed to load notifications');
    expect(alerts.length).toBeGreaterThan(0);
    expect(
      within(document.body).getByRole('link', { name: 'View all notifications' }),
    ).toHaveAttribute('href', '/notifications');
  });
});
