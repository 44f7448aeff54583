import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DURATIONS,
  dismissToast,
  enqueueToast,
  normalizeToast,
  type Toast,
} from './toast-queue';

const make = (id: string, message = `message ${id}`, type: Toast['type'] = 'info'): Toast =>
  normalizeToast({ type, message }, id);

describe('toast queue', () => {
  it('does not add a toast identical to one already showing', () => {
    const first = make('a', 'Saved', 'success');
    const queue = enqueueToast([first], make('b', 'Saved', 'success'));
    expect(queue.map((t) => t.id)).toEqual(['a']);
  });

  it('adds toasts that differ in type, title or message', () => {
    let queue = enqueueToast([], make('a', 'Saved', 'success'));
    queue = enqueueToast(queue, make('b', 'Saved', 'info'));
    queue = enqueueToast(
      queue,
      normalizeToast({ type: 'info', title: 'Other', message: 'Saved' }, 'c'),
    );
    expect(queue).toHaveLength(3);
  });

  it('keeps at most five, dropping the oldest when a sixth arrives', () => {
    let queue: Toast[] = [];
    for (const id of ['1', '2', '3', '4', '5', '6']) queue = enqueueToast(queue, make(id));
    expect(queue.map((t) => t.id)).toEqual(['2', '3', '4', '5', '6']);
  });

  it('gives each type its default duration and errors and warnings their default titles', () => {
    expect(DEFAULT_DURATIONS).toEqual({ success: 5000, info: 5000, warning: 6000, error: 7000 });
    expect(normalizeToast({ type: 'error', message: 'x' }, '1')).toMatchObject({
      title: 'Error',
      duration: 7000,
    });
    expect(normalizeToast({ type: 'warning', message: 'x' }, '1')).toMatchObject({
      title: 'Warning',
      duration: 6000,
    });
    expect(normalizeToast({ type: 'success', message: 'x' }, '1').title).toBeUndefined();
    expect(normalizeToast({ type: 'info', message: 'x', duration: 1234 }, '1').duration).toBe(1234);
  });

  it('dismisses one toast by id', () => {
    const queue = [make('a'), make('b')];
    expect(dismissToast(queue, 'a').map((t) => t.id)).toEqual(['b']);
  });
});
