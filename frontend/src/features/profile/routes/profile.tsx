import { Card } from '@/components/ui/card';
import { PageHeader, useDocumentTitle } from '@/components/ui/page';
import { TabPanel, Tabs } from '@/components/ui/tabs';
import { useTabParam } from '@/lib/use-tab-param';
import { SignedInSessions } from '@/components/security/signed-in-sessions';
import { TwoFactorSettings } from '@/components/security/two-factor-settings';
import { useUser } from '@/lib/auth';
import { DetailsForm } from '../components/details-form';
import { AlertsForm } from '../components/alerts-form';
import { NotificationsForm } from '../components/notifications-form';
import { PasswordForm } from '../components/password-form';
import { PhotoSection } from '../components/photo-section';
import './profile.css';

const TAB_VALUES = ['profile', 'security', 'notifications'] as const;

/** Profile Settings. */
export default function ProfileRoute() {
  useDocumentTitle('Profile Settings');
  const user = useUser();
  const [tab, setTab] = useTabParam(TAB_VALUES);
  return (
    <>
      <PageHeader title="Profile Settings" backTo="/dashboard" />
      <Tabs
        value={tab}
        onValueChange={setTab}
        label="Profile settings"
        wrapLabels
        items={[
          { value: 'profile', label: 'Profile Information' },
          { value: 'security', label: 'Security Settings' },
          { value: 'notifications', label: 'Notifications' },
        ]}
      >
        <TabPanel value="profile">
          <div className="stack">
            <Card>
              <PhotoSection user={user} />
            </Card>
            <Card>
              <DetailsForm key={String(user.id)} user={user} />
            </Card>
          </div>
        </TabPanel>
        <TabPanel value="security">
          <div className="stack">
            <Card>
              <PasswordForm />
            </Card>
            <Card>
              <TwoFactorSettings />
            </Card>
            <Card>
              <SignedInSessions />
            </Card>
          </div>
        </TabPanel>
        <TabPanel value="notifications">
          <div className="stack">
            <Card>
              <NotificationsForm user={user} />
            </Card>
            <Card>
              <AlertsForm />
            </Card>
          </div>
        </TabPanel>
      </Tabs>
    </>
  );
}
