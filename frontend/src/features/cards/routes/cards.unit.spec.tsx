import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { card } from '@/testing/fixtures';
import { errorResponse, mockApi, renderWithProviders } from '@/testing/render-with-providers';
import CardsRoute from './cards';

const issued = (id: string, last4: string, status: string, replaces: string | null = null) =>
  card({
    id,
    masked_number: `**** **** **** ${last4}`,
    last_four: last4,
    status,
    is_replacement: replaces !== null,
    replaces_card_id: replaces,
    reported_at: status === 'lost' ? '2026-02-01T00:00:00.000Z' : null,
  });

/** A card's tile in Your Cards, found by its number. */
const tile = (last4: string) =>
  screen.getByText(`**** **** **** ${last4}`).closest('li') as HTMLElement;

afterEach(() => vi.unstubAllGlobals());

describe('Card Management', () => {
  it('does not tell a customer whose cards failed to load to apply for one', async () => {
    mockApi({ 'GET /api/cards': () => errorResponse(500, { message: 'Internal error' }) });
    renderWithProviders(<CardsRoute />, { path: '/cards?tab=settings' });
    await screen.findByText('Failed to load cards. Please try again.');
    expect(screen.getByRole('tab', { name: 'Card Settings' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(
      screen.queryByText('No active cards to configure. Apply for a card first.'),
    ).not.toBeInTheDocument();
    expect(screen.queryByText('No cards available')).not.toBeInTheDocument();
  });

  it('shows a card reported lost as inactive, with nothing offered to do to it, after its replacement', async () => {
    mockApi({
      'GET /api/cards': () => ({
        cards: [issued('old', '0169', 'lost'), issued('new', '9734', 'active', 'old')],
      }),
    });
    renderWithProviders(<CardsRoute />, { path: '/cards' });
    await screen.findByText('**** **** **** 0169');
    const lost = tile('0169');
    expect(within(lost).getByText('LOST')).toBeInTheDocument();
    expect(lost.querySelector('.card-face--lost')).not.toBeNull();
    expect(within(lost).queryAllByRole('button')).toEqual([]);
    expect(lost).toHaveTextContent(
      'Reported lost: this card is deactivated for good and cannot be unlocked.',
    );
    expect(lost).toHaveTextContent('It has been replaced by your card ending 9734.');
    // The replacement, in use, comes first and has every action.
    const replacement = tile('9734');
    const tiles = screen.getAllByRole('listitem').filter((li) => li.dataset.cardId);
    expect(tiles.map((li) => li.dataset.cardId)).toEqual(['new', 'old']);
    for (const name of ['Lock Card', 'Change PIN', 'Set Limits', 'Report Lost'])
      expect(within(replacement).getByRole('button', { name })).toBeEnabled();
  });

  it('offers Show card details as a visible button under the card, which opens Card Details', async () => {
    mockApi({
      'GET /api/cards': () => ({ cards: [issued('c1', '4870', 'active')] }),
      'GET /api/cards/c1': () => ({
        card: { ...issued('c1', '4870', 'active'), full_details: null },
      }),
    });
    renderWithProviders(<CardsRoute />, { path: '/cards' });
    await screen.findByText('**** **** **** 4870');
    const show = within(tile('4870')).getByRole('button', { name: 'Show card details' });
    expect(show).not.toHaveClass('sr-only');
    expect(show.closest('.card-item__actions')).not.toBeNull();
    await userEvent.click(show);
    expect(await screen.findByRole('dialog', { name: 'Card Details' })).toBeInTheDocument();
  });

  it('says Show card details once per card: the face is named by what it shows', async () => {
    mockApi({ 'GET /api/cards': () => ({ cards: [issued('c1', '4870', 'active')] }) });
    renderWithProviders(<CardsRoute />, { path: '/cards' });
    await screen.findByText('**** **** **** 4870');
    expect(within(tile('4870')).getAllByRole('button', { name: /Show card details/ })).toHaveLength(
      1,
    );
    const face = within(tile('4870')).getByRole('button', { name: /4870/ });
    expect(face).not.toHaveAccessibleName(expect.stringContaining('Show card details'));
  });
});
