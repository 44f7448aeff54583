import { accountById, accountLabel, type Account } from '@/lib/accounts';
import {
  formatDay,
  formatMoney,
  formatMoneyCents,
  formatPhone,
  maskAccountNumber,
} from '@/lib/format';
import { TRANSFER_FREQUENCY_LABELS } from '@bank/contracts';
import {
  debitedCents,
  isScheduling,
  normalizeIban,
  type TransferForm,
} from '../api/create-transfer';
import { formatEuros, rateText, type SepaQuote } from '../api/get-sepa-quote';
import {
  SEPA_COUNTRIES,
  SEPA_PURPOSES,
  TRANSFER_TYPE_INFO,
  bankToday,
  type TransferType,
} from '../lib/transfer-types';

type Row = [label: string, value: string];

/**
 * When the money goes and arrives. A transfer for a later date (or the first of a repeat) is sent
 * on its date, not now: "Sent on Dec 5, 2026, arrives the same day".
 */
export function processingText(
  type: TransferType,
  v: Pick<TransferForm, 'transferDate' | 'frequency'>,
  today = bankToday(),
): string {
  const { processing } = TRANSFER_TYPE_INFO[type];
  if (!isScheduling(v, today)) return processing;
  const arrives =
    processing === 'Instant'
      ? 'arrives the same day'
      : /^\d/.test(processing)
        ? `arrives in ${processing}`
        : `arrives ${processing.toLowerCase()}`;
  const when = v.transferDate > today ? `on ${formatDay(v.transferDate)}` : 'today';
  return `${v.frequency ? 'First sent' : 'Sent'} ${when}, ${arrives}`;
}

/** The lines of the step 3 summary. */
export function reviewRows(
  type: TransferType,
  v: TransferForm,
  accounts: Account[],
  recipientName?: string | null,
  quote?: SepaQuote,
): Row[] {
  const from = accountById(accounts, v.fromAccount);
  const info = TRANSFER_TYPE_INFO[type];
  const amount = Number(v.amount);
  const rows: Row[] = [
    ['Transfer type', info.title],
    ['From', from ? accountLabel(from) : v.fromAccount],
  ];
  if (type === 'between-accounts') {
    const to = accountById(accounts, v.toAccount);
    rows.push(['To', to ? accountLabel(to) : v.toAccount]);
  } else if (type === 'same-bank') {
    const contact = v.recipientEmail.trim() || formatPhone(v.recipientPhone.trim());
    rows.push(['To', recipientName ? `${recipientName} (${contact})` : contact]);
  } else if (type === 'external-bank') {
    rows.push(['To', v.recipientName.trim()]);
    rows.push(['Bank', v.externalBankName.trim()]);
    rows.push(['Account number', maskAccountNumber(v.externalAccountNumber)]);
    rows.push(['Routing number', v.externalRoutingNumber.trim()]);
  } else {
    rows.push(['To', v.recipientName.trim()]);
    rows.push(['IBAN', normalizeIban(v.recipientIban)]);
    if (v.recipientSwiftCode.trim())
      rows.push(['SWIFT/BIC', v.recipientSwiftCode.trim().toUpperCase()]);
    rows.push(['Bank', v.recipientBankName.trim()]);
    rows.push(['Country', SEPA_COUNTRIES[v.recipientCountry] ?? v.recipientCountry]);
    rows.push(['Purpose', SEPA_PURPOSES[v.purposeOfPayment] ?? v.purposeOfPayment]);
  }
  if (quote) {
    // SEPA: the bank's own quote, so what is shown is what will be charged and delivered.
    rows.push(['Amount', formatMoney(quote.amount)]);
    rows.push(['Exchange rate', rateText(quote.exchange.rate)]);
    rows.push(['Recipient gets', formatEuros(quote.exchange.amount)]);
    rows.push(['Fee', formatMoney(quote.fee)]);
    rows.push(['Total', formatMoney(quote.total)]);
  } else {
    rows.push(['Amount', formatMoney(amount)]);
    rows.push(['Fee', info.feeCents === 0 ? 'Free' : formatMoneyCents(info.feeCents)]);
    rows.push(['Total', formatMoney(debitedCents(type, v.amount) / 100)]);
  }
  rows.push(['Date', formatDay(v.transferDate)]);
  if (v.frequency) {
    rows.push(['Repeats', TRANSFER_FREQUENCY_LABELS[v.frequency]]);
    rows.push([
      'Ends',
      v.endType === 'date'
        ? formatDay(v.endDate)
        : v.endType === 'count'
          ? `After ${v.endCount} transfers`
          : 'When you cancel it',
    ]);
  }
  rows.push(['Processing time', processingText(type, v)]);
  if (v.memo.trim()) rows.push(['Memo', v.memo.trim()]);
  return rows;
}

export function TransferReview({ rows }: { rows: Row[] }) {
  return (
    <dl className="transfer-summary">
      {rows.map(([label, value]) => (
        <div
          key={label}
          className={`transfer-summary__row${label === 'Total' ? ' transfer-summary__row--total' : ''}`}
        >
          <dt>{label}</dt>
          <dd
            className={
              ['Amount', 'Total', 'Fee', 'Recipient gets'].includes(label) ? 'tabular' : undefined
            }
          >
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
