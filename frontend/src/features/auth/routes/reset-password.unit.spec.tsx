import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/testing/render-with-providers';
import ResetPasswordRoute from './reset-password';

describe('Reset password page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers one way to sign in once the password is changed', async () => {
    mockApi({
      'POST /api/reset-password/check': () => null,
      'POST /api/reset-password': () => null,
    });
    renderWithProviders(<ResetPasswordRoute />, { path: '/reset-password?token=t-1' });
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('New password'), 'N3w-passphrase!');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'N3w-passphrase!');
    await userEvent.click(screen.getByRole('button', { name: 'Update password' }));

    expect(await screen.findByText('Password updated')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /sign in/i })).toEqual([
      screen.getByRole('link', { name: 'Sign in' }),
    ]);
  });
});
