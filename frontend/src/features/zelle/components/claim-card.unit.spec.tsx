import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/testing/render-with-providers';
import { ClaimCard } from './claim-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Claim Money Sent to You', () => {
  it('claims with Enter in the code field, as the Claim button does, and once', async () => {
    const { calls } = mockApi({
      'POST /api/zelle/claims/code': () => ({
        sent_to: 'd***@example.com',
        expires_at: '2026-12-06T11:15:00Z',
        payments_waiting: 1,
      }),
      'POST /api/zelle/claims': () => ({
        claimed: [{ id: 'p1', sender_name: 'Sam Lee', amount: 40, reference_number: 'ZEL-1' }],
        total: 40,
        account: { id: 'chk', name: 'Everyday Checking' },
      }),
    });
    renderWithProviders(<ClaimCard />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    const code = await screen.findByLabelText('6-digit code');
    await user.type(code, '123456{Enter}');

    await screen.findByText(/from Sam Lee/);
    const claims = calls.filter((c) => c.method === 'POST' && c.path === '/api/zelle/claims');
    expect(claims.map((c) => c.body)).toEqual([{ kind: 'email', code: '123456' }]);
    await waitFor(() => expect(screen.queryByLabelText('6-digit code')).toBeNull());
  });
});
