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
