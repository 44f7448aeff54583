import { Card } from '@/components/ui/card';
import { PageHeader, useDocumentTitle } from '@/components/ui/page';
import { NotificationCenter } from '../components/notification-center';

/** Every notification on a page of its own: where the bell's "View all notifications" leads. */
export default function NotificationsPage() {
  useDocumentTitle('Notifications');
  return (
    <>
      <PageHeader title="Notifications" backTo="/dashboard" />
      <Card>
        <NotificationCenter variant="page" />
      </Card>
    </>
  );
}
