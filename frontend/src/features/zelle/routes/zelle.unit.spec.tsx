import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { account, storeSession, testUser } from '@/testing/fixtures';
import { fakeServer, ok, renderWithApp } from '@/testing/render';
import ZelleRoute from './zelle';

const use = (limit: number, used: number) => ({ limit, used, remaining: limit - used });

function serve(daily: { limit: number; used: number }) {
  return fakeServer((url) => {
    if (url.pathname === '/api/user') return ok({ user: testUser, session_expires_at: null });
    if (url.pathname === '/api/accounts') return ok({ accounts: [account()] });
    if (url.pathname === '/api/zelle/recipients') return ok({ recipients: [] });
    if (url.pathname === '/api/zelle/transactions') return ok({ transactions: [] });
    if (url.pathname === '/api/zelle/requests') return ok({ requests: [] });
    if (url.pathname === '/api/zelle/limits')
      return ok({
        limits: {
          daily: use(daily.limit, daily.used),
          monthly: use(20000, daily.used),
          daily_receive: use(5000, 0),
          per_transaction: { min: 1, max: 2500 },
          time_zone: 'America/New_York',
          business_date: '2026-11-02',
        },
      });
    return undefined;
  });
}

describe('the Zelle limits card', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('states the daily limit the way the limit above it does, in whole dollars', async () => {
    storeSession();
    serve({ limit: 2500, used: 0 });
    renderWithApp(<ZelleRoute />, { path: '/zelle' });
    expect(await screen.findByText(/^Sent today:/)).toHaveTextContent(
      /^Sent today: \$0\.00 of \$2,500$/,
    );
    expect(screen.getByText(/^Daily send limit:/)).toHaveTextContent(/^Daily send limit: \$2,500$/);
  });

  it('keeps the cents of a sum sent, and of a limit that has some', async () => {
    storeSession();
    serve({ limit: 2500.5, used: 125.5 });
    renderWithApp(<ZelleRoute />, { path: '/zelle' });
    expect(await screen.findByText(/^Sent today:/)).toHaveTextContent(
      /^Sent today: \$125\.50 of \$2,500\.50$/,
    );
  });
});
