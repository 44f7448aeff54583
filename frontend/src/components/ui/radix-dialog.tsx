import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import { useRef } from 'react';
import { toasterPresses } from '@/lib/toast-store';
import type { DialogProps } from './dialog-props';

// Radix's dialog (focus trap, scroll lock, inert page): loaded when a dialog first opens.

/**
 * A press outside this soon after one inside is the second click of a double click whose first
 * changed the dialog (a form's next step is often smaller): it must not close the dialog and
 * lose what was typed.
 */
const DOUBLE_CLICK_MS = 500;

/** What Radix gives the focus to first when a dialog opens: its first control. */
const FIRST_CONTROL =
  'input:not([type="hidden"]):not([disabled]), select:not([disabled]), ' +
  'textarea:not([disabled]), button:not([disabled]), [href], [tabindex]:not([tabindex="-1"])';

/** Whether `element` shows within the dialog's scrolling box and the window. */
function inSight(element: HTMLElement, box: HTMLElement): boolean {
  const bottom = element.getBoundingClientRect().bottom;
  return bottom <= box.getBoundingClientRect().bottom && bottom <= window.innerHeight;
}

export default function RadixDialogView({
  open,
  onOpenChange,
  title,
  description,
  children,
  hideClose,
  role = 'dialog',
  stacked = false,
  opener: openedFrom = null,
}: DialogProps & {
  /** What had the focus when the dialog was asked to open (noted by the lazy shell). */
  opener?: HTMLElement | null;
}) {
  const lastPressInside = useRef(-Infinity);
  // The dialogs open from state, not from a Dialog.Trigger, so Radix has no trigger to give the
  // focus back to on close: the element that had it when the dialog opened gets it back.
  const opener = useRef<HTMLElement | null>(null);
  const content = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay
          className={stacked ? 'dialog__overlay dialog__overlay--stacked' : 'dialog__overlay'}
        />
        <RadixDialog.Content
          className={stacked ? 'dialog dialog--stacked' : 'dialog'}
          role={role}
          // A dialog with no description of its own has none: its title names it, and saying the
          // title twice (once as a description) helps no one.
          {...(description ? {} : { 'aria-describedby': undefined })}
          ref={content}
          onOpenAutoFocus={(event) => {
            opener.current =
              document.activeElement instanceof HTMLElement ? document.activeElement : null;
            // A first control out of sight, below what it asks about (a card's terms on a phone),
            // would scroll nothing into view and have a screen reader skip that text: the
            // dialog's title takes the focus instead, and Tab goes on from there.
            const box = content.current;
            const first = box?.querySelector<HTMLElement>(FIRST_CONTROL);
            if (box && first && !inSight(first, box)) {
              event.preventDefault();
              heading.current?.focus({ preventScroll: true });
            }
          }}
          onCloseAutoFocus={(event) => {
            const focused = document.activeElement;
            // Radix does not ask where to put the focus on opening when a field inside took it
            // itself (autoFocus): what had it then was noted as the dialog was asked to open.
            const back = openedFrom ?? opener.current;
            // Unless the page has moved the focus on purpose since (it was in the dialog).
            if (!back?.isConnected || (focused && focused !== document.body)) return;
            event.preventDefault();
            back.focus();
          }}
          onPointerDownCapture={(event) => {
            lastPressInside.current = event.timeStamp;
          }}
          onPointerDownOutside={(event) => {
            if (event.timeStamp - lastPressInside.current < DOUBLE_CLICK_MS) event.preventDefault();
            // Dismissing a toast (they sit above every dialog) is not leaving the dialog.
            if (toasterPresses.includes(event.detail.originalEvent)) event.preventDefault();
          }}
          onFocusOutside={(event) => {
            if (toasterPresses.includes(event.detail.originalEvent)) event.preventDefault();
          }}
        >
          <RadixDialog.Title className="dialog__title" ref={heading} tabIndex={-1}>
            {title}
          </RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="dialog__description">
              {description}
            </RadixDialog.Description>
          ) : null}
          {children}
          {hideClose ? null : (
            <RadixDialog.Close className="icon-btn dialog__close" aria-label="Close">
              <X size={18} aria-hidden="true" />
            </RadixDialog.Close>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
