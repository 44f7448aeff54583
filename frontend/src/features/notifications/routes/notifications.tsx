import { Card } from '@/components/ui/card';
import { PageHeader, useDocumentTitle } from '@/components/ui/page';
import { NotificationCenter } from '../components/notification-center';

/** Every notification on a page of its own: where the bell's "View all notifications" leads. */
export default function NotificationsPage() {
  useDocumentTitle('Notifications');
  return (
    <>
      <PageHeader title="Notifications" backTo="/dashboard" />
      {/* The list pads its own rows, edge to edge like the bell's panel. */}
      <Card padded={false} className="notif-page">
        <NotificationCenter variant="page" />
      </Card>
    </>
  );
}
