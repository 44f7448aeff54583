import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, mockApi, renderWithProviders } from '@/testing/render-with-providers';
import CardsRoute from './cards';

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
});
