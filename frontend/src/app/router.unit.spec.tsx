import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/lib/auth';
import { AppRoutes } from './router';

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

describe('addresses of pages that live elsewhere', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it.each([
    ['/settings', '/profile'],
    ['/settings?tab=security', '/profile?tab=security'],
    ['/account-settings?tab=notifications', '/profile?tab=notifications'],
    ['/crypto', '/crypto-trading'],
  ])('sends a signed-in customer from %s to %s', async (from, to) => {
    localStorage.setItem('auth_token', 'token-1');
    localStorage.setItem('user', JSON.stringify({ id: 1, name: 'Ada Lovelace', email: 'a@b.c' }));
    // The sign-in check does not answer: the address changes before any guard decides.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    vi.stubGlobal('scrollTo', vi.fn());
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AuthProvider>
          <MemoryRouter initialEntries={[from]}>
            <AppRoutes />
            <CurrentAddress />
          </MemoryRouter>
        </AuthProvider>
      </QueryClientProvider>,
    );
    const address = screen.getByRole('status', { name: 'Address' });
    await waitFor(() => expect(address.textContent).toBe(to));
  });
});
