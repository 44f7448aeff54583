import { Suspense, useState, type ReactNode } from 'react';
import { lazyComponent } from '@/lib/lazy-route';

export type DialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Hide the close button (e.g. when a choice is required). */
  hideClose?: boolean;
  role?: 'dialog' | 'alertdialog';
};

const RadixDialogView = lazyComponent(() => import('./radix-dialog'));

/**
 * A modal dialog. Its code (Radix) loads when it first opens, so pages that only might show a
 * dialog do not pay for it up front; from then on it stays mounted like any Radix dialog.
 */
export function Dialog(props: DialogProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <RadixDialogView {...props} />
    </Suspense>
  );
}
