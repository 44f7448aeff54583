import { useSyncExternalStore } from 'react';
import {
  dismissToast,
  enqueueToast,
  normalizeToast,
  type Toast,
  type ToastInput,
} from './toast-queue';

// A tiny external store so any code (hooks, the API error mapper) can raise a toast.

let queue: Toast[] = [];
const listeners = new Set<() => void>();
let counter = 0;

function emit(next: Toast[]) {
  queue = next;
  listeners.forEach((l) => l());
}

export const toast = {
  show(input: ToastInput): string {
    counter += 1;
    const item = normalizeToast(input, `toast-${Date.now().toString(36)}-${counter}`);
    emit(enqueueToast(queue, item));
    return item.id;
  },
  success: (message: string, title?: string) => toast.show({ type: 'success', message, title }),
  error: (message: string, title?: string) => toast.show({ type: 'error', message, title }),
  warning: (message: string, title?: string) => toast.show({ type: 'warning', message, title }),
  info: (message: string, title?: string) => toast.show({ type: 'info', message, title }),
  dismiss(id: string) {
    emit(dismissToast(queue, id));
  },
  clear() {
    emit([]);
  },
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): Toast[] {
  return useSyncExternalStore(
    subscribe,
    () => queue,
    () => queue,
  );
}

/**
 * The last press on the toasts. A dialog open beneath them asks whether a press outside it was
 * this one: on a touch screen it learns of the press only at its click, when the toast the press
 * dismissed has already left the page.
 */
let lastToasterPress: Event | null = null;

export const toasterPresses = {
  mark(event: Event): void {
    lastToasterPress = event;
  },
  /** Whether `event` (a pointer or focus event) was on the toasts. */
  includes(event: Event): boolean {
    return (
      event === lastToasterPress ||
      event
        .composedPath()
        .some((node) => node instanceof Element && node.classList.contains('toaster'))
    );
  },
};
