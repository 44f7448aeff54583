import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StepUpDialog } from '@/components/security/step-up-dialog';
import { card as cardFixture } from '@/testing/fixtures';
import { errorResponse, mockApi, renderWithProviders } from '@/testing/render-with-providers';
import { CardDetailsDialog } from './card-details-dialog';

afterEach(() => vi.unstubAllGlobals());

const card = cardFixture();

const revealed = {
  card: {
    ...card,
    full_details: {
      formatted_card_number: '4111 1111 1111 4870',
      cvv: '123',
      expiry_date: '12/30',
    },
  },
};

const stepUpRequired = () =>
  errorResponse(403, {
    code: 'STEP_UP_REQUIRED',
    message: 'Please confirm it is you with your password or authenticator code to continue.',
  });

describe('Card Details', () => {
  it('takes a cancelled "Confirm it’s you" as the customer’s choice and offers to ask again', async () => {
    let steppedUp = false;
    mockApi({
      'GET /api/cards/c1': () => (steppedUp ? revealed : stepUpRequired()),
      'POST /api/step-up': () => {
        steppedUp = true;
        return { stepped_up_at: new Date().toISOString() };
      },
    });
    renderWithProviders(
      <>
        <StepUpDialog />
        <CardDetailsDialog card={card} onClose={() => {}} />
      </>,
    );
    const confirm = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));

    const details = await screen.findByRole('dialog', { name: 'Card Details' });
    await within(details).findByText(/stay hidden until you confirm it’s you/);
    expect(within(details).queryByText('Failed to load card details')).toBeNull();
    expect(within(details).queryByRole('alert')).toBeNull();
    expect(within(details).getByText('**** **** **** 4870')).toBeInTheDocument();

    await userEvent.click(within(details).getByRole('button', { name: 'Show card details' }));
    const again = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await userEvent.type(within(again).getByLabelText('Password'), 'Harborview-Demo-2026');
    await userEvent.click(within(again).getByRole('button', { name: 'Confirm' }));

    const shown = await screen.findByRole('dialog', { name: 'Card Details' });
    await within(shown).findByText('4111 1111 1111 4870');
    expect(within(shown).getByText('123')).toBeInTheDocument();
    expect(within(shown).queryByRole('button', { name: 'Show card details' })).toBeNull();
    // The focus is in the dialog, not left on the page beneath it.
    await waitFor(() => expect(shown).toContainElement(document.activeElement as HTMLElement));
  });

  it('offers Try again when the details fail to load, and shows them when they then load', async () => {
    let failures = 1;
    const api = mockApi({
      'GET /api/cards/c1': () =>
        failures-- > 0 ? errorResponse(500, { message: 'Internal error' }) : revealed,
    });
    renderWithProviders(<CardDetailsDialog card={card} onClose={() => {}} />);
    const details = await screen.findByRole('dialog', { name: 'Card Details' });
    const alert = await within(details).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load card details');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await within(details).findByText('4111 1111 1111 4870');
    expect(within(details).queryByRole('alert')).toBeNull();
    expect(api.calls.filter((c) => c.path === '/api/cards/c1')).toHaveLength(2);
  });
});
