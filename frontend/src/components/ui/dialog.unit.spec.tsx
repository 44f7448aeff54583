import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { Dialog } from './dialog';

/** A page whose button opens a dialog whose first field takes the focus itself (autoFocus). */
function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Pay Now</Button>
      <Dialog open={open} onOpenChange={setOpen} title="Pay City Water">
        <label>
          Amount
          <input autoFocus />
        </label>
        <Button variant="secondary" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('gives the focus back to its opener when a field inside took the focus on opening', async () => {
    const user = userEvent.setup();
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Pay Now' });

    opener.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByLabelText('Amount')).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(opener).toHaveFocus());

    // Again, closed with Escape this time.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByLabelText('Amount')).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
  });
});

describe('Dialog description', () => {
  it('shows none when it has none of its own, and is not described by its title', async () => {
    render(
      <Dialog open onOpenChange={() => {}} title="Card Details">
        <p>Card number</p>
      </Dialog>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Card Details' });
    expect(dialog).not.toHaveAttribute('aria-describedby');
    expect(screen.getAllByText('Card Details')).toHaveLength(1);
  });

  it('shows the one it is given and is described by it', async () => {
    render(
      <Dialog open onOpenChange={() => {}} title="Report Lost" description="Visa Debit •••• 4870">
        <p>Body</p>
      </Dialog>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Report Lost' });
    expect(dialog).toHaveAccessibleDescription('Visa Debit •••• 4870');
    expect(screen.getAllByText('Report Lost')).toHaveLength(1);
  });
});
