import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import type { RefObject } from 'react';
import { SidebarContent } from './sidebar';

type Props = {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The menu button, focused again when the drawer closes. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
};

/** The signed-in navigation drawer of small screens (loaded when its button is first used). */
export default function ShellDrawer({ open, onOpenChange, returnFocusTo }: Props) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="drawer__overlay" />
        <RadixDialog.Content
          className="drawer drawer--left sidebar sidebar--drawer"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
          <RadixDialog.Title className="sr-only">Navigation</RadixDialog.Title>
          <RadixDialog.Close className="icon-btn sidebar__close" aria-label="Close navigation">
            <X size={22} aria-hidden="true" />
          </RadixDialog.Close>
          <SidebarContent onNavigate={() => onOpenChange(false)} />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
