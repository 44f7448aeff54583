import { AlertCircle, AlertTriangle, CheckCircle2, Info, X } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { toasterPresses, toast as toastStore, useToasts } from '@/lib/toast-store';
import type { Toast } from '@/lib/toast-queue';

const ICONS = { success: CheckCircle2, error: AlertCircle, warning: AlertTriangle, info: Info };

/** Toasts shown at once; a newer one dismisses the oldest beyond these. */
export const MAX_VISIBLE_TOASTS = 3;

/** Space kept between the toasts and the element with focus, in pixels. */
const FOCUS_GAP = 8;

type Dismiss = (id: string, byKeyboard: boolean) => void;

function ToastItem({ item, onDismiss }: { item: Toast; onDismiss: Dismiss }) {
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
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        // Escape on a toast closes that toast only, not a dialog open beneath it.
        event.stopPropagation();
        onDismiss(item.id, true);
      }}
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
        // detail 0: pressed with Enter or Space rather than clicked.
        onClick={(event) => onDismiss(item.id, event.detail === 0)}
      >
        <X size={16} aria-hidden="true" />
      </button>
    </div>
  );
}

function overlaps(a: DOMRect, b: DOMRect) {
  return a.top < b.bottom && a.bottom > b.top && a.left < b.right && a.right > b.left;
}

/**
 * While toasts show, the page keeps what has focus clear of them: the screen's foot under the
 * toasts counts as scroll padding (so Tab, and a field the customer taps, scroll up above them),
 * the page can scroll that far (--toaster-cover pads the foot of the page), and an element a new
 * toast lands on is scrolled clear.
 */
function useKeepFocusClear(area: RefObject<HTMLElement | null>, showing: boolean) {
  useLayoutEffect(() => {
    const root = document.documentElement;
    const section = area.current;
    if (!showing || !section) return;

    const clearFocus = () => {
      const focused = document.activeElement;
      if (!(focused instanceof HTMLElement) || focused === document.body) return;
      if (section.contains(focused)) return;
      if (overlaps(section.getBoundingClientRect(), focused.getBoundingClientRect())) {
        focused.scrollIntoView({ block: 'nearest' });
      }
    };
    const measure = () => {
      const band = section.getBoundingClientRect();
      const cover = band.height ? Math.max(0, Math.ceil(window.innerHeight - band.top)) : 0;
      if (root.style.getPropertyValue('--toaster-cover') !== `${cover}px`) {
        root.style.setProperty('--toaster-cover', `${cover}px`);
        root.style.scrollPaddingBottom = `${cover + FOCUS_GAP}px`;
      }
      clearFocus();
    };

    measure();
    // The band changes with its toasts, and moves when a page with a bottom bar (the accounts tab
    // bar) comes or goes: the page's body changes size then.
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    resized?.observe(section);
    resized?.observe(document.body);
    window.addEventListener('resize', measure);
    // After the browser's own scrolling for the focus change. Cancelled with the rest: a frame
    // that ran after the toasts went would set the padding again with nothing showing.
    let frame = 0;
    const onFocusIn = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    };
    document.addEventListener('focusin', onFocusIn);
    return () => {
      cancelAnimationFrame(frame);
      resized?.disconnect();
      window.removeEventListener('resize', measure);
      document.removeEventListener('focusin', onFocusIn);
      root.style.removeProperty('--toaster-cover');
      root.style.removeProperty('scroll-padding-bottom');
    };
  }, [area, showing]);
}

/**
 * Toasts at the foot of the screen, newest first: at the bottom right beside the sidebar, across
 * the screen on phones and tablets (above a bottom bar). At most three show; "Clear all" when
 * several are showing. Escape on a toast dismisses it.
 */
export function Toaster() {
  const toasts = useToasts();
  const area = useRef<HTMLElement>(null);
  // Where focus was before it moved onto the toasts, to return there when they go.
  const returnTo = useRef<HTMLElement | null>(null);
  const visible = toasts.slice(-MAX_VISIBLE_TOASTS);

  useEffect(() => {
    toasts.slice(0, -MAX_VISIBLE_TOASTS).forEach((t) => toastStore.dismiss(t.id));
  }, [toasts]);
  useKeepFocusClear(area, visible.length > 0);

  // Focus on a toast that goes would fall to the page's start: it returns to where it came from
  // when the customer used the keyboard (a tap leaves it, not to open a phone's keyboard).
  const thenRefocus = (remove: () => void, byKeyboard: boolean) => {
    const hadFocus = area.current?.contains(document.activeElement) ?? false;
    remove();
    const target = returnTo.current;
    if (hadFocus && byKeyboard && target?.isConnected) target.focus();
  };
  const dismiss: Dismiss = (id, byKeyboard) =>
    thenRefocus(() => toastStore.dismiss(id), byKeyboard);

  return (
    <section
      ref={area}
      className="toaster"
      aria-label="Messages"
      aria-live="polite"
      onPointerDownCapture={(event) => toasterPresses.mark(event.nativeEvent)}
      onFocus={(event) => {
        const from = event.relatedTarget;
        if (from instanceof HTMLElement && !event.currentTarget.contains(from)) {
          returnTo.current = from;
        }
      }}
    >
      {visible.length > 1 ? (
        <button
          type="button"
          className="toaster__clear"
          onClick={(event) => thenRefocus(() => toastStore.clear(), event.detail === 0)}
        >
          Clear all
        </button>
      ) : null}
      {/* Each toast is its own live region (status or alert), so the container is not a list. */}
      <div className="toaster__list">
        {[...visible].reverse().map((t) => (
          <ToastItem key={t.id} item={t} onDismiss={dismiss} />
        ))}
      </div>
    </section>
  );
}
