import { Suspense, useState } from 'react';
import { lazyComponent } from '@/lib/lazy-route';
import type { DialogProps } from './dialog-props';

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
