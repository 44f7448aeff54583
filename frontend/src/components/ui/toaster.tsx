import { AlertCircle, AlertTriangle, CheckCircle2, Info, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toasterPresses, toast as toastStore, useToasts } from '@/lib/toast-store';
import type { Toast } from '@/lib/toast-queue';

const ICONS = { success: CheckCircle2, error: AlertCircle, warning: AlertTriangle, info: Info };

function ToastItem({ item }: { item: Toast }) {
  const [paused, setPaused] = useState(false);
  const remaining = useRef(item.duration);
  const startedAt = useRef(Date.now());

  // Counts down the toast's duration; hovering or focusing it pauses the clock (WCAG 2.2.1).
  useEffect(() => {
    if (paused) return;
    startedAt.current = Date.now();
    const timer = setTimeout(() => toastStore.dismiss(item.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - startedAt.current;
    };
  }, [paused, item.id]);

  const Icon = ICONS[item.type];
  return (
    <div
      className={`toast toast--${item.type}`}
      role={item.type === 'error' ? 'alert' : 'status'}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <Icon className="toast__icon" size={20} aria-hidden="true" />
      <div className="toast__body">
        {item.title ? <p className="toast__title">{item.title}</p> : null}
        <p className="toast__message">{item.message}</p>
      </div>
      <button
        type="button"
        className="icon-btn toast__close"
        aria-label="Dismiss notification"
        onClick={() => toastStore.dismiss(item.id)}
      >
        <X size={16} aria-hidden="true" />
      </button>
    </div>
  );
}

/**
 * Toasts at the top right (at the foot of the screen on phones and tablets), newest first; "Clear
 * all" when several are showing.
 */
export function Toaster() {
  const toasts = useToasts();
  return (
    <section
      className="toaster"
      aria-label="Messages"
      aria-live="polite"
      onPointerDownCapture={(event) => toasterPresses.mark(event.nativeEvent)}
    >
      {toasts.length > 1 ? (
        <button type="button" className="toaster__clear" onClick={() => toastStore.clear()}>
          Clear all
        </button>
      ) : null}
      {/* Each toast is its own live region (status or alert), so the container is not a list. */}
      <div className="toaster__list">
        {[...toasts].reverse().map((t) => (
          <ToastItem key={t.id} item={t} />
        ))}
      </div>
    </section>
  );
}
