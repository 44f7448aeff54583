import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast-store';
import { Toaster } from './toaster';

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
});
