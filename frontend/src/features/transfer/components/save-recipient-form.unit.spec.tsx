import { bankToday } from '@bank/contracts/bank-time';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StepUpDialog } from '@/components/security/step-up-dialog';
import { mockApi, renderWithProviders, stepUpRequired } from '@/testing/render-with-providers';
import { emptyTransferForm } from '../api/create-transfer';
import { SaveRecipientForm } from './saved-recipients';

afterEach(() => vi.unstubAllGlobals());

describe('Save recipient', () => {
  it('takes a cancelled "Confirm it’s you" as the customer’s choice: no error, the focus back on Save', async () => {
    const user = userEvent.setup();
    mockApi({
      'POST /api/transfers/recipients': () => stepUpRequired(),
    });
    renderWithProviders(
      <>
        <StepUpDialog />
        <SaveRecipientForm
          type="external-bank"
          values={{
            ...emptyTransferForm(bankToday()),
            recipientName: 'Jordan Lee',
            externalBankName: 'River Bank',
            externalAccountNumber: '123456789',
            externalRoutingNumber: '021000021',
          }}
        />
      </>,
    );
    const save = screen.getByRole('button', { name: 'Save recipient' });
    await user.click(save);
    const confirm = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(save).toHaveFocus());
    await waitFor(() => expect(save).not.toHaveAttribute('aria-busy'));
    expect(screen.queryByText(/Please confirm it is you/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('Nickname')).toHaveValue('Jordan Lee');
  });
});
