import {
  BellRing,
  Check,
  CreditCard,
  Headset,
  Shield,
  Trash2,
  Wallet,
  ArrowLeftRight,
  Bitcoin,
  Info,
} from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useNotifications } from '../api/get-notifications';
import { useNotificationSummary } from '../api/get-notification-summary';
import { useDeleteNotification } from '../api/delete-notification';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { notificationNames } from '../lib/item-names';
import { notificationLink } from '../lib/links';
import { TYPE_FILTERS, type BankNotification, type ReadFilter } from '../types';
import { toast } from '@/lib/toast-store';
import './notifications.css';

// "(555) 019-1952" broken at its space or hyphen on a phone's screen reads as two numbers.
const PHONE_NUMBER = /(\(\d{3}\) \d{3}-\d{4})/;

function withWholePhoneNumbers(message: string): ReactNode {
  return message.split(PHONE_NUMBER).map((part, i) =>
    i % 2 ? (
      <span key={i} className="notif__phone">
        {part}
      </span>
    ) : (
      part
    ),
  );
}

const READ_FILTERS: { value: ReadFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'unread', label: 'Unread' },
  { value: 'read', label: 'Read' },
];

function TypeIcon({ type }: { type: string }) {
  const props = { size: 18, 'aria-hidden': true } as const;
  switch (type) {
    case 'security':
      return <Shield {...props} />;
    case 'card':
      return <CreditCard {...props} />;
    case 'transaction':
    case 'bill_payment':
      return <Wallet {...props} />;
    case 'transfer':
    case 'zelle':
      return <ArrowLeftRight {...props} />;
    case 'crypto':
      return <Bitcoin {...props} />;
    case 'support':
      return <Headset {...props} />;
    case 'alert':
      return <BellRing {...props} />;
    default:
      return <Info {...props} />;
  }
}

/** True when the focus is inside `element` or was dropped to the page (its button went away). */
function focusWasIn(element: HTMLElement | null) {
  const focused = document.activeElement;
  return !focused || focused === document.body || Boolean(element?.contains(focused));
}

function NotificationItem({
  item,
  name,
  leavesWhenRead,
  onNavigate,
}: {
  item: BankNotification;
  /** What tells it apart from the others listed, in its buttons' names. */
  name: string;
  /** Shown under the Unread filter: read, the item leaves the list when it reloads. */
  leavesWhenRead: boolean;
  onNavigate?: () => void;
}) {
  const link = notificationLink(item.type);
  const markRead = useMarkNotificationRead();
  const remove = useDeleteNotification();
  const row = useRef<HTMLLIElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  // Mark as read and Delete take their own button away: the focus goes on to the item's Delete,
  // or, when the item leaves the list (deleted, or read under the Unread filter), to the next
  // item (else the one before, else the list) instead of the top of the page.
  const whereNext = () => {
    const li = row.current;
    const neighbour = (li?.nextElementSibling ?? li?.previousElementSibling) as HTMLElement | null;
    const list = li?.closest<HTMLElement>('.notif-panel__list') ?? null;
    return (leaves: boolean) => {
      if (!focusWasIn(li)) return;
      if (!leaves && li?.isConnected) deleteButton.current?.focus();
      else (neighbour?.querySelector<HTMLElement>('button') ?? list)?.focus();
    };
  };
  // mutateAsync: an item that leaves the list is unmounted before mutate's own callbacks would
  // run. A failure is said by the hook's toast.
  const markAsRead = () => {
    const refocus = whereNext();
    markRead.mutateAsync(item).then(
      () => refocus(leavesWhenRead),
      () => undefined,
    );
  };
  const deleteIt = () => {
    const refocus = whereNext();
    remove.mutateAsync(item).then(
      () => refocus(true),
      () => undefined,
    );
  };
  return (
    <li
      ref={row}
      className={`notif${item.is_read ? '' : ' notif--unread'} notif--${item.priority}`}
    >
      <span className="notif__icon">
        <TypeIcon type={item.type} />
      </span>
      <div className="notif__body">
        <p className="notif__title">
          {item.is_read ? null : <span className="sr-only">Unread: </span>}
          {item.title}
          {item.priority === 'high' ? <span className="notif__priority">High priority</span> : null}
        </p>
        <p className="notif__message">{withWholePhoneNumbers(item.message)}</p>
        {link ? (
          <Link
            to={link.to}
            className="notif__link"
            // The visible words first, then which notice: the list holds many alike.
            aria-label={`${link.label}: ${name}`}
            onClick={onNavigate}
          >
            {link.label}
          </Link>
        ) : null}
        <p className="notif__time">{item.time_ago}</p>
      </div>
      <div className="notif__actions">
        {item.is_read ? null : (
          <button
            type="button"
            className="icon-btn"
            aria-label={`Mark ${name} as read`}
            title="Mark as read"
            // Not disabled while it runs: a disabled button drops the focus.
            aria-disabled={markRead.isPending || undefined}
            onClick={() => (markRead.isPending ? undefined : markAsRead())}
          >
            <Check size={16} aria-hidden="true" />
          </button>
        )}
        <button
          ref={deleteButton}
          type="button"
          className="icon-btn"
          aria-label={`Delete ${name}`}
          title="Delete"
          aria-disabled={remove.isPending || undefined}
          onClick={() => (remove.isPending ? undefined : deleteIt())}
        >
          <Trash2 size={16} aria-hidden="true" />
        </button>
      </div>
    </li>
  );
}

/**
 * The customer's notifications with their counts, read and type filters, mark-read, delete and
 * mark-all-read: in the bell's panel (a scrolling list under its own heading, and a footer), and
 * as the whole /notifications page (under the page's heading, the list at full length).
 */
export function NotificationCenter({
  variant,
  footer,
  onNavigate,
}: {
  variant: 'panel' | 'page';
  footer?: ReactNode;
  /** Called when a notice's link is followed (the panel closes). */
  onNavigate?: () => void;
}) {
  const [read, setRead] = useState<ReadFilter>('all');
  const [type, setType] = useState('');
  const list = useNotifications({ read, type });
  const summary = useNotificationSummary();
  const markAll = useMarkAllNotificationsRead();
  // isPending shows only after the mutation's state reaches React, later than a double click's
  // second click: this says at once that a request is on its way.
  const marking = useRef(false);

  useEffect(() => {
    if (list.isError) toast.error('Failed to load notifications');
  }, [list.isError]);

  const unread = summary.data?.unread_count ?? 0;
  const total = summary.data?.total_count ?? 0;
  const items = list.data ?? [];
  const names = notificationNames(items);

  return (
    <div className={`notif-panel notif-panel--${variant}`}>
      <div className="notif-panel__head">
        <div>
          {variant === 'panel' ? <h2 className="notif-panel__title">Notifications</h2> : null}
          <p className="notif-panel__counts" aria-live="polite">
            {total} total · {unread} unread
          </p>
        </div>
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          // Not disabled while it runs, nor once all are read: a disabled button drops the focus.
          aria-disabled={markAll.isPending || unread === 0 || undefined}
          onClick={() => {
            if (marking.current || unread === 0) return;
            marking.current = true;
            markAll.mutate(type || undefined, { onSettled: () => (marking.current = false) });
          }}
        >
          Mark all read
        </button>
      </div>
      <div className="notif-panel__filters">
        <div className="segmented" role="group" aria-label="Read status">
          {READ_FILTERS.map((f) => (
            <button
              key={f.value}
              type="button"
              aria-pressed={read === f.value}
              onClick={() => setRead(f.value)}
            >
              {f.label}
            </button>
          ))}
        </div>
        <label className="sr-only" htmlFor="notif-type">
          Notification type
        </label>
        <select
          id="notif-type"
          className="input select notif-panel__type"
          value={type}
          onChange={(e) => setType(e.target.value)}
        >
          {TYPE_FILTERS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </select>
      </div>
      <div className="notif-panel__list" tabIndex={-1}>
        {list.isPending ? (
          <p className="empty-state" role="status">
            Loading notifications...
          </p>
        ) : list.isError ? (
          <p className="empty-state" role="alert">
            Failed to load notifications
          </p>
        ) : items.length === 0 ? (
          <p className="empty-state">No notifications found</p>
        ) : (
          <ul role="list" aria-label="Notifications list">
            {items.map((item) => (
              <NotificationItem
                key={item.id}
                item={item}
                name={names.get(item.id)!}
                leavesWhenRead={read === 'unread'}
                onNavigate={onNavigate}
              />
            ))}
          </ul>
        )}
      </div>
      {footer ? <div className="notif-panel__foot">{footer}</div> : null}
    </div>
  );
}
