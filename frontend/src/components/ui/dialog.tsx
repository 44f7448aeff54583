import { Suspense, useState } from 'react';
import { lazyComponent } from '@/lib/lazy-route';
import type { DialogProps } from './dialog-props';

const RadixDialogView = lazyComponent(() => import('./radix-dialog'));

function focusedElement(): HTMLElement | null {
  const focused = typeof document === 'undefined' ? null : document.activeElement;
  return focused instanceof HTMLElement && focused !== document.body ? focused : null;
}

/**
 * A modal dialog. Its code (Radix) loads when it first opens, so pages that only might show a
 * dialog do not pay for it up front; from then on it stays mounted like any Radix dialog.
 */
export function Dialog(props: DialogProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  // What had the focus as the dialog was asked to open, noted before anything inside it (a field
  // with autoFocus) can take the focus: the focus goes back there when it closes.
  const [opening, setOpening] = useState(() => ({
    open: props.open,
    opener: props.open ? focusedElement() : null,
  }));
  if (props.open !== opening.open)
    setOpening({ open: props.open, opener: props.open ? focusedElement() : opening.opener });
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <RadixDialogView {...props} opener={opening.opener} />
    </Suspense>
  );
}
