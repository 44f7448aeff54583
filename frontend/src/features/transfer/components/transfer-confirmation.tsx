import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatDay, formatMoney } from '@/lib/format';
import type { ScheduledTransfer } from '../api/scheduled-transfers';

export type Confirmation = { message: string; summary: string | null } & (
  | { kind: 'transfer'; reference: string | null }
  | { kind: 'scheduled'; schedule: ScheduledTransfer | null }
);

/**
 * What the bank did, in the customer's terms: "$25.50 sent to Bob Tester from Premium Checking"
 * ("will be sent" for a schedule). `to` is the other account's name or the recipient's.
 */
export function transferSummary(
  done: { amount: number; to: string; from: string | null | undefined },
  scheduled = false,
): string {
  const from = done.from ? ` from ${done.from}` : '';
  return `${formatMoney(done.amount)} ${scheduled ? 'will be sent' : 'sent'} to ${done.to}${from}`;
}

/**
 * What the customer sees once the bank accepted: the reference number (with a link to its
 * receipt) for a transfer made now; the date, frequency and end for one scheduled.
 */
export function TransferConfirmation({
  confirmation,
  onAnother,
  children,
}: {
  confirmation: Confirmation;
  onAnother: () => void;
  /** More the page offers after it (saving the recipient). */
  children?: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const scheduled = confirmation.kind === 'scheduled' ? confirmation.schedule : null;
  const title = confirmation.kind === 'scheduled' ? 'Transfer Scheduled' : 'Transfer Successful';

  return (
    <Card aria-labelledby="transfer-done-title" className="transfer-done">
      <h2 className="section-title" id="transfer-done-title" ref={heading} tabIndex={-1}>
        <CheckCircle2 size={20} aria-hidden="true" className="transfer-done__icon" /> {title}
      </h2>
      {confirmation.summary ? (
        <p className="transfer-done__summary">{confirmation.summary}</p>
      ) : null}
      <p>{confirmation.message}</p>
      <dl className="transfer-summary">
        {confirmation.kind === 'transfer' && confirmation.reference ? (
          <div className="transfer-summary__row">
            <dt>Reference number</dt>
            <dd className="transfer-done__reference">{confirmation.reference}</dd>
          </div>
        ) : null}
        {scheduled ? (
          <>
            <div className="transfer-summary__row">
              <dt>{scheduled.frequency ? 'First transfer' : 'Transfer date'}</dt>
              <dd>{scheduled.next_date ? formatDay(scheduled.next_date) : '—'}</dd>
            </div>
            <div className="transfer-summary__row">
              <dt>Repeats</dt>
              <dd>{scheduled.frequency_label}</dd>
            </div>
            {scheduled.frequency ? (
              <div className="transfer-summary__row">
                <dt>Ends</dt>
                <dd>
                  {scheduled.end_date
                    ? formatDay(scheduled.end_date)
                    : scheduled.end_count
                      ? `After ${scheduled.end_count} transfers`
                      : 'When you cancel it'}
                </dd>
              </div>
            ) : null}
          </>
        ) : null}
      </dl>
      {scheduled ? (
        <p className="muted">
          Funds and limits are checked on the day it runs. You will get a notification each time.
        </p>
      ) : null}
      {children}
      <div className="transfer__actions">
        {confirmation.kind === 'transfer' && confirmation.reference ? (
          <ButtonLink
            variant="secondary"
            to={`/transactions/${encodeURIComponent(confirmation.reference)}`}
          >
            View receipt
          </ButtonLink>
        ) : null}
        <Button variant="secondary" onClick={onAnother}>
          {scheduled ? 'See scheduled transfers' : 'Make another transfer'}
        </Button>
        <ButtonLink to="/dashboard">Back to Dashboard</ButtonLink>
      </div>
    </Card>
  );
}
