import { BANK_ROUTING_NUMBER, moneyJobModule } from '@bank/command-api';
import {
  ApiClient,
  type ApiResponse,
  deposit,
  longestHoldDuring,
  pdfText,
  repeatCredits,
  signedUpCustomer,
  startTestBank,
  type TestBank,
} from '@bank/server/testing';
import { ofxDateTime } from '@bank/audit';
import { parseOfx } from '@bank/audit/testing';
import { addMonthsIso, bankDate } from '@bank/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Longest the event loop may be held while long statements are made: the reading of a statement's
 * postings still happens on it, in parts. Drawn on it, they held it for 93–139 ms and more; drawn
 * on the document threads, 22–25 ms on a quiet machine, up to 100 ms once on one running four
 * times the work its two cores can do (the smallest of three rounds is compared).
 */
const MAX_EVENT_LOOP_DELAY_MS = 80;
/**
 * Longest the event loop may be held while a month of twenty thousand lines is read, opened and
 * written as JSON: 40–100 ms on a quiet machine, all of it reading the rows from PostgreSQL and
 * collecting their garbage; in one go, its opening alone held it for 400 ms.
 */
const LONG_JSON_MAX_HOLD_MS = 150;
/** Long statements on a loaded machine take a while each. */
const LONG_TEST_MS = 120_000;

let bank: TestBank;
let owner: Awaited<ReturnType<typeof signedUpCustomer>>;
let stranger: Awaited<ReturnType<typeof signedUpCustomer>>;
let auditor: ApiClient;

interface Line {
  id: string;
  description: string;
  amount: number;
  status: string;
  kind: string;
  reference_number: string;
}

/**
 * A decimal amount as a whole number of its smallest unit (cents: 2 places; a rate's millionths:
 * 6), read from its digits so no binary fraction is involved; more places than that fail.
 */
function decimalUnits(value: string | number, places: number): number {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(String(value));
  if (!match) throw new Error(`not a plain decimal: ${String(value)}`);
  const fraction = match[2] ?? '';
  if (fraction.length > places) throw new Error(`more than ${places} decimals: ${String(value)}`);
  return Number(match[1]) * 10 ** places + Number(fraction.padEnd(places, '0'));
}

const history = async (client: ApiClient) =>
  (await client.get('/api/dashboard/comprehensive-history?limit=50')).body.data
    .transactions as Line[];

const pdfOf = async (client: ApiClient, url: string) => {
  const response = await bank.app.inject({
    method: 'GET',
    url,
    headers: {
      authorization: `Bearer ${client.token}`,
      ...(client.consistencyToken ? { 'x-consistency-token': client.consistencyToken } : {}),
    },
  });
  return response;
};

beforeAll(async () => {
  bank = await startTestBank({ config: { settlementDelayMs: 0 }, jobs: moneyJobModule });
  owner = await signedUpCustomer(bank, { name: 'Receipt Owner' });
  stranger = await signedUpCustomer(bank, { name: 'Someone Else' });
  await deposit(bank, owner.accounts[0]!.account_number, 500);
  const transfer = await owner.client.post('/api/transfers/between-accounts', {
    fromAccount: owner.accounts[0]!.id,
    toAccount: owner.accounts[1]!.id,
    amount: 120.25,
    transferDate: new Date().toISOString().slice(0, 10),
    memo: 'Rainy day fund',
  });
  expect(transfer.status).toBe(201);
  owner.client.consistencyToken = transfer.headers['x-consistency-token'];
  const ops = new ApiClient(bank);
  ops.token = bank.opsToken;
  const issued = await ops.post('/api/ops/auditors', { name: 'Statement auditor' });
  auditor = new ApiClient(bank);
  auditor.token = issued.body.data.token;
});
afterAll(() => bank?.stop());

describe('receipts', () => {
  it('shows a completed transfer with its reference, timeline, account and balance after it', async () => {
    const lines = await history(owner.client);
    const debit = lines.find((l) => l.description === 'Transfer to High Yield Savings')!;
    const response = await owner.client.get(`/api/transactions/${encodeURIComponent(debit.id)}`);
    expect(response.status).toBe(200);
    const { transaction, receipt } = response.body.data;
    expect(transaction).toMatchObject({ id: debit.id, amount: -120.25, status: 'completed' });
    expect(receipt.reference_number).toMatch(/^TRF-/);
    expect(receipt.reference_number).toBe(debit.reference_number);
    expect(receipt.status).toBe('completed');
    expect(receipt.timeline.map((s: { step: string }) => s.step)).toEqual(['initiated', 'settled']);
    expect(receipt.account).toMatchObject({ id: owner.accounts[0]!.id });
    expect(receipt.account.formatted_account_number).toMatch(/^\*{4}\d{4}$/);
    expect(receipt.balance_after).toBe(379.75);
    expect(receipt.sepa).toBeNull();
    // Between own accounts: no fee, and it has arrived.
    expect(receipt.transfer).toBeNull();
    expect(receipt.memo).toBe('Rainy day fund');
  });

  it('shows a rejected external transfer as initiated, then failed with the reason', async () => {
    const c = await signedUpCustomer(bank, { name: 'Pending Payer' });
    await deposit(bank, c.accounts[0]!.account_number, 300);
    const send = await c.client.post('/api/transfers/external-bank', {
      fromAccount: c.accounts[0]!.id,
      amount: 100,
      recipientName: 'Alex Kim',
      bankName: 'First National',
      accountNumber: '9990000',
      routingNumber: '021000021',
    });
    expect(send.status).toBe(201);
    c.client.consistencyToken = send.headers['x-consistency-token'];
    const pending = (await history(c.client)).find((l) => l.kind === 'external-bank')!;
    // Whether it is still pending now depends on the settlement job; what it ends as does not.
    let receipt = { status: 'pending', timeline: [], counterparty: '', transfer: null } as {
      status: string;
      timeline: { step: string; detail: string | null }[];
      counterparty: string;
      transfer: unknown;
    };
    await bank.jobs!.dispatchPending();
    for (let i = 0; i < 100 && receipt.status === 'pending'; i += 1) {
      await bank.runner.catchUp();
      receipt = (await c.client.get(`/api/transactions/${encodeURIComponent(pending.id)}`)).body
        .data.receipt;
      if (receipt.status === 'pending') await new Promise((r) => setTimeout(r, 100));
    }
    expect(receipt.status).toBe('failed');
    expect(receipt.timeline.map((s: { step: string }) => s.step)).toEqual(['initiated', 'failed']);
    expect(receipt.timeline[1]!.detail).toMatch(/rejected/);
    expect(receipt.counterparty).toBe('Alex Kim');
    expect((receipt as { memo?: unknown }).memo).toBeNull();
    // Sent back: nothing was charged, and nothing is on its way.
    expect(receipt.transfer).toBeNull();
  });

  it('shows a SEPA transfer with the euros sent and the rate, as quoted and confirmed', async () => {
    const c = await signedUpCustomer(bank, { name: 'Euro Sender' });
    await deposit(bank, c.accounts[0]!.account_number, 1_000);
    const quoted = await c.client.get('/api/wire-transfers/sepa/quote?amount=123.45');
    expect(quoted.status).toBe(200);
    const quote = quoted.body.data.quote;
    const sent = await c.client.post('/api/wire-transfers/sepa', {
      fromAccount: c.accounts[0]!.id,
      amount: 123.45,
      recipientName: 'Hanna Müller',
      iban: 'DE89 3704 0044 0532 0130 00',
      swiftCode: 'COBADEFFXXX',
      bankName: 'Commerzbank',
      country: 'DE',
      purposeOfPayment: 'FAMI',
      quotedRate: quote.exchange.rate,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    c.client.consistencyToken = sent.headers['x-consistency-token'];
    const transfer = sent.body.data.transfer;

    const response = await c.client.get(
      `/api/transactions/${encodeURIComponent(transfer.reference_number)}`,
    );
    expect(response.status).toBe(200);
    const { transaction, receipt } = response.body.data;
    expect(transaction.amount).toBe(-123.45);
    expect(receipt.reference_number).toBe(transfer.reference_number);
    expect(receipt.sepa).not.toBeNull();

    // Compared as integers: euro cents, and the rate in millionths of a euro per dollar.
    const rateMicros = decimalUnits(receipt.sepa.exchange_rate, 6);
    expect(rateMicros).toBe(decimalUnits(quote.exchange.rate, 6));
    expect(rateMicros).toBe(decimalUnits(transfer.exchange.rate, 6));
    const eurCents = decimalUnits(receipt.sepa.eur_amount, 2);
    expect(eurCents).toBe(decimalUnits(quote.exchange.amount, 2));
    expect(eurCents).toBe(decimalUnits(transfer.exchange.amount, 2));
    // $123.45 at that rate, rounded half up to the euro cent.
    expect(BigInt(eurCents)).toBe((12_345n * BigInt(rateMicros) + 500_000n) / 1_000_000n);

    // The PDF states what the screen does: the fee, the total and, while on its way, its arrival.
    const pdf = await pdfOf(
      c.client,
      `/api/transactions/${encodeURIComponent(transfer.reference_number)}/receipt`,
    );
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Fee: \n$15.00');
    expect(text).toContain('Total charged: \n$138.45');
    // Asked after the PDF: still pending now means it was pending when the PDF was made.
    const after = (
      await c.client.get(`/api/transactions/${encodeURIComponent(transfer.reference_number)}`)
    ).body.data.receipt;
    expect(after.transfer).toMatchObject({ fee: 15, total: 138.45 });
    if (after.transfer.expected_arrival) {
      const by = new Intl.DateTimeFormat('en-US', {
        timeZone: 'America/New_York',
        year: 'numeric',
        month: 'long',
        day: 'numeric',
      }).format(new Date(after.transfer.expected_arrival));
      expect(text).toContain(`Expected to arrive: \nBy ${by}`);
    }
  });

  it('downloads as a PDF', async () => {
    const debit = (await history(owner.client)).find((l) => l.amount === -120.25)!;
    const response = await pdfOf(
      owner.client,
      `/api/transactions/${encodeURIComponent(debit.id)}/receipt`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/receipt-TRF-/);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("answers 404 for another customer's transaction, as for one that does not exist", async () => {
    const debit = (await history(owner.client)).find((l) => l.amount === -120.25)!;
    const id = encodeURIComponent(debit.id);
    expect((await stranger.client.get(`/api/transactions/${id}`)).status).toBe(404);
    expect((await pdfOf(stranger.client, `/api/transactions/${id}/receipt`)).statusCode).toBe(404);
    expect((await owner.client.get('/api/transactions/no-such-line')).status).toBe(404);
    expect((await new ApiClient(bank).get(`/api/transactions/${id}`)).status).toBe(401);
  });
});

describe('monthly statements', () => {
  // The bank's month (New York), as the statements count them.
  const month = bankDate(new Date()).slice(0, 7);

  it('lists the months of an account, the current one as a statement to date', async () => {
    const response = await owner.client.get(`/api/accounts/${owner.accounts[0]!.id}/statements`);
    expect(response.status).toBe(200);
    expect(response.body.data.statements[0]).toMatchObject({ month, complete: false });
  });

  it('agrees to the cent with the auditor’s statement of the same period', async () => {
    const accountId = owner.accounts[0]!.id;
    const mine = await owner.client.get(`/api/accounts/${accountId}/statements/${month}`);
    expect(mine.status).toBe(200);
    // The period as the list gives it: midnight to midnight in New York.
    const listed = (await owner.client.get(`/api/accounts/${accountId}/statements`)).body.data
      .statements[0];
    expect(listed.month).toBe(month);
    expect(bankDate(new Date(listed.from))).toBe(`${month}-01`);
    expect(bankDate(new Date(new Date(listed.from).getTime() - 1))).not.toContain(month);
    // The month is in progress: the statement runs to the moment it was drawn.
    expect(mine.body.data.complete).toBe(false);
    const range = `from=${listed.from}&to=${mine.body.data.to}`;
    const audited = await auditor.get(
      `/api/audit/accounts/${accountId}/statement?${range}&format=json`,
    );
    expect(audited.status).toBe(200);
    const {
      month: _month,
      complete: _complete,
      total_interest,
      total_fees,
      ...shared
    } = mine.body.data;
    expect(shared).toEqual(audited.body.data);
    expect(mine.body.data).toMatchObject({ opening_balance: 0, closing_balance: 379.75 });
    expect(total_interest).toBe(0);
    expect(total_fees).toBe(0);
    expect(mine.body.data.lines.map((l: { balance: number }) => l.balance)).toEqual([500, 379.75]);

    const csvAnswer = await owner.client.get(
      `/api/accounts/${accountId}/statements/${month}?format=csv`,
    );
    const csv = String(csvAnswer.body);
    const drawnTo = String(csv.match(/,"Balance as of ([^"]+)",/)?.[1]);
    const auditCsv = String(
      (await auditor.get(`/api/audit/accounts/${accountId}/statement?${range}&format=csv`)).body,
    );
    // The same lines, amounts and balances as the auditor's, as a bank statement writes them:
    // dates, and none of the log's kinds, versions or positions.
    const rowsOf = (text: string) => text.trim().split('\r\n');
    const [header, ...rows] = rowsOf(csv);
    const [, ...auditRows] = rowsOf(auditCsv);
    expect(header).toBe('date,description,reference,amount,balance');
    const toFields = (r: string) => r.split(',').slice(1);
    // Every line up to the last balance, which the auditor calls closing and the customer's
    // statement to date calls the balance as of its moment.
    expect(rows.slice(0, auditRows.length - 1).map(toFields)).toEqual(
      auditRows.slice(0, -1).map((r) => {
        const [, description, reference, , amount, balance] = r.split(',');
        return [description, reference, amount, balance];
      }),
    );
    expect(auditRows.at(-1)).toMatch(/,Closing balance,,closing,,379\.75,,$/);
    const today = bankDate(new Date());
    expect(drawnTo).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M E[SD]T$/);
    expect(rows.slice(auditRows.length - 1)).toEqual([
      `${today},"Balance as of ${drawnTo}",,,379.75`,
      `${today},Interest paid to date,,,0.00`,
      `${today},Fees charged to date,,,0.00`,
    ]);
    expect(rows.every((r) => /^\d{4}-\d{2}-\d{2},/.test(r))).toBe(true);
  });

  it('downloads as a PDF with the figures', async () => {
    const response = await pdfOf(
      owner.client,
      `/api/accounts/${owner.accounts[0]!.id}/statements/${month}?format=pdf`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(response.rawPayload);
    const account = owner.accounts[0]!;
    expect(text).toContain('Account statement');
    expect(text).toContain(`account ending in ${account.account_number.slice(-4)}`);
    // The month is not over: the statement says so, and gives no closing balance dated its end.
    expect(text).toMatch(/Statement period: [A-Z][a-z]+ 1, \d{4} to date, as of /);
    expect(text).toContain('Balance as of ');
    expect(text).not.toContain('Closing balance');
    // A customer's document: no full account number, internal id or term of the event log.
    for (const internal of [account.account_number, account.id, 'event log', 'Event']) {
      expect(text).not.toContain(internal);
    }
  });

  it('downloads as OFX for Quicken and QuickBooks, with the lines and balance of the JSON', async () => {
    const account = owner.accounts[0]!;
    const url = `/api/accounts/${account.id}/statements/${month}?format=ofx`;
    const response = await pdfOf(owner.client, url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-ofx');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="statement-${account.account_number.slice(-4)}-${month}.ofx"`,
    );
    const ofx = parseOfx(response.body);
    expect(ofx.instructions.some((i) => /^OFX OFXHEADER="200" VERSION="220"/.test(i))).toBe(true);
    expect(ofx.one('BANKACCTFROM/BANKID')).toBe(BANK_ROUTING_NUMBER);
    expect(ofx.one('BANKACCTFROM/ACCTID')).toBe(account.account_number);
    expect(ofx.one('BANKACCTFROM/ACCTTYPE')).toBe('CHECKING');
    const listed = (await owner.client.get(`/api/accounts/${account.id}/statements`)).body.data
      .statements[0];
    expect(ofx.one('BANKTRANLIST/DTSTART')).toBe(ofxDateTime(new Date(listed.from)));
    expect(ofx.all('STMTTRN/TRNAMT')).toEqual(['500.00', '-120.25']);
    expect(ofx.all('STMTTRN/TRNTYPE')).toEqual(['CREDIT', 'XFER']);
    expect(ofx.one('LEDGERBAL/BALAMT')).toBe('379.75');
    // The month is in progress: the balance is as of the moment drawn, which ends the list.
    expect(ofx.one('LEDGERBAL/DTASOF')).toBe(ofx.one('BANKTRANLIST/DTEND'));
    const ids = ofx.all('STMTTRN/FITID');
    expect(new Set(ids).size).toBe(2);
    const again = parseOfx((await pdfOf(owner.client, url)).body);
    expect(again.all('STMTTRN/FITID')).toEqual(ids);

    expect((await pdfOf(stranger.client, url)).statusCode).toBe(404);
    const unknown = await owner.client.get(
      `/api/accounts/${account.id}/statements/${month}?format=qfx`,
    );
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.format).toEqual(['The format must be json, csv, pdf or ofx.']);
  });

  it("keeps a payer's name from running as a formula, where a semicolon starts a cell too", async () => {
    // A spreadsheet with a semicolon list separator (most of Europe's) splits a line at each one.
    const payer = await signedUpCustomer(bank, { name: 'Jo;=1+2;' });
    await deposit(bank, payer.accounts[0]!.account_number, 20);
    const sent = await payer.client.post('/api/zelle/send', {
      bank_account_id: payer.accounts[0]!.id,
      recipient_email: owner.payload.email,
      recipient_name: 'Receipt Owner',
      amount: 3,
    });
    expect(sent.status).toBe(201);
    owner.client.consistencyToken = sent.headers['x-consistency-token'];
    const csv = String(
      (
        await owner.client.get(
          `/api/accounts/${owner.accounts[0]!.id}/statements/${month}?format=csv`,
        )
      ).body,
    );
    expect(csv).toContain("Zelle payment from Jo;'=1+2;");
    expect(csv).not.toContain(';=');
  });

  /** A customer with a month of 1,000 lines: a customer decides how long their statements are. */
  let busy: Promise<{ client: ApiClient; accountId: string }> | undefined;
  const busyCustomer = () =>
    (busy ??= (async () => {
      const customer = await signedUpCustomer(bank, { name: 'Busy Statements' });
      const checking = customer.accounts[0]!;
      for (let batch = 0; batch < 50; batch += 1) {
        await Promise.all(
          Array.from({ length: 20 }, () =>
            deposit(bank, checking.account_number, 1, { waitForReadModels: false }),
          ),
        );
      }
      await deposit(bank, checking.account_number, 1);
      return { client: customer.client, accountId: checking.id };
    })());
  const longStatement = async (format = 'pdf') => {
    const { client, accountId } = await busyCustomer();
    return pdfOf(client, `/api/accounts/${accountId}/statements/${month}?format=${format}`);
  };

  it(
    'keeps answering other customers while one customer has long statements made',
    async () => {
      await longStatement();
      const started = Date.now();
      expect((await longStatement()).statusCode).toBe(200);
      const oneLong = Date.now() - started;
      // Eight at once; another customer asks for their accounts while they are being made.
      const eight = Promise.all(Array.from({ length: 8 }, () => longStatement()));
      await new Promise((resolve) => setTimeout(resolve, oneLong / 2));
      const asked = Date.now();
      expect((await stranger.client.get('/api/accounts')).status).toBe(200);
      const waited = Date.now() - asked;
      const all = await eight;
      expect(all.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
      // Drawn in one go, each of them held every other request for the whole drawing.
      expect(waited).toBeLessThan(oneLong);
    },
    LONG_TEST_MS,
  );

  it(
    'draws long statements off the event loop that answers requests',
    async () => {
      expect((await longStatement()).statusCode).toBe(200);
      // The longest the loop was held in each of three rounds: a pause of the machine's own (another
      // process, a garbage collection) is unlikely to fall in all three, a drawing on the loop is not.
      const longestHolds: number[] = [];
      for (let round = 0; round < 3; round += 1) {
        const { result, longestHoldMs } = await longestHoldDuring(() =>
          Promise.all([
            Promise.all(Array.from({ length: 3 }, () => longStatement())),
            longStatement('csv'),
            stranger.client.get('/api/accounts'),
          ]),
        );
        const [pdfs, csv, accounts] = result;
        longestHolds.push(longestHoldMs);
        expect(pdfs.map((r) => r.statusCode)).toEqual([200, 200, 200]);
        expect(pdfText(pdfs[2]!.rawPayload)).toContain('Opening balance');
        expect(csv.body.split('\r\n')).toHaveLength(1_001 + 6);
        expect(accounts.status).toBe(200);
      }
      // Drawn on the event loop, a statement of 1,000 lines held it for 100 ms and more at a time
      // (its last pages and fonts written in one go, and the garbage it left).
      expect(Math.min(...longestHolds)).toBeLessThan(MAX_EVENT_LOOP_DELAY_MS);
    },
    LONG_TEST_MS,
  );

  it(
    'writes a month of twenty thousand lines as JSON without holding other requests',
    async () => {
      // A month as long as a customer can make it within the limits (thousands of $1 moves a
      // day): copies of one real posting of theirs, sealed description and all.
      const customer = await signedUpCustomer(bank, { name: 'Twenty Thousand' });
      const checking = customer.accounts[0]!;
      await deposit(bank, checking.account_number, 1);
      const lines = 20_000;
      await repeatCredits(bank, checking.id, lines - 1);
      const url = `/api/accounts/${checking.id}/statements/${month}?format=json`;
      const longestHolds: number[] = [];
      let answer: Awaited<ReturnType<typeof pdfOf>> | undefined;
      for (let round = 0; round < 3; round += 1) {
        // Unparsed: reading the answer here is this test's work, not the bank's.
        const { result, longestHoldMs } = await longestHoldDuring(() =>
          pdfOf(customer.client, url),
        );
        answer = result;
        longestHolds.push(longestHoldMs);
        expect(answer.statusCode).toBe(200);
      }
      const statement = answer!.json().data;
      expect(statement.lines).toHaveLength(lines);
      expect(statement.lines[0].description).toBe('Test deposit');
      expect(statement.closing_balance).toBe(lines);
      expect(statement.lines.at(-1).balance).toBe(lines);
      // Opened, folded and written in one go, such a month held the loop for half a second.
      expect(Math.min(...longestHolds)).toBeLessThan(LONG_JSON_MAX_HOLD_MS);
    },
    LONG_TEST_MS,
  );

  it("answers 404 for another customer's account, 422 for a month that is not one or has no statement", async () => {
    const accountId = owner.accounts[0]!.id;
    expect((await stranger.client.get(`/api/accounts/${accountId}/statements`)).status).toBe(404);
    expect(
      (await stranger.client.get(`/api/accounts/${accountId}/statements/${month}?format=csv`))
        .status,
    ).toBe(404);
    for (const notAMonth of ['2026-13', '2026-00', '2026-1', '26-03', '2026-03-01']) {
      const bad = await owner.client.get(`/api/accounts/${accountId}/statements/${notAMonth}`);
      expect(bad.status, notAMonth).toBe(422);
      expect(bad.body.errors.month).toEqual([
        'The month must be a year and month such as 2026-03.',
      ]);
    }
    // Months before the account's first statement (the list's oldest), however old: none.
    const listed = await owner.client.get(`/api/accounts/${accountId}/statements`);
    const oldest = (listed.body.data.statements as { month: string }[]).at(-1)!.month;
    const before = addMonthsIso(oldest, -1);
    for (const tooEarly of [before, '1969-12', '1899-12', '0999-01', '0000-01']) {
      const none = await owner.client.get(
        `/api/accounts/${accountId}/statements/${tooEarly}?format=json`,
      );
      expect(none.status, tooEarly).toBe(422);
      expect(none.body.errors.month).toEqual([
        'This account has no statement for that month: it had not opened yet.',
      ]);
    }
    expect(
      (await owner.client.get(`/api/accounts/${accountId}/statements/${oldest}?format=json`))
        .status,
    ).toBe(200);
    const future = await owner.client.get(`/api/accounts/${accountId}/statements/2999-01`);
    expect(future.status).toBe(422);
    expect(future.body.errors.month).toEqual(['That month has not started yet.']);
  });
});

describe('direct deposit form', () => {
  it('writes a name in Polish, Greek or Russian letters as the customer typed it', async () => {
    const name = 'Łukasz Ωρίων Дмитриев';
    const customer = await signedUpCustomer(bank, { name });
    const account = customer.accounts[0]!;
    const response = await pdfOf(
      customer.client,
      `/api/accounts/${account.id}/direct-deposit-form`,
    );
    expect(response.statusCode).toBe(200);
    expect(pdfText(response.rawPayload)).toContain(name);
  });

  it('fills in the holder, the account and the routing number; another customer’s is 404', async () => {
    const account = owner.accounts[0]!;
    const response = await pdfOf(owner.client, `/api/accounts/${account.id}/direct-deposit-form`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="direct-deposit-${account.account_number.slice(-4)}.pdf"`,
    );
    const text = pdfText(response.rawPayload);
    expect(text).toContain('Direct deposit authorization');
    expect(text).toContain(owner.user.name);
    expect(text).toContain(account.account_number);
    const listed = (await owner.client.get('/api/accounts')).body.data.accounts as {
      id: string;
      routing_number: string;
    }[];
    const routing = listed.find((a) => a.id === account.id)!.routing_number;
    expect(routing).toMatch(/^\d{9}$/);
    expect(text).toContain(routing);

    const theirs = await pdfOf(stranger.client, `/api/accounts/${account.id}/direct-deposit-form`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.rawPayload.toString()).not.toContain(account.account_number);
  });

  it('makes none for an investment account, which a payroll form cannot name', async () => {
    const investment = owner.accounts.find((a) => a.type === 'investment')!;
    const refused = await owner.client.get(`/api/accounts/${investment.id}/direct-deposit-form`);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      accountId: ['Direct deposit goes to a checking or savings account. Choose one of those.'],
    });
    const savings = owner.accounts.find((a) => a.type === 'savings')!;
    const form = await pdfOf(owner.client, `/api/accounts/${savings.id}/direct-deposit-form`);
    expect(form.statusCode).toBe(200);
    expect(pdfText(form.rawPayload)).toContain('Savings');
  });

  it('makes one for a business checking account, as a checking account', async () => {
    const founder = await signedUpCustomer(bank);
    const opened = await founder.client.post('/api/accounts/business', {
      business_name: 'Rivera Landscaping LLC',
      ein: '45-3187296',
      business_type: 'llc',
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const form = await pdfOf(
      founder.client,
      `/api/accounts/${opened.body.data.account.id}/direct-deposit-form`,
    );
    expect(form.statusCode).toBe(200);
    const text = pdfText(form.rawPayload);
    expect(text).toContain('Business Checking');
    expect(text).toContain('Checking');
    expect(text).not.toContain('Savings');
  });
});

describe('transaction history that scales', () => {
  const url = (query: string) => `/api/dashboard/comprehensive-history?${query}`;

  it('pages with a cursor, every line once, newest first, and no empty page at the end', async () => {
    const c = await signedUpCustomer(bank, { name: 'Many Lines' });
    for (const amount of [1, 2, 3, 4, 5])
      await deposit(bank, c.accounts[0]!.account_number, amount);
    await bank.runner.catchUp();
    // Pages of 2 are 3; pages of 5 (an exact multiple) one, which says it is the last.
    for (const [limit, pages] of [
      [2, [[5, 4], [3, 2], [1]]],
      [1, [[5], [4], [3], [2], [1]]],
      [5, [[5, 4, 3, 2, 1]]],
      [4, [[5, 4, 3, 2], [1]]],
    ] as const) {
      const seen: number[][] = [];
      let cursor: string | null = null;
      do {
        const page: ApiResponse = await c.client.get(
          url(`limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`),
        );
        expect(page.status).toBe(200);
        seen.push(page.body.data.transactions.map((t: Line) => t.amount));
        cursor = page.body.data.next_cursor;
      } while (cursor);
      expect(seen, `limit ${limit}`).toEqual(pages);
    }
    await deposit(bank, c.accounts[0]!.account_number, 6);
    await bank.runner.catchUp();
    const first: ApiResponse = await c.client.get(url('limit=3'));
    const second: ApiResponse = await c.client.get(
      url(`limit=3&cursor=${first.body.data.next_cursor}`),
    );
    expect(second.body.data.transactions.map((t: Line) => t.amount)).toEqual([3, 2, 1]);
    expect(second.body.data.next_cursor).toBeNull();
  });

  it('filters by date range, type and amount', async () => {
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
    const amounts = async (query: string) =>
      ((await owner.client.get(url(query))).body.data.transactions as Line[]).map((t) => t.amount);
    expect(await amounts(`from=${today}&to=${today}&type=debit`)).toEqual([-120.25]);
    expect(await amounts(`min_amount=120.25&max_amount=120.25`)).toEqual(
      expect.arrayContaining([-120.25, 120.25]),
    );
    expect(await amounts(`min_amount=200`)).toEqual([500]);
    expect(await amounts(`from=2000-01-01&to=2000-01-31`)).toEqual([]);
  });

  it('refuses a bad filter with the field named', async () => {
    const refused = async (query: string, field: string) => {
      const response = await owner.client.get(url(query));
      expect(response.status, query).toBe(422);
      expect(Object.keys(response.body.errors), query).toContain(field);
    };
    await refused('cursor=bm90LWEtY3Vyc29y', 'cursor');
    // Cursors of the right shape that name no instant: a day no calendar has, an hour past 23,
    // the year 0.
    for (const forged of [
      '2026-02-30T09:09:47.513000Z|5',
      '2026-12-01T25:00:00.000000Z|5',
      '0000-01-01T00:00:00.000000Z|1',
    ]) {
      await refused(`cursor=${Buffer.from(forged).toString('base64url')}`, 'cursor');
    }
    await refused('from=2026-02-30', 'from');
    await refused('from=0000-01-01', 'from');
    await refused('to=0001-12-31', 'to');
    await refused('from=2026-03-02&to=2026-03-01', 'to');
    await refused('min_amount=1.234', 'min_amount');
    await refused('min_amount=-1', 'min_amount');
    await refused('min_amount=10&max_amount=5', 'max_amount');
  });
});
