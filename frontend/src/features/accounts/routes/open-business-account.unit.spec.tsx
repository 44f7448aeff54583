import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/testing/render-with-providers';
import OpenBusinessAccountRoute from './open-business-account';

afterEach(() => vi.unstubAllGlobals());

describe('Open a business account', () => {
  it('moves the focus to Business name, the first field in error, when sent empty', async () => {
    const { calls } = mockApi({});
    renderWithProviders(<OpenBusinessAccountRoute />, { path: '/accounts/open-business' });
    await userEvent.click(screen.getByRole('button', { name: 'Open account' }));
    const name = screen.getByRole('textbox', { name: /^Business name/ });
    await vi.waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);
  });
});
