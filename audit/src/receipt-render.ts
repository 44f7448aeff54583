import { unpostedBalanceLabel } from '@bank/contracts';
import { RECEIPT_STEP_LABELS, statusLabel, type ReceiptStep } from '@bank/contracts/status-labels';
import { BANK_TIME_ZONE, bankTimeText } from '@bank/events';
import { newPdfDocument, PDF_FONT, pdfBytes } from './pdf-document.ts';
import { usd } from './statement-render.ts';

/** What a customer's receipt for one movement states (amounts in signed cents). */
export interface Receipt {
  reference: string;
  description: string;
  status: string;
  /** Signed cents: credits positive, debits negative. */
  amount: number;
  date: Date;
  accountName: string;
  accountNumberMasked: string;
  counterparty: string | undefined;
  category: string | undefined;
  /** The account's balance just after this movement posted; undefined while it has not. */
  balanceAfter: number | undefined;
  timeline: { step: ReceiptStep; at: Date; detail?: string | undefined }[];
  /** For a SEPA transfer: what the recipient receives in euro cents, and the rate used. */
  eur: { amount: string; rate: string } | undefined;
  /**
   * For a transfer to another bank (SEPA and wires included) that is on its way or arrived: its
   * fee, the total taken, and while pending the day it should arrive by.
   */
  transfer?: { feeCents: number; totalCents: number; expectedArrival: Date | undefined };
  /** A card charge the customer disputed: the case, why, and where it stands. */
  dispute?: {
    ticketNumber: string;
    openedAt: Date;
    reason: string;
    /** Its outcome once decided ("Refunded", "Charge stands"), else its status ("Open"). */
    standing: string;
    decidedAt: Date | undefined;
  };
}

const arrivalDay = new Intl.DateTimeFormat('en-US', {
  timeZone: BANK_TIME_ZONE,
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

/** A one-page US Letter receipt (pdfkit, the bank's embedded font). */
export async function receiptPdf(receipt: Receipt): Promise<Buffer> {
  const doc = await newPdfDocument({ size: 'LETTER', margin: 56, info: { Title: 'Receipt' } });
  const done = pdfBytes(doc);

  doc.font(PDF_FONT.bold).fontSize(16).text('Harborview Community Bank');
  doc.font(PDF_FONT.body).fontSize(11).text('Transaction receipt');
  doc.moveDown();
  const field = (label: string, value: string) => {
    doc.font(PDF_FONT.bold).fontSize(10).text(`${label}: `, { continued: true });
    doc.font(PDF_FONT.body).text(value);
  };
  field('Reference number', receipt.reference || 'None');
  field('Description', receipt.description);
  field('Amount', usd(receipt.amount));
  if (receipt.eur) {
    field('Amount in euro', `EUR ${receipt.eur.amount}`);
    field('Exchange rate', `1 USD = ${receipt.eur.rate} EUR`);
  }
  if (receipt.transfer) {
    field('Fee', usd(receipt.transfer.feeCents));
    field('Total charged', usd(receipt.transfer.totalCents));
    if (receipt.transfer.expectedArrival) {
      field('Expected to arrive', `By ${arrivalDay.format(receipt.transfer.expectedArrival)}`);
    }
  }
  // In the web receipt's words: "Completed", "Initiated".
  field('Status', statusLabel(receipt.status));
  // The bank's time, as its statements and the arrival day are: a payment sent at 9:51 PM in New
  // York is dated that evening, not the next day in UTC.
  field('Date', bankTimeText(receipt.date));
  field('Account', `${receipt.accountName} (${receipt.accountNumberMasked})`);
  if (receipt.counterparty) field('Counterparty', receipt.counterparty);
  if (receipt.category) field('Category', receipt.category);
  field(
    'Balance after',
    receipt.balanceAfter === undefined
      ? unpostedBalanceLabel(receipt.status)
      : usd(receipt.balanceAfter),
  );
  doc.moveDown();
  doc.font(PDF_FONT.bold).fontSize(11).text('Timeline');
  doc.font(PDF_FONT.body).fontSize(10);
  for (const step of receipt.timeline) {
    doc.text(
      `${bankTimeText(step.at)}  ${RECEIPT_STEP_LABELS[step.step]}${step.detail ? ` (${step.detail})` : ''}`,
    );
  }
  if (receipt.dispute) {
    const d = receipt.dispute;
    doc.moveDown();
    doc.font(PDF_FONT.bold).fontSize(11).text('Dispute');
    field('Case', `Support ticket #${d.ticketNumber}`);
    field('Disputed on', bankTimeText(d.openedAt));
    field('Reason', d.reason);
    field('Status', d.decidedAt ? `${d.standing} (${bankTimeText(d.decidedAt)})` : d.standing);
  }
  doc.end();
  return done;
}
