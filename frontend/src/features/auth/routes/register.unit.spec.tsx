import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok, renderWithApp } from '@/testing/render';
import RegisterRoute from './register';

function renderRegister() {
  return renderWithApp(<RegisterRoute />, {
    path: '/register',
    routes: [{ path: '/dashboard', element: <p>Dashboard page</p> }],
  });
}

async function fillStep1(password = 'correct-horse', confirmation = password) {
  await userEvent.type(screen.getByLabelText('Full name'), 'Ada Lovelace');
  await userEvent.type(screen.getByLabelText('Email address'), 'ada@example.com');
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.type(screen.getByLabelText('Confirm password'), confirmation);
}

async function fillStep2() {
  // The step is in the address: it shows once the router has moved there.
  await userEvent.type(await screen.findByLabelText('Phone number'), '555-010-2000');
  await userEvent.type(screen.getByLabelText('Date of birth'), '1990-04-01');
  await userEvent.type(screen.getByLabelText('Street address'), '12 Elm St');
  await userEvent.type(screen.getByLabelText('City'), 'Harborview');
  await userEvent.type(screen.getByLabelText('State'), 'ME');
  await userEvent.type(screen.getByLabelText('ZIP code'), '04999');
}

/** Fills all three steps, accepts the terms and submits. */
async function submitCompleteForm() {
  renderRegister();
  await fillStep1();
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  await fillStep2();
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  await userEvent.click(
    await screen.findByRole('checkbox', { name: /I agree to the Terms of Service/ }),
  );
  await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
}

describe('Registration wizard', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('checks step 1 with the exact messages before moving on', async () => {
    fakeServer(() => undefined);
    renderRegister();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Please fill in all required fields.')).toBeInTheDocument();
    // Each empty field names itself, as sign-in's fields do.
    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription(
      'Please enter your full name.',
    );
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription(
      'Please confirm your password.',
    );
    await fillStep1('correct-horse', 'different-horse');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Passwords do not match.')).toBeInTheDocument();
  });

  it('takes no more characters in a field than the bank keeps', async () => {
    fakeServer(() => undefined);
    renderRegister();
    const name = screen.getByLabelText('Full name');
    await userEvent.click(name);
    await userEvent.paste('N'.repeat(300));
    expect(name).toHaveValue('N'.repeat(255));
    await fillStep1();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const ssn = await screen.findByLabelText(/Social Security number/);
    await userEvent.click(ssn);
    await userEvent.paste('123-45-67890');
    expect(ssn).toHaveValue('123-45-6789');
    const city = screen.getByLabelText('City');
    await userEvent.click(city);
    await userEvent.paste('C'.repeat(120));
    expect(city).toHaveValue('C'.repeat(100));
  });

  it('refuses a short password', async () => {
    fakeServer(() => undefined);
    renderRegister();
    await fillStep1('short');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Password must be at least 8 characters long.')).toBeInTheDocument();
  });

  it('goes back with Previous and clears the error; submit exists only on step 3', async () => {
    fakeServer(() => undefined);
    renderRegister();
    await fillStep1();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Personal Details' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Account' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Please fill in all required fields.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('heading', { name: 'Account Information' })).toBeInTheDocument();
    expect(screen.queryByText('Please fill in all required fields.')).not.toBeInTheDocument();
  });

  it('comes back to a later step by Forward after Back, until something is changed', async () => {
    fakeServer(() => undefined);
    const { router } = renderRegister();
    await fillStep1();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await fillStep2();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Review & Submit' });

    await act(() => router.navigate(-1));
    await screen.findByRole('heading', { name: 'Personal Details' });
    await act(() => router.navigate(1));
    expect(await screen.findByRole('heading', { name: 'Review & Submit' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?step=3');

    // Changed after going back, the review is reached again only through Next.
    await act(() => router.navigate(-1));
    await userEvent.type(await screen.findByLabelText('City'), 'port');
    await act(() => router.navigate(1));
    expect(await screen.findByRole('heading', { name: 'Personal Details' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?step=2');
  });

  it('lists server field errors under "Please fix the following errors:"', async () => {
    fakeServer(() => ({
      status: 422,
      body: {
        status: 'error',
        message: 'The given data was invalid.',
        errors: { email: ['The email has already been taken.'] },
      },
    }));
    await submitCompleteForm();
    expect(await screen.findByText('Please fix the following errors:')).toBeInTheDocument();
    expect(screen.getByText('The email has already been taken.')).toBeInTheDocument();
  });

  it('shows what to do, signs nobody in, and lets the details be changed when no account was opened', async () => {
    fakeServer((url) =>
      url.pathname === '/api/register'
        ? {
            status: 200,
            body: {
              status: 'success',
              message: 'We could not open a new account with these details.',
              data: { user: null, token: null, next_steps: ['sign_in', 'reset_password'] },
            },
          }
        : undefined,
    );
    await submitCompleteForm();
    expect(await screen.findByText('No new account was opened')).toBeInTheDocument();
    expect(
      screen.getByText('We could not open a new account with these details.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Reset your password' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(localStorage.getItem('auth_token')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Change my details' }));
    expect(await screen.findByRole('heading', { name: 'Review & Submit' })).toBeInTheDocument();
  });

  it('requires the terms, then shows the new account number until the customer continues', async () => {
    const calls = fakeServer((url) =>
      url.pathname === '/api/register'
        ? ok({
            user: {
              id: 'u1',
              name: 'Ada Lovelace',
              email: 'ada@example.com',
              account_number: '555512345678',
            },
            token: 'tok-new',
            expires_at: new Date(Date.now() + 1_800_000).toISOString(),
          })
        : undefined,
    );
    renderRegister();
    await fillStep1();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await fillStep2();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Review & Submit' })).toBeInTheDocument();
    // The birth date and the phone number read as everywhere else in the web app.
    expect(screen.getByText('Apr 1, 1990')).toBeInTheDocument();
    expect(screen.getByText('(555) 010-2000')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(
      screen.getByText('Please accept the Terms of Service and Privacy Policy to continue.'),
    ).toBeInTheDocument();
    await userEvent.click(
      screen.getByRole('checkbox', { name: /I agree to the Terms of Service/ }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByTestId('new-account-number')).toHaveTextContent('5555 1234 5678');
    expect(calls.find((c) => c.path === '/api/register')?.body).toMatchObject({
      name: 'Ada Lovelace',
      zip_code: '04999',
    });
    expect(localStorage.getItem('auth_token')).toBe('tok-new');
    await act(() => new Promise((r) => setTimeout(r, 3500)));
    expect(screen.queryByText('Dashboard page')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue to dashboard' }));
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
  }, 15_000);
});
