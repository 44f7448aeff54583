import { Bell } from 'lucide-react';
import { DeferredPopup } from '@/components/ui/deferred-popup';
import { lazyComponent } from '@/lib/lazy-route';
import { useNotificationSummary } from '../api/get-notification-summary';
import { badgeLabel } from '../lib/counts';
import './notifications.css';

const NotificationPopover = lazyComponent(() => import('./notification-popover'));

/** The top bar's bell with the unread count; the panel's code loads when it is first opened. */
export function NotificationBell() {
  const summary = useNotificationSummary({ afterPaint: true });
  const unread = summary.data?.unread_count ?? 0;
  const label = unread ? `Notifications, ${unread} unread` : 'Notifications';
  const content = (
    <>
      <Bell size={20} aria-hidden="true" />
      {unread > 0 ? (
        <span className="bell__badge" aria-hidden="true">
          {badgeLabel(unread)}
        </span>
      ) : null}
    </>
  );
  return (
    <DeferredPopup
      preload={NotificationPopover.preload}
      haspopup="dialog"
      className="icon-btn bell"
      label={label}
      popup={() => <NotificationPopover label={label}>{content}</NotificationPopover>}
    >
      {content}
    </DeferredPopup>
  );
}
