import { defaultCategory } from '@bank/events';
import type { Statement, StatementLine } from './account-history.ts';
import { centsText } from './statement-render.ts';

/**
 * When the file is made (the server's time in its sign-on answer). A month in progress needs
 * nothing more: its statement ends at the moment drawn, which dates its ledger balance.
 */
export interface OfxOptions {
  drawnAt: Date;
}

const BANK_NAME = 'Harborview Community Bank';
/** OFX's longest payee name; the whole description goes in the memo. */
export const OFX_NAME_LENGTH = 32;
const OFX_MEMO_LENGTH = 255;

/** OFX's date and time: `20260401010000.000[0:GMT]`, always in UTC. */
export function ofxDateTime(date: Date): string {
  const iso = date.toISOString();
  return `${iso.slice(0, 19).replace(/[-T:]/g, '')}${iso.slice(19, 23)}[0:GMT]`;
}

/**
 * Text fit for an element: whitespace controls become spaces, every other character XML may not
 * carry (controls, lone surrogates, U+FFFE/U+FFFF) or that an importer chokes on (C1 controls) is
 * dropped, and the markup characters are escaped. Cut to `max` characters before escaping.
 */
export function ofxText(value: string, max: number): string {
  const clean = value
    .replace(/[\t\n\r]/g, ' ')
    .replace(/\p{Cc}|\p{Cs}|[\ufffe\uffff]/gu, '')
    .trim();
  const cut = Array.from(clean).slice(0, max).join('').trimEnd();
  return cut.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** OFX's account type for the bank's: a money market or investment account is MONEYMRKT. */
export function ofxAccountType(
  account: Statement['account'],
): 'CHECKING' | 'SAVINGS' | 'MONEYMRKT' {
  if (account.type === 'investment' || /money\s*market/i.test(account.name)) return 'MONEYMRKT';
  if (account.type === 'savings') return 'SAVINGS';
  return 'CHECKING';
}

/** The transaction's type: a fee, interest or a transfer where the posting says so. */
export function ofxTransactionType(line: StatementLine): string {
  const direction = line.amount < 0 ? 'debit' : 'credit';
  if (line.fee && direction === 'debit') return 'FEE';
  const category = defaultCategory({ direction, kind: line.kind });
  if (category === 'interest' && direction === 'credit') return 'INT';
  if (category === 'transfers') return 'XFER';
  return direction === 'debit' ? 'DEBIT' : 'CREDIT';
}

/**
 * The line's id for the importer, which skips a transaction it already has: the posting's entry
 * and its place in the account's stream, so it is the same in every file that holds the line,
 * and unique in the account even where one entry was posted twice to it.
 */
export const ofxFitId = (line: StatementLine): string =>
  line.entryId ? `${line.entryId}-${line.version}` : `v${line.version}`;

const element = (name: string, value: string) => `<${name}>${value}</${name}>`;

function transaction(line: StatementLine): string[] {
  const name = ofxText(line.description || line.reference || 'Transaction', OFX_NAME_LENGTH);
  const memo = ofxText(line.description, OFX_MEMO_LENGTH);
  const reference = ofxText(line.reference, OFX_NAME_LENGTH);
  return [
    '<STMTTRN>',
    element('TRNTYPE', ofxTransactionType(line)),
    element('DTPOSTED', ofxDateTime(line.date)),
    element('TRNAMT', centsText(line.amount)),
    element('FITID', ofxFitId(line)),
    ...(reference ? [element('REFNUM', reference)] : []),
    element('NAME', name),
    ...(memo ? [element('MEMO', memo)] : []),
    '</STMTTRN>',
  ];
}

/**
 * The statement as an OFX 2.2 file (XML), the download Quicken and QuickBooks import: the
 * account, every line as a transaction, and the closing balance (for a month in progress, the
 * balance as of the moment drawn). Amounts are exact decimal text of the cents.
 */
export function statementOfx(statement: Statement, options: OfxOptions): string {
  const { account } = statement;
  const ok = ['<STATUS>', element('CODE', '0'), element('SEVERITY', 'INFO'), '</STATUS>'];
  const lines = [
    '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
    '<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>',
    '<OFX>',
    '<SIGNONMSGSRSV1>',
    '<SONRS>',
    ...ok,
    element('DTSERVER', ofxDateTime(options.drawnAt)),
    element('LANGUAGE', 'ENG'),
    '<FI>',
    element('ORG', BANK_NAME),
    element('FID', ofxText(account.routingNumber, 32)),
    '</FI>',
    '</SONRS>',
    '</SIGNONMSGSRSV1>',
    '<BANKMSGSRSV1>',
    '<STMTTRNRS>',
    element('TRNUID', '0'),
    ...ok,
    '<STMTRS>',
    element('CURDEF', 'USD'),
    '<BANKACCTFROM>',
    element('BANKID', ofxText(account.routingNumber, 9)),
    element('ACCTID', ofxText(account.accountNumber, 22)),
    element('ACCTTYPE', ofxAccountType(account)),
    '</BANKACCTFROM>',
    '<BANKTRANLIST>',
    element('DTSTART', ofxDateTime(statement.from)),
    element('DTEND', ofxDateTime(statement.to)),
    ...statement.lines.flatMap(transaction),
    '</BANKTRANLIST>',
    '<LEDGERBAL>',
    element('BALAMT', centsText(statement.closingBalance)),
    element('DTASOF', ofxDateTime(statement.to)),
    '</LEDGERBAL>',
    '</STMTRS>',
    '</STMTTRNRS>',
    '</BANKMSGSRSV1>',
    '</OFX>',
  ];
  return `${lines.join('\n')}\n`;
}
