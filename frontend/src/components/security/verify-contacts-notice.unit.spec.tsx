import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContactKind } from '@bank/contracts';
import { storeSession, testUser } from '@/testing/fixtures';
import { fakeServer, ok, renderWithApp } from '@/testing/render';
import { VerifyContactsNotice } from './verify-contacts-notice';

afterEach(() => vi.unstubAllGlobals());

const showFor = (unverified_contacts: ContactKind[]) => {
  storeSession();
  const user = { ...testUser, unverified_contacts };
  fakeServer((url) =>
    url.pathname === '/api/user' ? ok({ user, session_expires_at: null }) : undefined,
  );
  renderWithApp(<VerifyContactsNotice action={null} />, { path: '/dashboard' });
};

describe('the verify-your-contacts notice', () => {
  it('says what verifying unlocks: Zelle payments and transfers from other customers', async () => {
    showFor(['email', 'phone']);
    expect(
      await screen.findByText(
        'Verify your email and phone to receive Zelle payments and transfers from other Harborview customers',
      ),
    ).toBeInTheDocument();
  });

  it('tells a customer with an unproved email that a reset link goes only to a verified email', async () => {
    showFor(['email', 'phone']);
    expect(await screen.findByText(/Verify your email and phone/)).toBeInTheDocument();
    expect(
      screen.getByText(/A link to reset a forgotten password is sent only to a verified email\./),
    ).toBeInTheDocument();
  });

  it('says nothing of password resets when only the phone waits to be proved', async () => {
    showFor(['phone']);
    expect(await screen.findByText(/Verify your phone/)).toBeInTheDocument();
    expect(screen.queryByText(/reset a forgotten password/)).toBeNull();
  });
});
