import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, mockApi, renderWithProviders } from '@/testing/render-with-providers';
import { PasswordForm } from './password-form';

afterEach(() => vi.unstubAllGlobals());

describe('Password form', { timeout: 20_000 }, () => {
  it('checks length and match before calling the server, then shows server field errors', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'POST /api/change-password': () =>
        errorResponse(422, {
          message: 'The current password is incorrect.',
          errors: { current_password: ['The current password is incorrect.'] },
        }),
    });
    renderWithProviders(<PasswordForm />);
    await user.type(screen.getByLabelText('Current Password'), 'old-secret');
    await user.type(screen.getByLabelText('New Password'), 'short');
    await user.type(screen.getByLabelText('Confirm New Password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(
      await screen.findByText('Password must be at least 8 characters long'),
    ).toBeInTheDocument();
    expect(screen.getByText('New passwords do not match')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);

    await user.clear(screen.getByLabelText('New Password'));
    await user.type(screen.getByLabelText('New Password'), 'N3w-Password!');
    await user.clear(screen.getByLabelText('Confirm New Password'));
    await user.type(screen.getByLabelText('Confirm New Password'), 'N3w-Password!');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('The current password is incorrect.')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.calls[0]?.body).toEqual({
        current_password: 'old-secret',
        new_password: 'N3w-Password!',
        new_password_confirmation: 'N3w-Password!',
      }),
    );
  });
});
