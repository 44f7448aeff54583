import { unpostedBalanceLabel } from '@bank/contracts';
import { RECEIPT_STEP_LABELS } from '@bank/contracts/status-labels';
import { ArrowLeft, Download, MessageSquareWarning } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { receiptReturnOf } from '@/components/transactions/receipt-link';
import { CancelPendingButton } from '@/components/transactions/cancel-pending';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { Alert, Badge, PageSpinner, type Tone } from '@/components/ui/feedback';
import { useDocumentTitle } from '@/components/ui/page';
import { accountsLink } from '@/lib/accounts';
import { ApiError } from '@/lib/api-client';
import { downloadFromApi } from '@/lib/download';
import { focusWhenGone } from '@/lib/focus-when-gone';
import { formatDate, formatMoney, formatSignedMoney, maskAccountNumber } from '@/lib/format';
import { toast } from '@/lib/toast-store';
import { statusLabel, statusTone, transactionCategory } from '@/lib/transactions';
import { receiptPath, useReceipt, type ReceiptData, type ReceiptDetails } from '../api/get-receipt';
import { DisputeDialog } from '../components/dispute-dialog';
import './receipt.css';

const DISPUTE_TONE: Record<string, Tone> = { waiting_customer: 'warning' };

/**
 * The charge's dispute: why, where it stands, and what happens next. Until it is decided the
 * money stays where it is (a dispute is a case, not a refund), and the receipt says so; once
 * decided, it says whether the charge was refunded or stands.
 */
function DisputeSection({
  dispute,
  charged,
}: {
  dispute: NonNullable<ReceiptDetails['dispute']>;
  /** The charge's amount, as the receipt shows it (negative). */
  charged: number;
}) {
  const ticket = (
    <Link to={`/support?ticket=${encodeURIComponent(dispute.ticket_id)}`}>
      Ticket #{dispute.ticket_number}
    </Link>
  );
  const decided = dispute.status === 'resolved' || dispute.status === 'closed';
  return (
    <section className="receipt__dispute" aria-labelledby="dispute-heading">
      <h3 className="receipt__subtitle" id="dispute-heading" tabIndex={-1}>
        Dispute
      </h3>
      <p>
        You disputed this charge on {formatDate(dispute.created_at)}: {dispute.reason_display}.{' '}
        {dispute.outcome ? (
          <Badge tone={dispute.outcome === 'refunded' ? 'success' : 'neutral'}>
            {dispute.outcome_display}
          </Badge>
        ) : decided ? (
          // The customer ended the ticket; the dispute itself is still staff's to decide.
          <Badge tone="info">Not yet decided</Badge>
        ) : (
          <Badge tone={DISPUTE_TONE[dispute.status] ?? 'info'}>{dispute.status_display}</Badge>
        )}
      </p>
      {dispute.outcome === 'refunded' ? (
        <p>
          We refunded {formatMoney(Math.abs(charged))} to this account
          {dispute.resolved_at ? ` on ${formatDate(dispute.resolved_at)}` : ''}. {ticket} holds our
          answer.
        </p>
      ) : dispute.outcome === 'declined' ? (
        <p>We looked into this charge, and it stands. {ticket} holds our answer.</p>
      ) : decided ? (
        // The ticket ended (the customer may close it) but the dispute itself was not decided:
        // staff may still decide it, and the decision then comes as a notification.
        <p>
          The charge stays on your account: no money has moved for this dispute. {ticket} is{' '}
          {dispute.status_display.toLowerCase()}: any answer we gave is there, and if we decide the
          dispute later, a notification will tell you.
        </p>
      ) : (
        <>
          <p>
            The charge stays on your account while we look into it: no money moves until the dispute
            is decided.
          </p>
          {dispute.status === 'waiting_customer' ? (
            <p>We need more information from you: please answer in {ticket}.</p>
          ) : (
            <p>
              {ticket} <span className="muted">follows your case: our replies arrive there.</span>
            </p>
          )}
        </>
      )}
    </section>
  );
}

/** What a payment to another bank costs in all, and while it is on its way, when it arrives. */
function TransferCosts({ transfer }: { transfer: NonNullable<ReceiptDetails['transfer']> }) {
  return (
    <>
      <div>
        <dt>Fee</dt>
        <dd className="tabular">{formatMoney(transfer.fee)}</dd>
      </div>
      <div>
        <dt>Total charged</dt>
        <dd className="tabular">{formatMoney(transfer.total)}</dd>
      </div>
      {transfer.expected_arrival ? (
        <div>
          <dt>Expected to arrive</dt>
          <dd>By {formatDate(transfer.expected_arrival)}</dd>
        </div>
      ) : null}
    </>
  );
}

function ReceiptBody({ id, data }: { id: string; data: ReceiptData }) {
  const { transaction, receipt } = data;
  const [downloading, setDownloading] = useState(false);
  const [disputing, setDisputing] = useState(false);
  // The button that opened the dialog, kept after it has gone with the dispute made.
  const disputeOpener = useRef<HTMLButtonElement | null>(null);
  // Once disputed, the button is gone: the focus goes to the dispute's account of itself.
  const closeDispute = () => {
    setDisputing(false);
    if (disputeOpener.current) {
      focusWhenGone(disputeOpener.current, () => [document.getElementById('dispute-heading')]);
    }
  };
  const amount = Number(transaction.amount);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadFromApi(
        `${receiptPath(id)}/receipt`,
        `receipt-${receipt.reference_number || 'transaction'}.pdf`,
      );
    } catch {
      toast.error('The receipt could not be downloaded. Please try again.');
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Card aria-labelledby="receipt-heading" className="receipt">
      <CardHeader
        id="receipt-heading"
        title={transaction.description}
        action={<Badge tone={statusTone(receipt.status)}>{statusLabel(receipt.status)}</Badge>}
      />
      <p className={`receipt__amount tabular ${amount >= 0 ? 'amount--credit' : 'amount--debit'}`}>
        <span className="sr-only">{amount >= 0 ? 'Credit ' : 'Debit '}</span>
        {formatSignedMoney(amount)}
      </p>
      <dl className="receipt__details">
        <div>
          <dt>Reference number</dt>
          <dd className="mono">{receipt.reference_number || 'None'}</dd>
        </div>
        <div>
          <dt>Date</dt>
          <dd>{formatDate(transaction.date, true)}</dd>
        </div>
        <div>
          <dt>Account</dt>
          <dd>
            {receipt.account.name}{' '}
            <span className="mono">
              {maskAccountNumber(receipt.account.formatted_account_number)}
            </span>
          </dd>
        </div>
        {receipt.counterparty ? (
          <div>
            <dt>{amount >= 0 ? 'From' : 'To'}</dt>
            <dd>{receipt.counterparty}</dd>
          </div>
        ) : null}
        {receipt.transfer ? <TransferCosts transfer={receipt.transfer} /> : null}
        {receipt.memo ? (
          <div>
            <dt>Memo</dt>
            <dd>{receipt.memo}</dd>
          </div>
        ) : null}
        <div>
          <dt>Category</dt>
          <dd>{receipt.category ?? transactionCategory(transaction).label}</dd>
        </div>
        <div>
          <dt>Balance after</dt>
          <dd className="tabular">
            {receipt.balance_after === null
              ? unpostedBalanceLabel(receipt.status)
              : formatMoney(receipt.balance_after)}
          </dd>
        </div>
        {receipt.sepa ? (
          <>
            <div>
              <dt>Amount in euro</dt>
              <dd className="tabular">€{receipt.sepa.eur_amount}</dd>
            </div>
            <div>
              <dt>Exchange rate</dt>
              <dd className="tabular">1 USD = {receipt.sepa.exchange_rate} EUR</dd>
            </div>
          </>
        ) : null}
      </dl>
      <h3 className="receipt__subtitle" id="timeline-heading">
        Timeline
      </h3>
      <ol className="receipt__timeline" aria-labelledby="timeline-heading">
        {receipt.timeline.map((step, i) => (
          <li key={i} className={`receipt__step receipt__step--${step.step}`}>
            <span className="receipt__step-name">{RECEIPT_STEP_LABELS[step.step]}</span>
            <span className="muted">{formatDate(step.at, true)}</span>
            {step.detail ? <span className="receipt__step-detail">{step.detail}</span> : null}
          </li>
        ))}
      </ol>
      {receipt.dispute ? (
        <DisputeSection dispute={receipt.dispute} charged={amount} />
      ) : transaction.kind === 'card_purchase' && amount < 0 && receipt.dispute_refusal ? (
        // A card charge that cannot be disputed here (too old, not yet posted) says why.
        <p className="receipt__dispute-refusal muted">
          {receipt.dispute_refusal} <Link to="/support">Go to Support</Link>
        </p>
      ) : null}
      <div className="receipt__actions">
        {receipt.dispute_refusal === null ? (
          <Button
            variant="secondary"
            onClick={(event) => {
              disputeOpener.current = event.currentTarget;
              setDisputing(true);
            }}
            icon={<MessageSquareWarning size={16} aria-hidden="true" />}
          >
            Dispute this charge
          </Button>
        ) : null}
        {receipt.cancellable ? (
          <CancelPendingButton
            kind={receipt.cancellable.kind}
            id={receipt.cancellable.id}
            question={
              receipt.cancellable.kind === 'transfer'
                ? 'The transfer has not settled yet. If you cancel it, the amount and its fee are available in your account again at once.'
                : 'Nobody has claimed this payment yet. If you cancel it, the money is available in your account again at once.'
            }
          />
        ) : null}
        <Button
          variant="secondary"
          onClick={() => void download()}
          loading={downloading}
          icon={<Download size={16} aria-hidden="true" />}
        >
          Download PDF
        </Button>
      </div>
      <DisputeDialog
        open={disputing}
        transactionId={transaction.id}
        description={transaction.description}
        amount={amount}
        onClose={closeDispute}
      />
    </Card>
  );
}

/** A receipt for one movement: what, when, where, its reference and what happened to it. */
export default function ReceiptRoute() {
  useDocumentTitle('Receipt');
  const id = useParams().transactionId ?? '';
  const receipt = useReceipt(id);
  // The list it was opened from, else the account, a period that holds the line, and the line
  // highlighted.
  const location = useLocation();
  const openedFrom = receiptReturnOf(location.state);
  // Opened from the top bar's search, the focus would stay in the emptied search box: it comes
  // to the receipt's heading instead, once per visit (not again on each render).
  const heading = useRef<HTMLHeadingElement>(null);
  const focusOnOpen = (location.state as { focusReceipt?: unknown } | null)?.focusReceipt === true;
  useEffect(() => {
    if (focusOnOpen) heading.current?.focus();
  }, [focusOnOpen, location.key]);
  const back =
    openedFrom?.href ??
    (receipt.data
      ? accountsLink(receipt.data.receipt.account.id, receipt.data.transaction)
      : '/accounts');
  return (
    <div className="receipt-page">
      <Link to={back} className="back-link">
        <ArrowLeft size={16} aria-hidden="true" /> Back to {openedFrom?.label ?? 'Accounts'}
      </Link>
      <h1 className="page-title" ref={heading} tabIndex={-1}>
        Receipt
      </h1>
      {receipt.isPending ? (
        <PageSpinner label="Loading the receipt" />
      ) : receipt.isError ? (
        <Alert tone="danger" title="Error">
          <p>
            {receipt.error instanceof ApiError && receipt.error.status === 404
              ? 'We could not find this transaction.'
              : 'We could not load this receipt. Please try again.'}
          </p>
        </Alert>
      ) : (
        <ReceiptBody id={id} data={receipt.data} />
      )}
    </div>
  );
}
