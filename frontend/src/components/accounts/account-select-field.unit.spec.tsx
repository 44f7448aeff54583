import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { account } from '@/testing/fixtures';
import { AccountSelectField } from './account-select-field';

describe('AccountSelectField', () => {
  it('offers two business accounts of one name by their last four', () => {
    const accounts = [
      account({
        id: 'b1',
        name: 'Business Checking',
        account_name: 'Business Checking',
        account_number: '400011118989',
        formatted_account_number: '****8989',
      }),
      account({
        id: 'b2',
        name: 'Business Checking',
        account_name: 'Business Checking',
        account_number: '400022224417',
        formatted_account_number: '****4417',
      }),
    ];
    render(<AccountSelectField label="From Account" accounts={accounts} chosen="" />);
    const select = screen.getByRole('combobox', { name: 'From Account' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select account', 'Business Checking ••8989', 'Business Checking ••4417']);
  });
});
