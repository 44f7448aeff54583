import { QrCode, ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { VerifyContactsNotice } from '@/components/security/verify-contacts-notice';
import { Card, CardHeader } from '@/components/ui/card';
import { Alert, PageSpinner, LoadFailed } from '@/components/ui/feedback';
import { PageHeader, useDocumentTitle } from '@/components/ui/page';
import { TabPanel, Tabs } from '@/components/ui/tabs';
import { useTabParam } from '@/lib/use-tab-param';
import { useUser } from '@/lib/auth';
import { formatLimit, formatMoney } from '@/lib/format';
import { refetchFailed } from '@/lib/refetch-failed';
import { useAccounts } from '@/lib/accounts-query';
import { useZelleLimits } from '../api/get-zelle-limits';
import { useZelleRecipients, type ZelleRecipient } from '../api/get-zelle-recipients';
import { useZelleRequests } from '../api/get-zelle-requests';
import { useZelleTransactions } from '../api/get-zelle-transactions';
import { ActivityList } from '../components/activity-list';
import { ClaimCard } from '../components/claim-card';
import { IncomingRequests } from '../components/incoming-requests';
import { QrDialog, qrPayload } from '../components/qr-dialog';
import { RecentRecipients } from '../components/recent-recipients';
import { SplitForm } from '../components/split-form';
import { ZelleForm, type Prefill } from '../components/zelle-form';
import './zelle.css';

const TAB_VALUES = ['send', 'request', 'split', 'activity'] as const;
type Tab = (typeof TAB_VALUES)[number];

const TABS: { value: Tab; label: string }[] = [
  { value: 'send', label: 'Send' },
  { value: 'request', label: 'Request' },
  { value: 'split', label: 'Split' },
  { value: 'activity', label: 'Activity' },
];

/** Person-to-person payments. */
export default function ZelleRoute() {
  useDocumentTitle('Zelle');
  const user = useUser();
  const accounts = useAccounts();
  const recipients = useZelleRecipients();
  const transactions = useZelleTransactions();
  const limits = useZelleLimits();
  const requests = useZelleRequests();
  const [tab, setTab] = useTabParam(TAB_VALUES);
  const [prefill, setPrefill] = useState<Prefill | null>(null);
  const [qrOpen, setQrOpen] = useState(false);
  const [searchParams] = useSearchParams();
  // ?pay= comes from a QR code, ?recipient=&name= from a contact chosen in the top bar search.
  const payTo = (searchParams.get('pay') ?? searchParams.get('recipient') ?? '').trim();
  const payName = searchParams.get('name')?.trim() ?? '';
  const ownCode = payTo !== '' && payTo.toLowerCase() === user.email.toLowerCase();

  // A scanned QR code opens /zelle?pay=<email or phone>: start a send to that person, with
  // the name filled in when they are a recent recipient.
  useEffect(() => {
    if (!payTo || ownCode || recipients.isPending) return;
    const isEmail = payTo.includes('@');
    const known = (recipients.data ?? []).find((r) =>
      isEmail ? r.email?.toLowerCase() === payTo.toLowerCase() : r.phone === payTo,
    );
    setPrefill({
      name: known?.name ?? payName,
      contact: payTo,
      contactType: isEmail ? 'email' : 'phone',
      seq: Date.now(),
    });
    setTab('send');
  }, [payTo, payName, ownCode, recipients.isPending, recipients.data, setTab]);

  // "Verify now" elsewhere links to the claim card, which the page shows once loaded.
  const { hash } = useLocation();
  useEffect(() => {
    if (!accounts.isPending && hash === '#zelle-claim') {
      document.getElementById('zelle-claim')?.scrollIntoView();
    }
  }, [accounts.isPending, hash]);

  if (accounts.isPending) return <PageSpinner label="Loading Zelle" />;
  const accountList = accounts.data ?? [];
  const loadFailed =
    accounts.isError || recipients.isError || transactions.isError || limits.isError;

  const pick = (r: ZelleRecipient) => {
    const contactType = r.email ? 'email' : 'phone';
    setPrefill({
      name: r.name,
      contact: (r.email ?? r.phone ?? '') as string,
      contactType,
      seq: Date.now(),
    });
    setTab('send');
  };

  const daily = limits.data?.daily;

  return (
    <>
      <PageHeader
        title="Zelle"
        description="Send, request and split money with people you know."
        backTo="/dashboard"
      />
      {loadFailed ? (
        <LoadFailed
          onRetry={() => void refetchFailed([accounts, recipients, transactions, limits])}
        >
          Failed to load Zelle data
        </LoadFailed>
      ) : null}
      <VerifyContactsNotice
        action={
          <a className="btn btn--secondary btn--sm" href="#zelle-claim">
            Verify now
          </a>
        }
      />
      {payTo && ownCode ? (
        <Alert tone="info">This QR code is your own: share it so others can pay you.</Alert>
      ) : payTo ? (
        <Alert tone="info" title={searchParams.has('pay') ? 'Paying from a QR code' : 'Send money'}>
          <p>
            The send form is filled in for {payTo}. Check the name and enter the amount before you
            send.
          </p>
        </Alert>
      ) : null}
      <div className="zelle-layout">
        <div className="zelle-main">
          <IncomingRequests requests={requests.data ?? []} accounts={accountList} />
          <Card>
            <Tabs value={tab} onValueChange={setTab} items={TABS} label="Zelle">
              <TabPanel value="send">
                <ZelleForm
                  mode="send"
                  accounts={accountList}
                  prefill={prefill}
                  limits={limits.data}
                />
              </TabPanel>
              <TabPanel value="request">
                <ZelleForm mode="request" accounts={accountList} />
              </TabPanel>
              <TabPanel value="split">
                <SplitForm accounts={accountList} />
              </TabPanel>
              <TabPanel value="activity">
                {/* A list that failed to load is not "No Zelle activity yet". */}
                {transactions.isError ? null : (
                  <ActivityList items={transactions.data} loading={transactions.isPending} />
                )}
              </TabPanel>
            </Tabs>
          </Card>
        </div>
        <aside className="zelle-side" aria-label="Zelle sidebar">
          <Card aria-labelledby="zelle-recent-title">
            <CardHeader title="Recent Recipients" id="zelle-recent-title" level={2} />
            {recipients.isError ? null : (
              <RecentRecipients recipients={recipients.data ?? []} onPick={pick} />
            )}
          </Card>
          <Card aria-labelledby="zelle-limits-title">
            <CardHeader
              title="Security and Limits"
              id="zelle-limits-title"
              action={<ShieldCheck size={20} aria-hidden="true" />}
            />
            <ul className="zelle-limits">
              <li>
                Daily send limit: <strong>$2,500</strong>
              </li>
              <li>
                Monthly send limit: <strong>$20,000</strong>
              </li>
              <li>
                Daily receive limit: <strong>$5,000</strong>
              </li>
            </ul>
            {daily ? (
              <p className="muted">
                Sent today: {formatMoney(daily.used)} of {formatLimit(daily.limit)}
              </p>
            ) : null}
            <p className="muted">Only send money to people you know and trust.</p>
          </Card>
          <ClaimCard />
          <Card aria-labelledby="zelle-actions-title">
            <CardHeader title="Quick Actions" id="zelle-actions-title" />
            <Button
              variant="secondary"
              block
              icon={<QrCode size={18} aria-hidden="true" />}
              onClick={() => setQrOpen(true)}
            >
              Show My QR Code
            </Button>
          </Card>
        </aside>
      </div>
      <QrDialog
        open={qrOpen}
        onOpenChange={setQrOpen}
        text={qrPayload(
          user as { email?: string | null; zelle_qr_data?: string | null },
          window.location.origin,
        )}
      />
    </>
  );
}
