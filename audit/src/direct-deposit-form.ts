import { newPdfDocument, PDF_FONT, pdfBytes } from './pdf-document.ts';

/** What a payer (an employer, a benefits office) needs to pay into a customer's account. */
export interface DirectDepositDetails {
  holderName: string;
  accountName: string;
  /** checking, savings, …: what payroll forms ask for. */
  accountType: string;
  accountNumber: string;
  routingNumber: string;
}

/**
 * A one-page US Letter direct deposit form, filled in with the account: the customer hands it to
 * their employer, who fills in the amount and signs beside the customer (pdfkit).
 */
export async function directDepositFormPdf(details: DirectDepositDetails): Promise<Buffer> {
  const doc = await newPdfDocument({
    size: 'LETTER',
    margin: 56,
    info: { Title: 'Direct deposit form' },
  });
  const done = pdfBytes(doc);
  doc.font(PDF_FONT.bold).fontSize(16).text('Harborview Community Bank');
  doc.font(PDF_FONT.body).fontSize(11).text('Direct deposit authorization');
  doc.moveDown();
  doc
    .fontSize(10)
    .text(
      'Give this form to your employer or the payer of your benefits. They pay into the account ' +
        'below by ACH direct deposit, usually from your next pay date or the one after.',
    );
  doc.moveDown();
  const field = (label: string, value: string) => {
    doc.font(PDF_FONT.bold).fontSize(10).text(`${label}: `, { continued: true });
    doc.font(PDF_FONT.body).text(value);
  };
  field('Bank', 'Harborview Community Bank');
  field('Account holder', details.holderName);
  field('Account', details.accountName);
  field('Account type', details.accountType === 'savings' ? 'Savings' : 'Checking');
  field('Routing number (ABA)', details.routingNumber);
  field('Account number', details.accountNumber);
  doc.moveDown();
  doc.font(PDF_FONT.bold).fontSize(11).text('To be completed with your employer');
  doc.font(PDF_FONT.body).fontSize(10);
  for (const line of [
    'Deposit:  [  ] my entire net pay    [  ] $__________ each pay    [  ] ____ % of each pay',
    'Employer or payer: ______________________________________________',
    'Employee or payee signature: _________________________   Date: ____________',
  ]) {
    doc.moveDown(0.8).text(line);
  }
  doc.moveDown();
  doc
    .fontSize(8)
    .text(
      'Keep this form private: it carries your full account number. The bank never asks for it ' +
        'by email or phone.',
    );
  doc.end();
  return done;
}
