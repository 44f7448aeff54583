import { useRef, useState } from 'react';
import { AccountSelectField } from '@/components/accounts/account-select-field';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Alert } from '@/components/ui/feedback';
import { newIdempotencyKey } from '@/components/ui/server-errors';
import type { Account } from '@/lib/accounts';
import { errorMessage } from '@/lib/error-mapping';
import { focusAfterRowRemoved } from '@/lib/focus-when-gone';
import { formatMoney } from '@/lib/format';
import { toast } from '@/lib/toast-store';
import { useDeclineRequest, usePayRequest } from '../api/answer-request';
import type { IncomingRequest } from '../api/get-zelle-requests';
import { defaultAccountId } from './zelle-form';

/** Requests other people sent me: Pay (with confirmation and a key per attempt) or Decline. */
export function IncomingRequests({
  requests,
  accounts,
}: {
  requests: IncomingRequest[];
  accounts: Account[];
}) {
  const pay = usePayRequest();
  const decline = useDeclineRequest();
  const [paying, setPaying] = useState<{ request: IncomingRequest; key: string } | null>(null);
  const [accountId, setAccountId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const payOpener = useRef<HTMLButtonElement | null>(null);
  const pending = requests.filter((r) => r.status === 'pending');
  if (!pending.length) return null;

  // A request paid or declined leaves the list with its buttons: the focus moves to the next
  // request (else the one before; the last one takes this card away: the Zelle tab shown).
  const refocusFrom = (button: HTMLElement | null) =>
    focusAfterRowRemoved(
      button,
      document.querySelector('.zelle-main [role="tab"][aria-selected="true"]'),
    );

  const confirmPay = () => {
    if (!paying) return;
    if (!accountId) {
      setError('Please select an account');
      return;
    }
    setError(null);
    const refocus = refocusFrom(payOpener.current);
    pay.mutate(
      { id: paying.request.id, accountId, idempotencyKey: paying.key },
      {
        onSuccess: ({ message }) => {
          refocus();
          toast.success(message || 'Request paid');
          setPaying(null);
        },
        onError: (e) => setError(errorMessage(e, 'Failed to pay request')),
      },
    );
  };

  return (
    <section className="card card--padded" aria-labelledby="incoming-requests-title">
      <h2 className="card__title" id="incoming-requests-title">
        Requests for You
      </h2>
      <ul className="zelle-requests">
        {pending.map((r) => (
          <li key={r.id} className="zelle-request">
            <div>
              <p className="zelle-request__who">
                <strong>{r.requester_name}</strong> requested{' '}
                <strong className="tabular">{formatMoney(r.amount)}</strong>
              </p>
              {r.memo ? <p className="muted">{r.memo}</p> : null}
              <p className="muted">{r.formatted_date}</p>
            </div>
            <div className="zelle-request__actions">
              <Button
                size="sm"
                aria-label={`Pay ${formatMoney(r.amount)} to ${r.requester_name}`}
                onClick={(event) => {
                  payOpener.current = event.currentTarget;
                  setError(null);
                  setAccountId(defaultAccountId(accounts));
                  setPaying({ request: r, key: newIdempotencyKey() });
                }}
              >
                Pay
              </Button>
              <Button
                size="sm"
                variant="secondary"
                aria-label={`Decline request from ${r.requester_name}`}
                // Busy, not disabled, while it runs: a disabled button drops the focus.
                loading={decline.isPending && decline.variables.id === r.id}
                disabled={decline.isPending && decline.variables.id !== r.id}
                onClick={(event) => {
                  const refocus = refocusFrom(event.currentTarget);
                  decline.mutate(
                    { id: r.id, idempotencyKey: newIdempotencyKey() },
                    {
                      onSuccess: ({ message }) => {
                        refocus();
                        toast.info(message || 'Request declined');
                      },
                      onError: (e) => toast.error(errorMessage(e, 'Failed to decline request')),
                    },
                  );
                }}
              >
                Decline
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <Dialog
        open={paying !== null}
        onOpenChange={(open) => {
          if (!open && !pay.isPending) setPaying(null);
        }}
        title="Pay request"
        description={
          paying
            ? `Pay ${formatMoney(paying.request.amount)} to ${paying.request.requester_name}?`
            : undefined
        }
      >
        <AccountSelectField
          label="Pay from"
          accounts={accounts}
          chosen={accountId}
          value={accountId}
          onChange={(e) => setAccountId(e.target.value)}
        />
        {error ? <Alert tone="danger">{error}</Alert> : null}
        <div className="dialog__actions">
          <Button variant="secondary" onClick={() => setPaying(null)} disabled={pay.isPending}>
            Cancel
          </Button>
          <Button onClick={confirmPay} loading={pay.isPending}>
            {pay.isPending ? 'Processing...' : 'Confirm Payment'}
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
