import {
  TRANSFER_TYPE_INFO,
  WIRE_PURPOSES,
  type AnyTransferType,
  type WireType,
} from '@bank/contracts';
import { bankDate } from '@bank/contracts/bank-time';
import { domesticWireArrival, wireArrivalText } from '@bank/contracts/wire-arrival';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Alert } from '@/components/ui/feedback';
import type { PickableAccount } from '@/components/accounts/account-select-field';
import { accountLabel } from '@/lib/accounts';
import { formatMoney, formatMoneyCents, maskAccountNumber } from '@/lib/format';
import type { SavedRecipient } from '@/lib/saved-recipients-query';
import { feeCents, wireAmountCents, type SentWire, type WireForm } from '../api/send-wire';

/** A step's heading takes the focus, so keyboard and screen reader users follow the page. */
function useFocusedHeading() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return heading;
}

/**
 * The time now, again at the start of each minute: a review left open past the cut-off (4:00 PM
 * ET, on a minute) names the next day from that minute on, not up to a minute later.
 */
export function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const untilNextMinute = () => 60_000 - (Date.now() % 60_000);
    let timer = setTimeout(function tick() {
      setNow(new Date());
      timer = setTimeout(tick, untilNextMinute());
    }, untilNextMinute());
    return () => clearTimeout(timer);
  }, []);
  return now;
}

/**
 * When the money arrives, as the review and the summary say it. A domestic wire names its day,
 * as the bank computes it: before sending, for a wire sent now; once sent, the day the bank
 * answered (the one its message names).
 */
export function wireDelivery(
  type: AnyTransferType,
  now: Date,
  sent?: { wire: SentWire | null; at: Date } | null,
): string {
  if (type !== 'domestic-wire') return TRANSFER_TYPE_INFO[type].processing;
  const settles = sent?.wire?.estimated_settlement;
  if (sent && settles) {
    const date = bankDate(new Date(settles));
    return wireArrivalText({ date, today: date === bankDate(sent.at) });
  }
  return wireArrivalText(domesticWireArrival(sent?.at ?? now));
}

/** Everything the wire will carry, the cost, and that it cannot be taken back. */
export function WireReview({
  type,
  values,
  fromAccount,
  savedRecipient,
  bankCountry,
  delivery,
  pending,
  error,
  onBack,
  onConfirm,
}: {
  type: WireType;
  values: WireForm;
  fromAccount: PickableAccount | null;
  savedRecipient: SavedRecipient | null;
  bankCountry: string | null;
  /** When it arrives (see wireDelivery). */
  delivery: string;
  pending: boolean;
  error: string | null;
  onBack: () => void;
  onConfirm: () => void;
}) {
  const heading = useFocusedHeading();
  const info = TRANSFER_TYPE_INFO[type];
  const amount = wireAmountCents(values.amount) ?? 0;
  const fee = feeCents(type);
  const recipient = savedRecipient
    ? {
        name: savedRecipient.recipient_name,
        bank: savedRecipient.bank_name,
        account: maskAccountNumber(savedRecipient.account),
        // A saved IBAN without a SWIFT/BIC goes to the bank the customer typed beside it.
        code:
          savedRecipient.routing_number ??
          (savedRecipient.swift_code || values.swiftCode.replace(/\s+/g, '').toUpperCase()),
      }
    : {
        name: values.recipientName.trim(),
        bank: values.bankName.trim(),
        account: maskAccountNumber(values.accountNumber),
        code:
          type === 'domestic-wire'
            ? values.routingNumber.trim()
            : values.swiftCode.trim().toUpperCase(),
      };
  const rows: [string, string][] = [
    ['Type', info.title],
    ['From', fromAccount ? accountLabel(fromAccount) : ''],
    ['Recipient', recipient.name],
    ['Recipient address', values.recipientAddress.trim()],
    ['Bank', bankCountry ? `${recipient.bank} (${bankCountry})` : recipient.bank],
    ['Account', recipient.account],
    [type === 'domestic-wire' ? 'Routing number' : 'SWIFT/BIC', recipient.code ?? ''],
    ['Purpose', WIRE_PURPOSES[values.purposeOfPayment as keyof typeof WIRE_PURPOSES] ?? ''],
    ['Message', values.memo.trim() || 'None'],
    ['Amount', formatMoneyCents(amount)],
    ['Wire fee', formatMoneyCents(fee)],
    ['Total', formatMoneyCents(amount + fee)],
    ['Delivery', delivery],
  ];
  return (
    <Card aria-labelledby="wire-review-title">
      <h2 className="section-title" id="wire-review-title" ref={heading} tabIndex={-1}>
        Review your wire
      </h2>
      <dl className="wire-review">
        {rows.map(([label, value]) => (
          <div key={label} className={label === 'Total' ? 'wire-review__total' : undefined}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <Alert tone="warning" title="A wire cannot be cancelled once sent">
        Check the recipient’s name, bank and account before you send it. If the receiving bank finds
        no such account, it sends the wire back: the amount and the fee return to your account, and
        we let you know.
      </Alert>
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <div className="wire-review__actions">
        <Button type="button" variant="secondary" onClick={onBack} disabled={pending}>
          Back to Edit
        </Button>
        <Button type="button" onClick={onConfirm} aria-busy={pending || undefined}>
          {pending ? 'Processing...' : 'Send Wire'}
        </Button>
      </div>
    </Card>
  );
}

/** What the bank did: the amount, to whom, the reference, and when it arrives. */
export function WireSent({
  sent,
  onAnother,
}: {
  sent: { wire: SentWire | null; message: string };
  onAnother: () => void;
}) {
  const heading = useFocusedHeading();
  const wire = sent.wire;
  return (
    <Card aria-labelledby="wire-sent-title">
      <h2 className="section-title" id="wire-sent-title" ref={heading} tabIndex={-1}>
        <CheckCircle2 size={20} aria-hidden="true" className="wire-sent__icon" /> Wire Sent
      </h2>
      {wire?.recipient_name ? (
        <p className="wire-sent__summary">
          {formatMoney(wire.amount)} wired to {wire.recipient_name}
          {wire.recipient_account ? ` (${maskAccountNumber(wire.recipient_account)})` : ''}
        </p>
      ) : null}
      <p>{sent.message}</p>
      <p>
        We will let you know when it reaches the recipient’s bank, or if that bank sends it back.
      </p>
      {wire ? (
        <dl className="wire-review">
          {wire.reference_number ? (
            <div>
              <dt>Reference number</dt>
              <dd>{wire.reference_number}</dd>
            </div>
          ) : null}
          <div className="wire-review__total">
            <dt>Total charged</dt>
            <dd>
              {formatMoney(wire.total)} (including the {formatMoney(wire.fee)} fee)
            </dd>
          </div>
        </dl>
      ) : null}
      <div className="wire-review__actions">
        {wire?.reference_number ? (
          <ButtonLink
            variant="secondary"
            to={`/transactions/${encodeURIComponent(wire.reference_number)}`}
          >
            View receipt
          </ButtonLink>
        ) : null}
        <Button type="button" variant="secondary" onClick={onAnother}>
          Send another wire
        </Button>
        <ButtonLink to="/dashboard">Back to Dashboard</ButtonLink>
      </div>
    </Card>
  );
}
