// Pure rules of the toast queue.

export type ToastType = 'success' | 'error' | 'warning' | 'info';

export type Toast = {
  id: string;
  type: ToastType;
  title?: string;
  message: string;
  /** Milliseconds before it disappears by itself. */
  duration: number;
};

export type ToastInput = Omit<Toast, 'id' | 'duration'> & { duration?: number };

export const MAX_TOASTS = 5;

export const DEFAULT_DURATIONS: Record<ToastType, number> = {
  success: 5000,
  info: 5000,
  warning: 6000,
  error: 7000,
};

const DEFAULT_TITLES: Partial<Record<ToastType, string>> = { error: 'Error', warning: 'Warning' };

/** Fills in the defaults: error toasts are titled "Error", warnings "Warning". */
export function normalizeToast(input: ToastInput, id: string): Toast {
  return {
    id,
    type: input.type,
    title: input.title ?? DEFAULT_TITLES[input.type],
    message: input.message,
    duration: input.duration ?? DEFAULT_DURATIONS[input.type],
  };
}

export function isSameToast(
  a: Pick<Toast, 'type' | 'title' | 'message'>,
  b: Pick<Toast, 'type' | 'title' | 'message'>,
) {
  return a.type === b.type && a.title === b.title && a.message === b.message;
}

/** Adds a toast unless an identical one is showing; keeps at most five, dropping the oldest. */
export function enqueueToast(queue: readonly Toast[], toast: Toast): Toast[] {
  if (queue.some((t) => isSameToast(t, toast))) return [...queue];
  const next = [...queue, toast];
  return next.length > MAX_TOASTS ? next.slice(next.length - MAX_TOASTS) : next;
}

export function dismissToast(queue: readonly Toast[], id: string): Toast[] {
  return queue.filter((t) => t.id !== id);
}
