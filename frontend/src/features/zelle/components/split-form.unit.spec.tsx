import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Account } from '@/lib/accounts';
import { mockApi, renderWithProviders } from '@/testing/render-with-providers';
import { SplitForm } from './split-form';

const accounts: Account[] = [
  {
    id: 'chk',
    name: 'Checking',
    type: 'checking',
    balance: 10,
    available_balance: 10,
    account_name: 'Checking',
    account_type: { code: 'premium_checking', name: 'Premium Checking' },
    currency: 'USD',
    account_number: '1',
    formatted_account_number: '****0001',
    routing_number: '102000196',
    status: 'active',
    interest_rate: 1.25,
    monthly_fee: 0,
    opened_at: '2026-01-01T00:00:00.000Z',
    last_transaction_date: null,
  },
];

afterEach(() => vi.unstubAllGlobals());

describe('Split form', { timeout: 20_000 }, () => {
  it('validates the total and every person', async () => {
    const user = userEvent.setup();
    mockApi({});
    renderWithProviders(<SplitForm accounts={accounts} />);
    await user.click(screen.getByRole('button', { name: 'Send Split Requests' }));
    expect(await screen.findByText('Please enter a valid amount to split')).toBeInTheDocument();
    expect(
      screen.getByText('Please fill in name and contact for all recipients'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove person 1' }));
    await user.type(screen.getByLabelText('Total Amount'), '10');
    await user.click(screen.getByRole('button', { name: 'Send Split Requests' }));
    expect(
      await screen.findByText('Please add at least one person to split with'),
    ).toBeInTheDocument();
  });

  it('moves the focus to the first person field left empty, as the message names none', async () => {
    const user = userEvent.setup();
    mockApi({});
    renderWithProviders(<SplitForm accounts={accounts} />);
    await user.type(screen.getByLabelText('Total Amount'), '60');
    await user.type(screen.getByLabelText('Name, person 1'), 'Ann');
    await user.type(screen.getByLabelText('Email or phone, person 1'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Add Person' }));
    await user.type(screen.getByLabelText('Name, person 2'), 'Bo');
    await user.click(screen.getByRole('button', { name: 'Send Split Requests' }));
    expect(
      await screen.findByText('Please fill in name and contact for all recipients'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Email or phone, person 2')).toHaveFocus();
  });

  it('shows each share (cents add up) and asks the bank for the whole split at once', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'POST /api/zelle/split': () => ({ requests: [], your_share: 33.34, total: 100 }),
    });
    renderWithProviders(<SplitForm accounts={accounts} />);
    await user.type(screen.getByLabelText('Total Amount'), '100');
    await user.type(screen.getByLabelText('Name, person 1'), 'Ann');
    await user.type(screen.getByLabelText('Email or phone, person 1'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Add Person' }));
    await user.type(screen.getByLabelText('Name, person 2'), 'Bo');
    await user.type(screen.getByLabelText('Email or phone, person 2'), '555-010-2030');
    expect(screen.getByText(/Your share/)).toHaveTextContent('$33.34');
    expect(screen.getAllByText('$33.33')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Send Split Requests' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const [post] = api.calls.filter((c) => c.method === 'POST');
    expect(post!.body).toEqual({
      bank_account_id: 'chk',
      total_amount: 100,
      memo: 'Split payment',
      people: [
        { name: 'Ann', contact: 'ann@example.com' },
        { name: 'Bo', contact: '555-010-2030' },
      ],
    });
    expect(post!.headers['Idempotency-Key']).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('Total Amount')).toHaveValue(null));
  });
});
