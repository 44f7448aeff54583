import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast-store';
import { MAX_VISIBLE_TOASTS, Toaster } from './toaster';

describe('Toaster', () => {
  afterEach(() => {
    act(() => toast.clear());
    vi.useRealTimers();
  });

  it('shows a toast with its title and removes it with "Dismiss notification"', async () => {
    render(<Toaster />);
    act(() => void toast.error('Failed to load notifications'));
    expect(screen.getByRole('alert')).toHaveTextContent('ErrorFailed to load notifications');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('clears every toast at once', async () => {
    render(<Toaster />);
    act(() => {
      toast.success('Notification deleted');
      toast.info('Cashback available');
    });
    expect(screen.getAllByRole('button', { name: 'Dismiss notification' })).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(screen.queryByRole('button', { name: 'Dismiss notification' })).not.toBeInTheDocument();
  });

  it('hides a success toast after 5 seconds by itself', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => void toast.success('All notifications marked as read'));
    act(() => vi.advanceTimersByTime(4900));
    expect(screen.getByText('All notifications marked as read')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('All notifications marked as read')).not.toBeInTheDocument();
  });

  it('shows at most three toasts: a newer one dismisses the oldest', () => {
    expect(MAX_VISIBLE_TOASTS).toBe(3);
    render(<Toaster />);
    act(() => {
      toast.success('Card settings updated successfully');
      toast.success('Card limits updated successfully');
      toast.info('Cashback available');
    });
    expect(screen.getAllByRole('status')).toHaveLength(3);
    act(() => void toast.error('Failed to load notifications'));
    const shown = [...screen.getAllByRole('status'), ...screen.getAllByRole('alert')];
    expect(shown.map((t) => t.textContent).sort()).toEqual([
      'Card limits updated successfully',
      'Cashback available',
      'ErrorFailed to load notifications',
    ]);
    expect(screen.queryByText('Card settings updated successfully')).not.toBeInTheDocument();
  });

  it('dismisses a toast with Escape and returns focus to where it came from', async () => {
    const user = userEvent.setup();
    render(
      <>
        <label>
          Daily ATM Limit ($)
          <input />
        </label>
        <Toaster />
      </>,
    );
    const field = screen.getByLabelText('Daily ATM Limit ($)');
    act(() => void toast.success('Card limits updated successfully'));
    await user.click(field);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Dismiss notification' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByText('Card limits updated successfully')).not.toBeInTheDocument();
    expect(field).toHaveFocus();
  });

  it("keeps the screen's foot under the toasts as scroll padding while they show", () => {
    const root = document.documentElement;
    // The toasts' band: 120 px tall, 40 px above the foot of a 768 px screen.
    const band = { top: 608, bottom: 728, left: 0, right: 380, width: 380, height: 120 };
    const boxes = vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: Element,
    ) {
      const box = this.classList.contains('toaster')
        ? band
        : { top: 0, bottom: 0, left: 0, right: 0, width: 0, height: 0 };
      return { ...box, x: box.left, y: box.top, toJSON: () => box } as DOMRect;
    });
    try {
      render(<Toaster />);
      expect(root.style.scrollPaddingBottom).toBe('');
      act(() => void toast.success('Card settings updated successfully'));
      expect(root.style.getPropertyValue('--toaster-cover')).toBe(`${768 - 608}px`);
      expect(root.style.scrollPaddingBottom).toBe(`${768 - 608 + 8}px`);
      act(() => toast.clear());
      expect(root.style.scrollPaddingBottom).toBe('');
      expect(root.style.getPropertyValue('--toaster-cover')).toBe('');
    } finally {
      boxes.mockRestore();
    }
  });

  it('leaves no scroll padding once the toasts have gone, even after a focus change just before', async () => {
    const root = document.documentElement;
    const band = { top: 608, bottom: 728, left: 0, right: 380, width: 380, height: 120 };
    const boxes = vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: Element,
    ) {
      const box = this.classList.contains('toaster')
        ? band
        : { top: 0, bottom: 0, left: 0, right: 0, width: 0, height: 0 };
      return { ...box, x: box.left, y: box.top, toJSON: () => box } as DOMRect;
    });
    try {
      render(<Toaster />);
      act(() => void toast.success('Card settings updated successfully'));
      expect(root.style.scrollPaddingBottom).not.toBe('');
      act(() => {
        document.body.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
        toast.clear();
      });
      // The frame the focus change asked for comes after the toasts went.
      await new Promise((resolve) => requestAnimationFrame(resolve));
      await new Promise((resolve) => requestAnimationFrame(resolve));
      expect(root.style.scrollPaddingBottom).toBe('');
      expect(root.style.getPropertyValue('--toaster-cover')).toBe('');
    } finally {
      boxes.mockRestore();
    }
  });

  it('scrolls the element with focus clear when a toast lands on it', () => {
    const scrolled = vi.fn();
    const band = { top: 600, bottom: 700, left: 0, right: 380, width: 380, height: 100 };
    const button = { top: 640, bottom: 684, left: 20, right: 320, width: 300, height: 44 };
    const boxes = vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: Element,
    ) {
      const box = this.classList.contains('toaster')
        ? band
        : this.textContent === 'Send Money'
          ? button
          : { top: 0, bottom: 0, left: 0, right: 0, width: 0, height: 0 };
      return { ...box, x: box.left, y: box.top, toJSON: () => box } as DOMRect;
    });
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = scrolled;
    try {
      render(
        <>
          <button type="button">Send Money</button>
          <button type="button">Request Money</button>
          <Toaster />
        </>,
      );
      screen.getByRole('button', { name: 'Request Money' }).focus();
      act(() => void toast.success('Zelle request sent'));
      // Request Money is clear of the band: the page stays where it is.
      expect(scrolled).not.toHaveBeenCalled();
      act(() => toast.clear());
      screen.getByRole('button', { name: 'Send Money' }).focus();
      act(() => void toast.success('Money sent'));
      expect(scrolled).toHaveBeenCalledWith({ block: 'nearest' });
      expect(scrolled.mock.contexts[0]).toBe(screen.getByRole('button', { name: 'Send Money' }));
    } finally {
      Element.prototype.scrollIntoView = original;
      boxes.mockRestore();
    }
  });
});
