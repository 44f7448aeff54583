import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DeferredPopup, type PopupOpening } from './deferred-popup';

function setup(haspopup: 'menu' | 'dialog' = 'menu') {
  const preload = vi.fn(() => Promise.resolve());
  const openings: PopupOpening[] = [];
  render(
    <DeferredPopup
      preload={preload}
      haspopup={haspopup}
      className="trigger"
      label="Account menu for Ada"
      popup={(opening) => {
        openings.push(opening);
        return <div role={haspopup}>loaded popup</div>;
      }}
    >
      Ada
    </DeferredPopup>,
  );
  return { preload, openings };
}

describe('DeferredPopup', () => {
  it('is a plain, named button until first used, warming the popup code on focus', async () => {
    const { preload, openings } = setup();
    const button = screen.getByRole('button', { name: 'Account menu for Ada' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(openings).toEqual([]);
    await userEvent.tab();
    expect(preload).toHaveBeenCalled();
    expect(screen.queryByText('loaded popup')).not.toBeInTheDocument();
  });

  it('renders the popup on the first click, as a pointer opening', async () => {
    const { openings } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Account menu for Ada' }));
    expect(await screen.findByRole('menu')).toHaveTextContent('loaded popup');
    expect(openings.at(-1)).toEqual({ keyboard: false });
  });

  it('knows a keyboard opening (Enter, or ArrowDown on a menu button)', async () => {
    const { openings } = setup();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    expect(openings.at(-1)).toEqual({ keyboard: true });
  });

  it('opens a menu with ArrowDown', async () => {
    const { openings } = setup('menu');
    await userEvent.tab();
    await userEvent.keyboard('{ArrowDown}');
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    expect(openings.at(-1)).toEqual({ keyboard: true });
  });
});
