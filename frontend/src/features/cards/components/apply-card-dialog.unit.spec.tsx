import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { USER_KEY } from '@/lib/session-storage';
import { card, storeSession, testUser } from '@/testing/fixtures';
import { fakeServer, ok, renderWithApp } from '@/testing/render';
import { ApplyCardDialog, mailingAddress } from './apply-card-dialog';

/** A replacement offered for a card reported lost, with its terms. */
const replacement = card({
  id: 'offer-1',
  masked_number: null,
  last_four: null,
  expiry_date: null,
  status: 'pending',
  is_replacement: true,
  replaces_card_id: 'lost-1',
  application: {
    is_pending: true,
    description: 'A replacement for your Harborview Debit Card ending in 0675, reported lost.',
    benefits: [],
    terms: {
      purchase_apr: null,
      cash_advance_apr: null,
      credit_limit: null,
      fees: [{ name: 'Replacement card', amount: 0, percent: null }],
    },
  },
  has_pin: false,
  issued_at: null,
});

const movedUser = {
  ...testUser,
  address: '9 Wharf Lane, Apt 3',
  city: 'South Portland',
  state: 'ME',
  zip_code: '04106',
  zipCode: '04106',
};

afterEach(() => vi.unstubAllGlobals());

describe('ApplyCardDialog', () => {
  it('says where the card will be mailed, with the way to Profile to change it first', async () => {
    storeSession();
    localStorage.setItem(USER_KEY, JSON.stringify(movedUser));
    const calls = fakeServer((url) =>
      url.pathname === '/api/user' ? ok({ user: movedUser, session_expires_at: null }) : undefined,
    );
    renderWithApp(<ApplyCardDialog card={replacement} onClose={() => {}} onFailed={() => {}} />, {
      path: '/cards',
      routes: [{ path: '/profile', element: <h1>Profile</h1> }],
    });
    expect(
      await screen.findByText(/We'll mail it to 9 Wharf Lane, Apt 3, South Portland, ME 04106\./),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Change your address in Profile' }));
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    // Applying still sends no address of its own: the card goes to the one on file.
    expect(calls.filter((c) => c.path.includes('/apply'))).toEqual([]);
  });

  it('moves the focus to the unticked agreement, with its message, and sends nothing', async () => {
    storeSession();
    const calls = fakeServer(() => undefined);
    renderWithApp(<ApplyCardDialog card={replacement} onClose={() => {}} onFailed={() => {}} />, {
      path: '/cards',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Apply for Card' }));
    const agreement = screen.getByRole('checkbox', { name: /I have read and agree/ });
    expect(agreement).toHaveFocus();
    expect(agreement).toHaveAccessibleDescription(/You must agree/);
    expect(calls.filter((c) => c.path.includes('/apply'))).toEqual([]);
  });

  it('writes the address on file as one line, and nothing when none is known', () => {
    expect(mailingAddress(movedUser)).toBe('9 Wharf Lane, Apt 3, South Portland, ME 04106');
    expect(mailingAddress({})).toBe('');
  });
});
