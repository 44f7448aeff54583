import { BUSINESS_MESSAGES } from '@bank/contracts/business-account-rules';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { account } from '@/testing/fixtures';
import { errorResponse, mockApi, renderWithProviders } from '@/testing/render-with-providers';
import OpenBusinessAccountRoute from './open-business-account';

afterEach(() => vi.unstubAllGlobals());

const business = (id: string) =>
  account({
    id,
    name: 'Business Checking',
    account_name: 'Business Checking',
    type: 'business',
    account_type: { code: 'business_checking', name: 'Business Checking' },
  });

describe('Open a business account', () => {
  it('moves the focus to Business name, the first field in error, when sent empty', async () => {
    const { calls } = mockApi({});
    renderWithProviders(<OpenBusinessAccountRoute />, { path: '/accounts/open-business' });
    await userEvent.click(screen.getByRole('button', { name: 'Open account' }));
    const name = screen.getByRole('textbox', { name: /^Business name/ });
    await vi.waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('says a refusal of the bank once, in the form, with no toast repeating it', async () => {
    mockApi({
      'GET /api/accounts': () => ({ accounts: [account(), business('b1'), business('b2')] }),
      // Another window opened the third meanwhile: the bank refuses the fourth.
      'POST /api/accounts/business': () =>
        errorResponse(422, { code: 'VALIDATION_ERROR', message: BUSINESS_MESSAGES.tooMany }),
    });
    renderWithProviders(<OpenBusinessAccountRoute />, { path: '/accounts/open-business' });
    await userEvent.type(screen.getByRole('textbox', { name: /^Business name/ }), 'Four Co');
    await userEvent.type(
      screen.getByRole('textbox', { name: /^Employer Identification/ }),
      '453187299',
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /^Business type/ }), 'llc');
    await userEvent.click(screen.getByRole('checkbox', { name: /I confirm I am authorized/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Open account' }));

    await screen.findByRole('alert');
    expect(screen.getAllByText(BUSINESS_MESSAGES.tooMany)).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent(BUSINESS_MESSAGES.tooMany);
    expect(screen.queryByText('Validation Error')).toBeNull();
  });

  it('tells a customer with 3 business accounts the limit instead of the form', async () => {
    const { calls } = mockApi({
      'GET /api/accounts': () => ({
        accounts: [account(), business('b1'), business('b2'), business('b3')],
      }),
    });
    renderWithProviders(<OpenBusinessAccountRoute />, { path: '/accounts/open-business' });

    await screen.findByText(BUSINESS_MESSAGES.tooMany);
    expect(screen.queryByRole('button', { name: 'Open account' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: /^Business name/ })).toBeNull();
    expect(screen.getByRole('link', { name: /Back to Accounts/ })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});
