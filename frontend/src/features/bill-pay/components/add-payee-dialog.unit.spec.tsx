import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StepUpDialog } from '@/components/security/step-up-dialog';
import { mockApi, renderWithProviders, stepUpRequired } from '@/testing/render-with-providers';
import { AddPayeeDialog } from './add-payee-dialog';

afterEach(() => vi.unstubAllGlobals());

describe('Add New Payee dialog', () => {
  it('sends a retry of the same payee under the same key, and a changed payee under a new one', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'POST /api/bill-payments/payees': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const categories = [
      { key: 'utilities', value: 'utilities', label: 'Utilities', icon: 'zap' },
    ] as const;
    renderWithProviders(
      <AddPayeeDialog open onOpenChange={() => {}} categories={[...categories]} />,
    );
    await user.type(await screen.findByLabelText('Company Name'), 'City Water');
    await user.selectOptions(screen.getByLabelText('Category'), 'utilities');
    await user.type(screen.getByLabelText('Account Number'), '55667788');
    const posts = () => api.calls.filter((c) => c.method === 'POST');
    const add = screen.getByRole('button', { name: 'Add Payee' });

    // The answer never came: the customer presses Add again with nothing changed.
    await user.click(add);
    await waitFor(() => expect(posts()).toHaveLength(1));
    await user.click(add);
    await waitFor(() => expect(posts()).toHaveLength(2));
    const [first, retry] = posts();
    expect(first!.headers['Idempotency-Key']).toBeTruthy();
    expect(retry!.headers['Idempotency-Key']).toBe(first!.headers['Idempotency-Key']);

    // A different payee is a different request.
    await user.type(screen.getByLabelText('Account Number'), '9');
    await user.click(add);
    await waitFor(() => expect(posts()).toHaveLength(3));
    expect(posts()[2]!.headers['Idempotency-Key']).not.toBe(first!.headers['Idempotency-Key']);
  });

  it('takes a cancelled "Confirm it’s you" as the customer’s choice: no error, the payee kept', async () => {
    const user = userEvent.setup();
    mockApi({
      'POST /api/bill-payments/payees': () => stepUpRequired(),
    });
    const categories = [
      { key: 'utilities', value: 'utilities', label: 'Utilities', icon: 'zap' },
    ] as const;
    renderWithProviders(
      <>
        <StepUpDialog />
        <AddPayeeDialog open onOpenChange={() => {}} categories={[...categories]} />
      </>,
    );
    await user.type(await screen.findByLabelText('Company Name'), 'City Water');
    await user.selectOptions(screen.getByLabelText('Category'), 'utilities');
    await user.type(screen.getByLabelText('Account Number'), '55667788');
    const add = screen.getByRole('button', { name: 'Add Payee' });
    await user.click(add);
    const confirm = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Confirm it’s you' })).toBeNull(),
    );
    await waitFor(() => expect(add).toHaveFocus());
    await waitFor(() => expect(add).not.toHaveAttribute('aria-busy'));
    expect(screen.queryByText(/Please confirm it is you/)).toBeNull();
    expect(screen.getByLabelText('Company Name')).toHaveValue('City Water');
  });
});
