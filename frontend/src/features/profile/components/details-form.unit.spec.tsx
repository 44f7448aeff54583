import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StepUpDialog } from '@/components/security/step-up-dialog';
import { storeSession, testUser } from '@/testing/fixtures';
import { fakeServer, ok, renderWithApp } from '@/testing/render';
import { DetailsForm } from './details-form';

afterEach(() => vi.unstubAllGlobals());

describe('Personal details form', () => {
  it('marks a changed phone as not verified as soon as it is saved', async () => {
    storeSession();
    let user = testUser;
    fakeServer((url, init) => {
      if (url.pathname === '/api/user') return ok({ user, session_expires_at: null });
      if (url.pathname === '/api/profile' && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { phone: string };
        user = { ...testUser, phone: body.phone, unverified_contacts: ['phone'] };
        return ok({ user }, 'Profile updated successfully!');
      }
      return undefined;
    });
    const actor = userEvent.setup();
    renderWithApp(<DetailsForm user={testUser} />, { path: '/profile' });
    const phone = await screen.findByLabelText('Phone');
    expect(screen.queryByText(/Not verified yet/)).toBeNull();
    await actor.clear(phone);
    await actor.type(phone, '555-0199');
    await actor.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(await screen.findByText(/Not verified yet/)).toBeInTheDocument();
  });

  it('takes a cancelled "Confirm it’s you" as the customer’s choice: no error, the change kept', async () => {
    storeSession();
    fakeServer((url, init) => {
      if (url.pathname === '/api/user') return ok({ user: testUser, session_expires_at: null });
      if (url.pathname === '/api/profile' && init?.method === 'PUT')
        return {
          status: 403,
          body: {
            status: 'error',
            code: 'STEP_UP_REQUIRED',
            message:
              'Please confirm it is you with your password or authenticator code to continue.',
          },
        };
      return undefined;
    });
    const actor = userEvent.setup();
    renderWithApp(
      <>
        <StepUpDialog />
        <DetailsForm user={testUser} />
      </>,
      { path: '/profile' },
    );
    const phone = await screen.findByLabelText('Phone');
    await actor.clear(phone);
    await actor.type(phone, '555-0199');
    const save = screen.getByRole('button', { name: 'Save Changes' });
    await actor.click(save);
    const confirm = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await actor.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(save).toHaveFocus());
    await waitFor(() => expect(save).not.toHaveAttribute('aria-busy'));
    expect(screen.queryByText(/Please confirm it is you/)).toBeNull();
    expect(screen.queryByText('Failed to update profile')).toBeNull();
    expect(phone).toHaveValue('555-0199');
  });
});
