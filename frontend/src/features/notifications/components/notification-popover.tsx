import { Popover } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { NotificationCenter } from './notification-center';

type Props = {
  /** The trigger's accessible name and content (the same as the button shown before loading). */
  label: string;
  children: ReactNode;
};

/** The bell's popover with the notification panel (loaded when the bell is first used, open). */
export default function NotificationPopover({ label, children }: Props) {
  const [open, setOpen] = useState(true);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger className="icon-btn bell" aria-label={label}>
        {children}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          className="popover"
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label="Notifications"
          // A dialog opened from the panel (Confirm it's you, before a security notice is
          // deleted) leaves it open beneath, so the customer comes back to where they were.
          onInteractOutside={(event) => {
            const target = event.target instanceof Element ? event.target : null;
            if (target?.closest('[role="dialog"], [role="alertdialog"]')) event.preventDefault();
          }}
        >
          <NotificationCenter
            variant="panel"
            onNavigate={() => setOpen(false)}
            footer={
              <Link
                to="/notifications"
                className="btn btn--ghost btn--sm btn--block"
                onClick={() => setOpen(false)}
              >
                View all notifications
              </Link>
            }
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
