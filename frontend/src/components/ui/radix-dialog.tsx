import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import type { DialogProps } from './dialog-props';

// Radix's dialog (focus trap, scroll lock, inert page): loaded when a dialog first opens.

export default function RadixDialogView({
  open,
  onOpenChange,
  title,
  description,
  children,
  hideClose,
  role = 'dialog',
  stacked = false,
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay
          className={stacked ? 'dialog__overlay dialog__overlay--stacked' : 'dialog__overlay'}
        />
        <RadixDialog.Content className={stacked ? 'dialog dialog--stacked' : 'dialog'} role={role}>
          <RadixDialog.Title className="dialog__title">{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="dialog__description">
              {description}
            </RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
          )}
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
