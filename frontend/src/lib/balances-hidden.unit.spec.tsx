import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useBalancesHidden } from './balances-hidden';

function Page({ name }: { name: string }) {
  const [hidden, setHidden] = useBalancesHidden();
  return (
    <button type="button" aria-pressed={hidden} onClick={() => setHidden((h) => !h)}>
      {name}
    </button>
  );
}

describe('hiding balances', () => {
  it('is one choice for every page, kept for the next visit', async () => {
    const first = render(<Page name="Dashboard" />);
    await userEvent.click(screen.getByRole('button', { name: 'Dashboard' }));
    expect(screen.getByRole('button', { name: 'Dashboard' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    first.unmount();

    // Another page, mounted later (a new visit reads the same store).
    render(<Page name="Accounts" />);
    expect(screen.getByRole('button', { name: 'Accounts' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Accounts' }));
    expect(localStorage.getItem('balances_hidden')).toBeNull();
  });

  it('follows a change made in another tab', () => {
    render(<Page name="Crypto" />);
    expect(screen.getByRole('button', { name: 'Crypto' })).toHaveAttribute('aria-pressed', 'false');
    act(() => {
      localStorage.setItem('balances_hidden', 'true');
      window.dispatchEvent(new StorageEvent('storage', { key: 'balances_hidden' }));
    });
    expect(screen.getByRole('button', { name: 'Crypto' })).toHaveAttribute('aria-pressed', 'true');
  });
});
