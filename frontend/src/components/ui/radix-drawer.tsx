import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import type { DrawerProps } from './deferred-popup';

/**
 * A navigation drawer (a modal Radix dialog sliding in from a side). Only for lazily loaded
 * drawers (DeferredDrawer): focus goes back to the menu button when it closes. Its children use
 * RadixDialog.Title and RadixDialog.Close.
 */
export function RadixDrawer({
  open,
  onOpenChange,
  returnFocusTo,
  className,
  children,
}: DrawerProps & { className: string; children: ReactNode }) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="drawer__overlay" />
        <RadixDialog.Content
          className={`drawer ${className}`}
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
