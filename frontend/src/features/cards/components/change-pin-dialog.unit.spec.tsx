import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/testing/render-with-providers';
import type { Card } from '../api/get-cards';
import { ChangePinDialog } from './change-pin-dialog';

afterEach(() => vi.unstubAllGlobals());

const card = (hasPin: boolean) =>
  ({
    id: 'c1',
    card_name: 'Harborview Debit Card',
    masked_number: '**** **** **** 4870',
    has_pin: hasPin,
  }) as Card;

describe('Change PIN', () => {
  it('asks for no current PIN on a card that never had one, and sets its first', async () => {
    const api = mockApi({ 'PUT /api/cards/c1/pin': () => null });
    renderWithProviders(<ChangePinDialog card={card(false)} onClose={() => {}} />);
    expect(await screen.findByRole('dialog', { name: 'Set PIN' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Current PIN')).toBeNull();
    await userEvent.type(screen.getByLabelText('New PIN'), '2468');
    await userEvent.type(screen.getByLabelText('Confirm PIN'), '2468');
    await userEvent.click(screen.getByRole('button', { name: 'Set PIN' }));
    await vi.waitFor(() => expect(api.calls).toHaveLength(1), { timeout: 5_000 });
    expect(api.calls[0]!.body).toEqual({ new_pin: '2468', confirm_pin: '2468' });
  });

  it('asks for the current PIN once the card has one', async () => {
    mockApi({});
    renderWithProviders(<ChangePinDialog card={card(true)} onClose={() => {}} />);
    expect(await screen.findByRole('dialog', { name: 'Change PIN' })).toBeInTheDocument();
    expect(screen.getByLabelText('Current PIN')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change PIN' })).toBeInTheDocument();
  });
});
