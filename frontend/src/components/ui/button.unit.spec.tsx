import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';

describe('Button', () => {
  it('while loading stays focusable but refuses clicks and the form submission', () => {
    const onClick = vi.fn();
    const onSubmit = vi.fn((e: { preventDefault(): void }) => e.preventDefault());
    const { rerender } = render(
      <form onSubmit={onSubmit}>
        <Button type="submit" onClick={onClick}>
          Save
        </Button>
      </form>,
    );
    const save = screen.getByRole('button', { name: 'Save' });
    save.focus();
    rerender(
      <form onSubmit={onSubmit}>
        <Button type="submit" onClick={onClick} loading>
          Save
        </Button>
      </form>,
    );
    // A disabled button would drop the focus in a browser; this one keeps it.
    expect(save).toBeEnabled();
    expect(save).toHaveAttribute('aria-disabled', 'true');
    expect(save).toHaveAttribute('aria-busy', 'true');
    fireEvent.click(save);
    expect(onClick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();

    rerender(
      <form onSubmit={onSubmit}>
        <Button type="submit" onClick={onClick}>
          Save
        </Button>
      </form>,
    );
    fireEvent.click(save);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('that runs an action takes a double click as one press, before it is drawn busy', () => {
    const onClick = vi.fn();
    const onSubmit = vi.fn((e: { preventDefault(): void }) => e.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button type="submit" onClick={onClick} loading={false}>
          Confirm
        </Button>
        <Button onClick={onClick}>Show</Button>
      </form>,
    );
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    fireEvent.click(confirm, { detail: 1 });
    fireEvent.click(confirm, { detail: 2 });
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    // A press from the keyboard has no click count; each one counts.
    fireEvent.click(confirm, { detail: 0 });
    expect(onClick).toHaveBeenCalledTimes(2);
    // A button with no action to run is left alone.
    const show = screen.getByRole('button', { name: 'Show' });
    fireEvent.click(show, { detail: 1 });
    fireEvent.click(show, { detail: 2 });
    expect(onClick).toHaveBeenCalledTimes(4);
  });

  it('is disabled when asked, loading or not', () => {
    render(
      <Button disabled loading>
        Apply
      </Button>,
    );
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
  });
});
