import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { account } from '@/testing/fixtures';
import { mockApi, renderWithProviders } from '@/testing/render-with-providers';
import WireTransferRoute from './wire-transfer';

const checking = account({
  id: 'chk',
  name: 'Everyday Checking',
  account_name: 'Everyday Checking',
  balance: 2000,
  available_balance: 2000,
  account_number: '100000000001',
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The wire page at a given moment (only the clock is fake: timers run as usual). */
function openAt(iso: string, settles: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
  mockApi({
    'GET /api/accounts': () => ({ accounts: [checking] }),
    'GET /api/transfers/recipients': () => ({ recipients: [] }),
    'POST /api/wire-transfers/domestic': () =>
      new Response(
        JSON.stringify({
          status: 'success',
          message:
            'Wire transfer sent. It will arrive on Monday, December 7 (after the 4:00 PM ET cut-off, or on a day banks are closed).',
          data: {
            transfer: {
              reference_number: 'TRF-1',
              amount: 500,
              fee: 25,
              total: 525,
              recipient_name: 'Title Co LLC',
              estimated_settlement: settles,
            },
          },
        }),
        { status: 201, headers: { 'Content-Type': 'application/json' } },
      ),
  });
  renderWithProviders(<WireTransferRoute />, { path: '/wire-transfer' });
}

async function reviewDomesticWire(user: ReturnType<typeof userEvent.setup>) {
  const form = await screen.findByRole('form', { name: 'Wire transfer' });
  await user.selectOptions(await within(form).findByLabelText('From Account'), 'chk');
  await user.type(within(form).getByLabelText('Recipient Name'), 'Title Co LLC');
  await user.type(within(form).getByLabelText('Bank Name'), 'First National');
  await user.type(within(form).getByLabelText('Account Number'), '123456789');
  await user.type(within(form).getByLabelText('Routing Number'), '021000021');
  await user.type(within(form).getByLabelText('Recipient Address'), '1 Main St, Boston MA 02108');
  await user.type(within(form).getByLabelText('Amount (USD)'), '500');
  await user.selectOptions(within(form).getByLabelText('Purpose of Transfer'), 'property');
  await user.click(within(form).getByRole('button', { name: 'Review Wire' }));
  return screen.findByRole('region', { name: 'Review your wire' });
}

const summary = () => screen.getByRole('region', { name: 'Summary' });
const monday =
  'Arrives Monday, December 7 (sent after the 4:00 PM ET cut-off, or on a day banks are closed)';

describe('Wire Transfers: when a domestic wire arrives', { timeout: 20_000 }, () => {
  it('names the next business day on the review and the summary when sent on a Sunday, as the bank then answers', async () => {
    // Sunday 6 December 2026, 5:45 AM in New York.
    openAt('2026-12-06T10:45:00Z', '2026-12-07T10:45:00.000Z');
    const user = userEvent.setup();
    // Choosing the type keeps the rate card's words.
    expect(await screen.findByText('$25.00 · Same day')).toBeTruthy();
    const review = await reviewDomesticWire(user);
    expect(within(review).getByText(monday)).toBeTruthy();
    expect(within(summary()).getByText(monday)).toBeTruthy();

    await user.click(within(review).getByRole('button', { name: 'Send Wire' }));
    const sent = await screen.findByRole('region', { name: 'Wire Sent' });
    expect(within(sent).getByText(/It will arrive on Monday, December 7/)).toBeTruthy();
    expect(within(summary()).getByText(monday)).toBeTruthy();
  });

  it('says today, with the date, before the cut-off on a business day', async () => {
    // Monday 7 December 2026, 10:00 AM in New York.
    openAt('2026-12-07T15:00:00Z', '2026-12-07T16:00:00.000Z');
    const user = userEvent.setup();
    const review = await reviewDomesticWire(user);
    expect(within(review).getByText('Arrives today, December 7')).toBeTruthy();
    expect(within(summary()).getByText('Arrives today, December 7')).toBeTruthy();
  });
});
