import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '@/testing/fixtures';
import { fakeServer, ok, renderWithApp } from '@/testing/render';
import LoginRoute from './login';

const user = { ...testUser, account_number: '123456789012' };

function renderLogin() {
  return renderWithApp(<LoginRoute />, {
    path: '/login',
    routes: [{ path: '/dashboard', element: <p>Dashboard page</p> }],
  });
}

describe('Login page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('requires a 12-digit account number and a password before calling the server', async () => {
    const calls = fakeServer(() => undefined);
    renderLogin();
    await userEvent.type(screen.getByRole('textbox', { name: 'Account number' }), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(
      await screen.findByText('Account number must be exactly 12 digits.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Please enter your password.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('puts the cursor in the account number field on arrival', async () => {
    fakeServer(() => undefined);
    renderLogin();
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Account number' })).toHaveFocus(),
    );
  });

  it('limits the account number to 12 characters', () => {
    fakeServer(() => undefined);
    renderLogin();
    expect(screen.getByRole('textbox', { name: 'Account number' })).toHaveAttribute(
      'maxlength',
      '12',
    );
  });

  it('shows the server message and field errors, and clears them when the user types', async () => {
    fakeServer(() => ({
      status: 422,
      body: {
        status: 'error',
        message: 'Invalid account number or password.',
        errors: { account_number: ['No such account.'] },
      },
    }));
    renderLogin();
    await userEvent.type(screen.getByRole('textbox', { name: 'Account number' }), '123456789012');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid account number or password.')).toBeInTheDocument();
    expect(screen.getByText('Please fix the following errors:')).toBeInTheDocument();
    expect(screen.getByText('No such account.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    expect(screen.queryByText('Invalid account number or password.')).not.toBeInTheDocument();
  });

  it('falls back to "Login failed. Please try again." without a server message', async () => {
    fakeServer(() => ({ status: 500, body: {} }));
    renderLogin();
    await userEvent.type(screen.getByRole('textbox', { name: 'Account number' }), '123456789012');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Login failed. Please try again.')).toBeInTheDocument();
  });

  it('stores the token and user and goes to the dashboard', async () => {
    fakeServer((url) =>
      url.pathname === '/api/login'
        ? ok({ user, token: 'tok-9', expires_at: new Date(Date.now() + 1_800_000).toISOString() })
        : undefined,
    );
    renderLogin();
    await userEvent.type(screen.getByRole('textbox', { name: 'Account number' }), '123456789012');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(localStorage.getItem('auth_token')).toBe('tok-9');
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ name: 'Alex Morgan' });
  });

  it('takes digits only in the account number, typed or pasted with spaces or dashes', async () => {
    fakeServer(() => undefined);
    renderLogin();
    const field = screen.getByRole('textbox', { name: 'Account number' });
    await userEvent.type(field, '12345abc9012');
    expect(field).toHaveValue('123459012');
    await userEvent.clear(field);
    await userEvent.click(field);
    await userEvent.paste('1234-5678 9012');
    expect(field).toHaveValue('123456789012');
  });

  it('shows a remembered account number masked, signs in with it, and can forget it', async () => {
    localStorage.setItem('remembered_account_number', '123456784114');
    const calls = fakeServer((url) =>
      url.pathname === '/api/login'
        ? ok({ user, token: 'tok-9', expires_at: new Date(Date.now() + 1_800_000).toISOString() })
        : undefined,
    );
    const view = renderLogin();
    expect(screen.getByRole('group', { name: 'Account number' })).toHaveTextContent(
      '•••• •••• 4114',
    );
    expect(view.container.textContent).not.toContain('123456784114');
    expect(screen.queryByRole('textbox', { name: 'Account number' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveFocus());

    // Not you? The number is forgotten and the field is empty, ready for another.
    await userEvent.click(screen.getByRole('button', { name: 'Use another account' }));
    const field = screen.getByRole('textbox', { name: 'Account number' });
    expect(field).toHaveValue('');
    await waitFor(() => expect(field).toHaveFocus());
    expect(localStorage.getItem('remembered_account_number')).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Remember my account number' })).not.toBeChecked();
    expect(calls).toHaveLength(0);
  });

  it('signs in with the remembered account number without showing it', async () => {
    localStorage.setItem('remembered_account_number', '123456789012');
    const calls = fakeServer((url) =>
      url.pathname === '/api/login'
        ? ok({ user, token: 'tok-9', expires_at: new Date(Date.now() + 1_800_000).toISOString() })
        : undefined,
    );
    renderLogin();
    await userEvent.type(screen.getByLabelText('Password'), 'secret-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/login')?.body).toMatchObject({
      account_number: '123456789012',
    });
    expect(localStorage.getItem('remembered_account_number')).toBe('123456789012');
  });

  it('shows and hides the password', async () => {
    fakeServer(() => undefined);
    renderLogin();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
  });
});
