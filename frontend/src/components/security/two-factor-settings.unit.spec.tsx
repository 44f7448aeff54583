import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, stepUpRequired } from '@/testing/render-with-providers';
import { StepUpDialog } from './step-up-dialog';
import { TwoFactorSettings } from './two-factor-settings';

afterEach(() => vi.unstubAllGlobals());

const STEP_UP_MESSAGE =
  'Please confirm it is you with your password or authenticator code to continue.';

const renderSettings = () =>
  renderWithProviders(
    <>
      <StepUpDialog />
      <TwoFactorSettings />
    </>,
  );

describe('Two-factor settings', () => {
  it('takes a cancelled "Confirm it’s you" as the customer’s choice: no error, focus back on Set up', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/two-factor': () => ({ enabled: false, recovery_codes_left: 0 }),
      'POST /api/two-factor/setup': () => stepUpRequired(),
    });
    renderSettings();
    const setUp = await screen.findByRole('button', { name: 'Set up two-factor sign-in' });

    for (const close of ['Cancel', 'Escape'] as const) {
      await user.click(setUp);
      const confirm = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
      // Two-factor is off: a code from an authenticator app is not offered.
      await within(confirm).findByText('For your security, this needs your password again.');
      expect(
        within(confirm).queryByRole('button', { name: 'Use an authenticator code instead' }),
      ).toBeNull();
      if (close === 'Cancel')
        await user.click(within(confirm).getByRole('button', { name: close }));
      else await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(setUp).toHaveFocus());
      await waitFor(() => expect(setUp).not.toHaveAttribute('aria-busy'));
      expect(screen.queryByText(STEP_UP_MESSAGE)).toBeNull();
      expect(screen.queryByText('Set-up could not start.')).toBeNull();
      expect(screen.getByText('Off')).toBeInTheDocument();
    }
  });

  it('offers an authenticator code in "Confirm it’s you" when two-factor is on', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/two-factor': () => ({ enabled: true, recovery_codes_left: 8 }),
      'POST /api/two-factor/recovery-codes': () => stepUpRequired(),
    });
    renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Get new recovery codes' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await user.click(
      await within(confirm).findByRole('button', { name: 'Use an authenticator code instead' }),
    );
    expect(within(confirm).getByLabelText('Authenticator code')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Get new recovery codes' })).toHaveFocus(),
    );
    expect(screen.queryByText(STEP_UP_MESSAGE)).toBeNull();
    expect(screen.queryByText('New codes could not be made.')).toBeNull();
  });

  it('keeps the code when Confirm it’s you is cancelled on turning it on; cancelled, the set-up goes back to Off', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/two-factor': () => ({ enabled: false, recovery_codes_left: 0 }),
      'POST /api/two-factor/setup': () => ({
        secret: 'JBSWY3DPEHPK3PXP',
        otpauth_url: 'otpauth://totp/Harborview:alex?secret=JBSWY3DPEHPK3PXP&issuer=Harborview',
      }),
      'POST /api/two-factor/confirm': () => stepUpRequired(),
    });
    renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }));
    await screen.findByText('JBSWY3DPEHPK3PXP');
    // Turning it on asks to confirm it is you too: cancelled, the code stays, with no error.
    await user.type(screen.getByLabelText('Code from your app'), '123456');
    const turnOn = screen.getByRole('button', { name: 'Turn on two-factor sign-in' });
    await user.click(turnOn);
    const confirm = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(turnOn).toHaveFocus());
    await waitFor(() => expect(turnOn).not.toHaveAttribute('aria-busy'));
    expect(screen.queryByText(STEP_UP_MESSAGE)).toBeNull();
    expect(screen.getByLabelText('Code from your app')).toHaveValue('123456');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    const setUp = await screen.findByRole('button', { name: 'Set up two-factor sign-in' });
    await waitFor(() => expect(setUp).toHaveFocus());
    expect(screen.getByText('Off')).toBeInTheDocument();
    expect(screen.queryByText('JBSWY3DPEHPK3PXP')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Turn on two-factor sign-in' })).toBeNull();
  });

  it('takes a code pasted as apps show it ("123 456"), and sends it to be turned on', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    mockApi({
      'GET /api/two-factor': () => ({ enabled: false, recovery_codes_left: 0 }),
      'POST /api/two-factor/setup': () => ({
        secret: 'JBSWY3DPEHPK3PXP',
        otpauth_url: 'otpauth://totp/Harborview:alex?secret=JBSWY3DPEHPK3PXP&issuer=Harborview',
      }),
      'POST /api/two-factor/confirm': (_url, init) => {
        sent.push(JSON.parse(String(init?.body)));
        return stepUpRequired();
      },
    });
    renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }));
    const field = await screen.findByLabelText('Code from your app');
    await user.click(field);
    await user.paste('145 175');
    expect(field).toHaveValue('145 175');
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    await waitFor(() => expect(sent).toEqual([{ code: '145 175' }]));
    expect(screen.queryByText('Enter the 6-digit code your app shows.')).toBeNull();
  });
});
