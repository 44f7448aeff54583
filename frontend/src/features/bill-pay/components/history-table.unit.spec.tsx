import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { HistoryItem } from '../api/get-bill-history';
import { filterHistory } from '../lib/history';
import { HistoryTable } from './history-table';

const items: HistoryItem[] = [
  {
    id: '1',
    source_type: 'bill_payment',
    type_label: 'Bill',
    description: 'Power Co',
    category: 'Utilities',
    amount: -80,
    date: '2026-11-01T10:00:00Z',
    status: 'completed',
    account_name: 'Checking',
    reference_number: null,
    receipt_id: null,
    icon: 'file-text',
  },
  {
    id: '2',
    source_type: 'transfer',
    type_label: 'Transfer',
    description: 'To Savings',
    category: 'Transfer',
    amount: -200,
    date: '2026-11-03T10:00:00Z',
    status: 'pending',
    account_name: 'Checking',
    reference_number: null,
    receipt_id: null,
    icon: 'file-text',
  },
  {
    id: '3',
    source_type: 'transaction',
    type_label: 'Bank',
    description: 'Payroll',
    category: 'Income',
    amount: 1500,
    date: '2026-11-02T10:00:00Z',
    status: 'completed',
    account_name: 'Checking',
    reference_number: null,
    receipt_id: null,
    icon: 'file-text',
  },
  {
    id: '4',
    source_type: 'bill_payment',
    type_label: 'Bill',
    description: 'Water Co',
    category: 'Utilities',
    amount: -30,
    date: '2026-11-04T10:00:00Z',
    status: 'bounced',
    account_name: 'Savings',
    reference_number: null,
    receipt_id: null,
    icon: 'file-text',
  },
];

function bodyRows() {
  const table = screen.getByRole('table');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0]!.textContent);
}

describe('bill pay history', () => {
  it('filters by type (the source dropdown did nothing)', () => {
    expect(filterHistory(items, 'bill_payments').map((i) => i.id)).toEqual(['1', '4']);
    expect(filterHistory(items, 'transfers').map((i) => i.id)).toEqual(['2']);
    expect(filterHistory(items, 'transactions').map((i) => i.id)).toEqual(['3']);
    expect(filterHistory(items, 'all')).toHaveLength(4);
  });

  it('sorts by date (newest first), by amount on click, and the filter changes the rows', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <HistoryTable items={items} />
      </MemoryRouter>,
    );
    expect(bodyRows()).toEqual(['Water Co', 'To Savings', 'Payroll', 'Power Co']);
    await user.click(screen.getByRole('button', { name: /Amount/ }));
    const amountHeader = screen.getByRole('columnheader', { name: /Amount/ });
    const first = amountHeader.getAttribute('aria-sort');
    expect(first).not.toBe('none');
    const order = bodyRows();
    expect(order[0]).toBe(first === 'ascending' ? 'To Savings' : 'Payroll');
    await user.selectOptions(screen.getByLabelText('Show'), 'bill_payments');
    expect(bodyRows().sort()).toEqual(['Power Co', 'Water Co']);
    expect(screen.getAllByText('Failed').length).toBeGreaterThan(0);
  });

  it('shows the empty state', () => {
    render(
      <MemoryRouter>
        <HistoryTable items={[]} />
      </MemoryRouter>,
    );
    expect(screen.getByText('No Transaction History')).toBeInTheDocument();
  });
});
