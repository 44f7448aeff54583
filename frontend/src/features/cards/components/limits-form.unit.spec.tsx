import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { card as cardFixture } from '@/testing/fixtures';
import { mockApi, renderWithProviders } from '@/testing/render-with-providers';
import type { Card } from '../api/get-cards';
import { LimitsForm } from './limits-form';

afterEach(() => vi.unstubAllGlobals());

const card = {
  id: 'c1',
  card_name: 'Harborview Debit Card',
  limits: { daily_atm_limit: 500, daily_purchase_limit: 2500 },
} as Card;

const changed = {
  card: cardFixture({ limits: { daily_atm_limit: 750, daily_purchase_limit: 2500 } }),
};

describe('Card limits', () => {
  it('says there is nothing to save, and sends nothing, when no limit was changed', async () => {
    const api = mockApi({ 'PUT /api/cards/c1/limits': () => changed });
    renderWithProviders(<LimitsForm card={card} submitLabel="Save Limits" />);
    const save = screen.getByRole('button', { name: 'Save Limits' });
    await userEvent.click(save);
    expect(await screen.findByRole('status')).toHaveTextContent('No changes to save.');
    // The current limit typed again is no change either.
    await userEvent.type(screen.getByLabelText('Daily ATM Limit ($)'), '500');
    expect(screen.queryByText('No changes to save.')).toBeNull();
    await userEvent.click(save);
    await screen.findByText('No changes to save.');
    expect(screen.queryByText('Card limits updated successfully')).toBeNull();
    expect(api.calls).toEqual([]);
    expect(save).toHaveFocus();

    await userEvent.clear(screen.getByLabelText('Daily ATM Limit ($)'));
    await userEvent.type(screen.getByLabelText('Daily ATM Limit ($)'), '750');
    await userEvent.click(save);
    await vi.waitFor(() => expect(api.calls).toHaveLength(1), { timeout: 5_000 });
    expect(api.calls[0]!.body).toEqual({ daily_atm_limit: 750, daily_purchase_limit: 2500 });
    expect(screen.queryByText('No changes to save.')).toBeNull();
  });
});
