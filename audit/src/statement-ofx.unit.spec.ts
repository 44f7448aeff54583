import { describe, expect, it } from 'vitest';
import type { Statement, StatementLine } from './account-history.ts';
import { ofxAccountType, statementOfx } from './statement-ofx.ts';
import { parseOfx } from './testing.ts';

const TRN = 'BANKTRANLIST/STMTTRN/';

const line = (over: Partial<StatementLine>): StatementLine => ({
  date: new Date('2026-03-10T14:00:00Z'),
  description: 'Coffee',
  reference: 'REF-1',
  kind: 'card_purchase',
  entryId: '00000000-0000-4000-8000-0000000000a1',
  fee: false,
  amount: -450,
  balanceAfter: 0,
  version: 3,
  position: 20,
  ...over,
});

const march = (lines: StatementLine[], to = new Date('2026-04-01T04:00:00Z')): Statement => ({
  account: {
    accountId: '00000000-0000-4000-8000-000000000001',
    customerId: '00000000-0000-4000-8000-000000000002',
    accountNumber: '123456789012',
    routingNumber: '061000227',
    name: 'Everyday Checking',
    type: 'checking',
    openedAt: new Date('2026-01-05T15:00:00Z'),
  },
  from: new Date('2026-03-01T05:00:00Z'),
  to,
  openingBalance: 10_000,
  closingBalance: 10_000 + lines.reduce((sum, l) => sum + l.amount, 0),
  totalCredits: 0,
  totalDebits: 0,
  totalInterest: 0,
  totalFees: 0,
  lines,
});

const drawnAt = new Date('2026-04-02T12:00:00Z');

describe('statementOfx', () => {
  it('writes an OFX 2.2 statement of the account and its period', () => {
    const ofx = parseOfx(statementOfx(march([line({})]), { drawnAt }));
    expect(ofx.instructions).toContain(
      'OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"',
    );
    expect(ofx.one('BANKACCTFROM/BANKID')).toBe('061000227');
    expect(ofx.one('BANKACCTFROM/ACCTID')).toBe('123456789012');
    expect(ofx.one('BANKACCTFROM/ACCTTYPE')).toBe('CHECKING');
    expect(ofx.one('STMTTRNRS/STMTRS/CURDEF')).toBe('USD');
    expect(ofx.one('BANKTRANLIST/DTSTART')).toBe('20260301050000.000[0:GMT]');
    expect(ofx.one('BANKTRANLIST/DTEND')).toBe('20260401040000.000[0:GMT]');
    expect(ofx.one(`${TRN}DTPOSTED`)).toBe('20260310140000.000[0:GMT]');
    expect(ofx.one('SONRS/DTSERVER')).toBe('20260402120000.000[0:GMT]');
    expect(ofx.one('LEDGERBAL/BALAMT')).toBe('95.50');
    expect(ofx.one('LEDGERBAL/DTASOF')).toBe('20260401040000.000[0:GMT]');
  });

  it('writes each amount as exact signed decimal text of its cents', () => {
    const amounts = [5, -5, 0, -2_500, 1_999, 123_456_789_01, -100];
    const lines = amounts.map((amount, i) => line({ amount, version: i + 2 }));
    const ofx = parseOfx(statementOfx(march(lines), { drawnAt }));
    expect(ofx.all(`${TRN}TRNAMT`)).toEqual([
      '0.05',
      '-0.05',
      '0.00',
      '-25.00',
      '19.99',
      '123456789.01',
      '-1.00',
    ]);
    expect(ofx.one('LEDGERBAL/BALAMT')).toBe('123456883.00');
  });

  it('escapes markup and drops control characters, so the file stays well formed', () => {
    const description = 'Tom & Jerry <b>"Café"</b>\u0007\u001b\u0085\ud800 ok\r\nnext]]>\uffff';
    const xml = statementOfx(march([line({ description, reference: 'A&B<1>\u0000' })]), {
      drawnAt,
    });
    expect(xml.replace(/\n/g, '')).not.toMatch(/\p{Cc}|\p{Cs}|\uffff/u);
    const ofx = parseOfx(xml);
    expect(ofx.one(`${TRN}MEMO`)).toBe('Tom & Jerry <b>"Café"</b> ok  next]]>');
    expect(ofx.one(`${TRN}NAME`)).toBe('Tom & Jerry <b>"Café"</b> ok  ne');
    expect(ofx.one(`${TRN}REFNUM`)).toBe('A&B<1>');
  });

  it('cuts the name to 32 characters, never inside one, and keeps the whole description as memo', () => {
    const description = `${'x'.repeat(31)}😀 and more`;
    const ofx = parseOfx(statementOfx(march([line({ description })]), { drawnAt }));
    expect(ofx.one(`${TRN}NAME`)).toBe(`${'x'.repeat(31)}😀`);
    expect(Array.from(ofx.one(`${TRN}NAME`))).toHaveLength(32);
    expect(ofx.one(`${TRN}MEMO`)).toBe(description);
  });

  it('gives every line its own id, the same in every file that holds the line', () => {
    // Two postings of one entry on the account (a fee taken with its transfer) stay apart.
    const lines = [
      line({ version: 4, amount: -1_000, kind: 'transfer' }),
      line({ version: 5, amount: -300, kind: 'fee', fee: true }),
      line({ version: 6, entryId: '00000000-0000-4000-8000-0000000000b2' }),
    ];
    const month = parseOfx(statementOfx(march(lines), { drawnAt })).all(`${TRN}FITID`);
    expect(new Set(month).size).toBe(3);
    const toDate = parseOfx(
      statementOfx(march(lines.slice(0, 2), new Date('2026-03-20T12:00:00Z')), { drawnAt }),
    ).all(`${TRN}FITID`);
    expect(toDate).toEqual(month.slice(0, 2));
  });

  it('dates the balance of a month to date at the moment drawn', () => {
    const now = new Date('2026-03-15T14:30:00Z');
    const ofx = parseOfx(statementOfx(march([line({ amount: -5 })], now), { drawnAt: now }));
    expect(ofx.one('BANKTRANLIST/DTEND')).toBe('20260315143000.000[0:GMT]');
    expect(ofx.one('LEDGERBAL/DTASOF')).toBe('20260315143000.000[0:GMT]');
    expect(ofx.one('LEDGERBAL/BALAMT')).toBe('99.95');
  });

  it('names fees, interest and transfers, and other lines by their direction', () => {
    const lines = [
      line({ kind: 'fee', fee: true, amount: -300 }),
      line({ kind: 'crypto', fee: true, amount: -100, version: 4 }),
      line({ kind: 'interest', amount: 12, version: 5 }),
      line({ kind: 'external-bank', amount: -5_000, version: 6 }),
      line({ kind: 'transfer', amount: 5_000, version: 7 }),
      line({ kind: 'card_purchase', amount: -450, version: 8 }),
      line({ kind: 'deposit', amount: 10_000, version: 9 }),
      line({ kind: 'fee', fee: true, amount: 300, version: 10 }),
    ];
    const ofx = parseOfx(statementOfx(march(lines), { drawnAt }));
    expect(ofx.all(`${TRN}TRNTYPE`)).toEqual([
      'FEE',
      'FEE',
      'INT',
      'XFER',
      'XFER',
      'DEBIT',
      'CREDIT',
      'CREDIT',
    ]);
  });

  it('writes an empty month as a well-formed statement with no transactions', () => {
    const ofx = parseOfx(statementOfx(march([]), { drawnAt }));
    expect(ofx.all(`${TRN}FITID`)).toEqual([]);
    expect(ofx.one('LEDGERBAL/BALAMT')).toBe('100.00');
  });
});

describe('ofxAccountType', () => {
  it('maps the bank’s account types to the OFX ones', () => {
    const account = march([]).account;
    expect(ofxAccountType({ ...account, type: 'savings' })).toBe('SAVINGS');
    expect(ofxAccountType({ ...account, type: 'investment' })).toBe('MONEYMRKT');
    expect(ofxAccountType({ ...account, type: 'other', name: 'Money Market Plus' })).toBe(
      'MONEYMRKT',
    );
    expect(ofxAccountType({ ...account, type: 'business' })).toBe('CHECKING');
  });
});
