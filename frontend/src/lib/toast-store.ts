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
