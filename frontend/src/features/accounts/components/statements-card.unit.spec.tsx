import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { account } from '@/testing/fixtures';
import { errorResponse, mockApi, renderWithProviders } from '@/testing/render-with-providers';
import { StatementsCard } from './statements-card';

afterEach(() => vi.unstubAllGlobals());

describe('StatementsCard', () => {
  it('says the statements did not load, with Try again that loads them', async () => {
    let calls = 0;
    mockApi({
      'GET /api/accounts/chk/statements': () =>
        ++calls === 1
          ? errorResponse(500, { message: 'Internal error' })
          : {
              account_id: 'chk',
              statements: [
                {
                  month: '2026-10',
                  from: '2026-10-01T04:00:00.000Z',
                  to: '2026-11-01T04:00:00.000Z',
                  complete: true,
                },
              ],
            },
    });
    renderWithProviders(<StatementsCard account={account({ id: 'chk', name: 'Checking' })} />);
    await screen.findByText('We could not load your statements. Please try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('button', { name: 'Download October 2026 statement as PDF' }),
    ).toBeInTheDocument();
    expect(
      screen.queryByText('We could not load your statements. Please try again.'),
    ).not.toBeInTheDocument();
  });
});
