import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import type { DrawerProps } from '@/components/ui/deferred-popup';
import { RadixDrawer } from '@/components/ui/radix-drawer';
import { SidebarContent } from './sidebar';

/** The signed-in navigation drawer of small screens (loaded when its button is first used). */
export default function ShellDrawer({ open, onOpenChange, returnFocusTo }: DrawerProps) {
  return (
    <RadixDrawer
      open={open}
      onOpenChange={onOpenChange}
      returnFocusTo={returnFocusTo}
      className="drawer--left sidebar sidebar--drawer"
    >
      <RadixDialog.Title className="sr-only">Navigation</RadixDialog.Title>
      <RadixDialog.Close className="icon-btn sidebar__close" aria-label="Close navigation">
        <X size={22} aria-hidden="true" />
      </RadixDialog.Close>
      <SidebarContent onNavigate={() => onOpenChange(false)} />
    </RadixDrawer>
  );
}
