import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { account } from '@/testing/fixtures';
import { errorResponse, mockApi, renderWithProviders } from '@/testing/render-with-providers';
import { StatementsCard } from './statements-card';

const { createObjectURL, revokeObjectURL } = URL;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

const december = {
  month: '2026-12',
  from: '2026-12-01T05:00:00.000Z',
  to: '2027-01-01T05:00:00.000Z',
  complete: true,
};

const business = (id: string, number: string) =>
  account({
    id,
    name: 'Business Checking',
    account_name: 'Business Checking',
    account_number: number,
    formatted_account_number: `****${number.slice(-4)}`,
  });

/** The file names the browser was asked to save, as the page's downloads hand them over. */
function savedNames(): string[] {
  URL.createObjectURL = vi.fn(() => 'blob:statement');
  URL.revokeObjectURL = vi.fn();
  const names: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    names.push(this.download);
  });
  return names;
}

/** The statements of `id` and its December PDF, named by the server as `disposition` says. */
function statementsOf(id: string, disposition: string | null) {
  return {
    [`GET /api/accounts/${id}/statements`]: () => ({ account_id: id, statements: [december] }),
    [`GET /api/accounts/${id}/statements/2026-12`]: () =>
      new Response('%PDF-1.7', {
        status: 200,
        headers: {
          'Content-Type': 'application/pdf',
          ...(disposition ? { 'Content-Disposition': disposition } : {}),
        },
      }),
  };
}

describe('StatementsCard', () => {
  it('says the statements did not load, with Try again that loads them', async () => {
    let calls = 0;
    mockApi({
      'GET /api/accounts/chk/statements': () =>
        ++calls === 1
          ? errorResponse(500, { message: 'Internal error' })
          : {
              account_id: 'chk',
              statements: [
                {
                  month: '2026-10',
                  from: '2026-10-01T04:00:00.000Z',
                  to: '2026-11-01T04:00:00.000Z',
                  complete: true,
                },
              ],
            },
    });
    renderWithProviders(<StatementsCard account={account({ id: 'chk', name: 'Checking' })} />);
    await screen.findByText('We could not load your statements. Please try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('button', { name: 'Download October 2026 statement as PDF' }),
    ).toBeInTheDocument();
    expect(
      screen.queryByText('We could not load your statements. Please try again.'),
    ).not.toBeInTheDocument();
  });

  it("saves a statement under the server's name, which carries the last four", async () => {
    const names = savedNames();
    mockApi(statementsOf('b1', 'attachment; filename="statement-8989-2026-12.pdf"'));
    renderWithProviders(<StatementsCard account={business('b1', '400011118989')} />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Download December 2026 statement as PDF' }),
    );
    await vi.waitFor(() => expect(names).toEqual(['statement-8989-2026-12.pdf']));
  });

  it('names the statements of two accounts of one name apart when the server names none', async () => {
    const names = savedNames();
    mockApi({ ...statementsOf('b1', null), ...statementsOf('b2', null) });
    renderWithProviders(
      <>
        <StatementsCard account={business('b1', '400011118989')} />
        <StatementsCard account={business('b2', '400022224417')} />
      </>,
    );
    const pdf = { name: 'Download December 2026 statement as PDF' };
    await vi.waitFor(() => expect(screen.getAllByRole('button', pdf)).toHaveLength(2));
    const buttons = screen.getAllByRole('button', pdf);
    for (const button of buttons) await userEvent.click(button);
    await vi.waitFor(() =>
      expect(names).toEqual(['statement-8989-2026-12.pdf', 'statement-4417-2026-12.pdf']),
    );
  });
});
