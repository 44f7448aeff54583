import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation, useRoutes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/lib/auth';
import { AppRoutes, redirectRoutes } from './router';

describe('opening the dashboard with a stored session', () => {
  it('asks for the dashboard data while the sign-in check is still running', async () => {
    localStorage.setItem('auth_token', 'token-1');
    localStorage.setItem('user', JSON.stringify({ id: 1, name: 'Ada Lovelace', email: 'a@b.c' }));
    const requested: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string) => {
        const path = new URL(input, 'http://localhost').pathname;
        requested.push(path);
        // The sign-in check does not answer during this test.
        if (path === '/api/user') return new Promise<Response>(() => {});
        return Promise.resolve(
          new Response(JSON.stringify({ status: 'success', message: 'OK', data: {} }), {
            headers: { 'Content-Type': 'application/json' },
          }),
        );
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AuthProvider>
          <MemoryRouter initialEntries={['/dashboard']}>
            <AppRoutes />
          </MemoryRouter>
        </AuthProvider>
      </QueryClientProvider>,
    );
    await waitFor(() => expect([...requested].sort()).toEqual(['/api/dashboard', '/api/user']));
    vi.unstubAllGlobals();
  });
});

/** Shows where the router has taken the visitor. */
function CurrentAddress() {
  const { pathname, search, hash } = useLocation();
  return <output aria-label="Address">{`${pathname}${search}${hash}`}</output>;
}

/** The redirects alone, with every other address showing where it is (no page is loaded). */
function Redirects() {
  return useRoutes([...redirectRoutes, { path: '*', element: <CurrentAddress /> }]);
}

describe('addresses of pages that live elsewhere', () => {
  it.each([
    ['/settings', '/profile'],
    ['/settings?tab=security', '/profile?tab=security'],
    ['/account-settings?tab=notifications#email', '/profile?tab=notifications#email'],
    ['/crypto', '/crypto-trading'],
  ])('sends %s to %s', async (from, to) => {
    render(
      <MemoryRouter initialEntries={[from]}>
        <Redirects />
      </MemoryRouter>,
    );
    const address = await screen.findByRole('status', { name: 'Address' });
    expect(address.textContent).toBe(to);
  });
});
