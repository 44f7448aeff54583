import { takesDirectDeposit } from '@bank/contracts';
import { Clock, Copy, Download, Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { AccountSelectField } from '@/components/accounts/account-select-field';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { PageSpinner } from '@/components/ui/feedback';
import { PageHeader, useDocumentTitle } from '@/components/ui/page';
import { accountById } from '@/lib/accounts';
import { useAccounts } from '@/lib/accounts-query';
import { copyWithToast } from '@/lib/copy-text';
import { downloadFromApi } from '@/lib/download';
import { groupDigits, maskAccountNumber } from '@/lib/format';
import { toast } from '@/lib/toast-store';
import './deposit.css';

// Depositing a check from a phone is not offered yet; what a customer can do today to get money
// in is here: direct deposit (with a filled-in form for the employer), a wire, and Zelle.

export default function DepositRoute() {
  useDocumentTitle('Mobile Check Deposit');
  const accounts = useAccounts();
  const [chosen, setChosen] = useState('');
  const [revealed, setRevealed] = useState(false);
  const [downloading, setDownloading] = useState(false);

  if (accounts.isPending) return <PageSpinner label="Loading your accounts" />;
  // Only the accounts a payroll form can name.
  const list = (accounts.data ?? []).filter(takesDirectDeposit);
  const account = accountById(list, chosen) ?? list[0];
  const number = account ? account.account_number : '';

  const downloadForm = async () => {
    if (!account || downloading) return;
    setDownloading(true);
    try {
      await downloadFromApi(
        `/accounts/${encodeURIComponent(account.id)}/direct-deposit-form`,
        `direct-deposit-${number.slice(-4)}.pdf`,
      );
    } catch {
      toast.error('The form could not be downloaded. Please try again.');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <>
      <PageHeader title="Mobile Check Deposit" backTo="/dashboard" />
      <div className="deposit stack">
        <Card aria-labelledby="deposit-check-title" className="deposit__soon">
          <Clock size={32} aria-hidden="true" />
          <div>
            <h2 className="section-title" id="deposit-check-title">
              Coming Soon
            </h2>
            <p>
              Depositing a check from your phone is on its way. Until then, deposit checks at any of
              our branches, or have money sent to your account as below.
            </p>
          </div>
        </Card>

        {account ? (
          <Card aria-labelledby="deposit-direct-title">
            <CardHeader title="Set up direct deposit" id="deposit-direct-title" />
            <p>
              Have your pay or benefits paid straight into your account: give your employer these
              details, or the filled-in form.
            </p>
            <div className="form">
              <AccountSelectField
                label="Account"
                accounts={list}
                chosen={String(account.id)}
                value={String(account.id)}
                onChange={(e) => {
                  setChosen(e.target.value);
                  setRevealed(false);
                }}
              />
            </div>
            <dl className="deposit__details">
              <div>
                <dt>Bank</dt>
                <dd>Harborview Community Bank</dd>
              </div>
              <div>
                <dt>Routing number</dt>
                <dd>
                  <span className="mono">{account.routing_number}</span>
                  <Button
                    size="sm"
                    variant="secondary"
                    icon={<Copy size={16} aria-hidden="true" />}
                    onClick={() => void copyWithToast(account.routing_number, 'Routing number')}
                  >
                    Copy routing number
                  </Button>
                </dd>
              </div>
              <div>
                <dt>Account number</dt>
                <dd>
                  <span className="mono" aria-live="polite">
                    {revealed ? groupDigits(number) : maskAccountNumber(number)}
                  </span>
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-pressed={revealed}
                    icon={
                      revealed ? (
                        <EyeOff size={16} aria-hidden="true" />
                      ) : (
                        <Eye size={16} aria-hidden="true" />
                      )
                    }
                    onClick={() => setRevealed((r) => !r)}
                  >
                    {revealed ? 'Hide number' : 'Reveal number'}
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    icon={<Copy size={16} aria-hidden="true" />}
                    onClick={() => void copyWithToast(number, 'Account number')}
                  >
                    Copy account number
                  </Button>
                </dd>
              </div>
              <div>
                <dt>Account type</dt>
                <dd>{account.type === 'savings' ? 'Savings' : 'Checking'}</dd>
              </div>
            </dl>
            <Button
              className="deposit__download"
              icon={<Download size={16} aria-hidden="true" />}
              onClick={() => void downloadForm()}
              aria-busy={downloading || undefined}
            >
              {downloading ? 'Preparing the form...' : 'Download direct deposit form (PDF)'}
            </Button>
          </Card>
        ) : null}

        <Card aria-labelledby="deposit-other-title">
          <CardHeader title="Other ways to add money" id="deposit-other-title" />
          <ul className="deposit__ways">
            <li>
              <strong>A wire from another bank.</strong> Give the sender the routing and account
              numbers above; a domestic wire arrives the same business day.
            </li>
            <li>
              <strong>Zelle®.</strong> <Link to="/zelle?tab=request">Ask someone to pay you</Link>{' '}
              by your email address or phone number.
            </li>
            <li>
              <strong>Between your accounts.</strong>{' '}
              <Link to="/transfer?type=between-accounts&step=2">Move money</Link> from another of
              your accounts, instantly.
            </li>
          </ul>
        </Card>
      </div>
    </>
  );
}
