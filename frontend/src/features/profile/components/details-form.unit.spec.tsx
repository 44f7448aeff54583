import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
});
