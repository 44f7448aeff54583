import { randomUUID } from 'node:crypto';
import {
  ApiClient,
  cardPurchase,
  deposit,
  signedUpCustomer,
  startTestBank,
  type TestBank,
} from '@bank/server/testing';
import { pdfText } from '@bank/infra/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Disputing a card charge: the case is a support ticket, opened once per charge.

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank({ serveFrontend: false });
});
afterAll(async () => {
  await bank.stop();
});

type Customer = Awaited<ReturnType<typeof signedUpCustomer>>;
const checkingOf = (c: Customer) => c.accounts.find((a) => a.name === 'Premium Checking')!;

async function purchase(
  c: Customer,
  cents: number,
  occurredAt?: Date,
  name = 'Harbor Electronics',
) {
  const posted = await cardPurchase(bank, checkingOf(c).id, cents, {
    name,
    categoryCode: '5732',
    ...(occurredAt ? { occurredAt } : {}),
  });
  c.client.consistencyToken = posted.consistencyToken;
  return posted.transactionId;
}

/** The text of the charge's receipt as a PDF, as the customer downloads it. */
async function receiptPdfText(c: Customer, id: string): Promise<string> {
  const response = await bank.app.inject({
    method: 'GET',
    url: `/api/transactions/${encodeURIComponent(id)}/receipt`,
    headers: { authorization: `Bearer ${c.client.token}` },
  });
  expect(response.statusCode).toBe(200);
  return pdfText(response.rawPayload);
}

const dispute = (c: Customer, id: string, body: unknown) =>
  c.client.post(`/api/transactions/${encodeURIComponent(id)}/dispute`, body);

describe('disputing a card charge', () => {
  it('opens one support ticket that names the charge, shown on its receipt', async () => {
    const alex = await signedUpCustomer(bank);
    const charge = await purchase(alex, 249_99);
    const balance = async () =>
      (await alex.client.get('/api/accounts')).body.data.accounts.find(
        (a: { id: string }) => a.id === checkingOf(alex).id,
      ).balance as number;
    const before = await balance();
    const receiptBefore = await alex.client.get(`/api/transactions/${encodeURIComponent(charge)}`);
    expect(receiptBefore.body.data.receipt).toMatchObject({ dispute: null, dispute_refusal: null });
    expect(await receiptPdfText(alex, charge)).not.toContain('Dispute');

    const made = await dispute(alex, charge, {
      reason: 'not_received',
      details: 'Ordered a speaker on Nov 2; nothing arrived.',
    });
    expect(made.status).toBe(201);
    expect(made.body.message).toBe('Dispute submitted');
    const made_ = made.body.data.dispute;
    expect(made_).toMatchObject({
      status: 'open',
      reason: 'not_received',
      reason_display: 'I didn’t receive what I paid for',
    });
    expect(made_.ticket_number).toMatch(/^TKT-\d{4}-\d{6}$/);

    const tickets = await alex.client.get('/api/support/tickets');
    const ticket = tickets.body.data.tickets.find((t: { id: string }) => t.id === made_.ticket_id);
    expect(ticket).toMatchObject({
      category: 'cards',
      priority: 'high',
      dispute: { transaction_id: charge, outcome: null },
    });
    expect(ticket.subject).toMatch(
      /^Dispute: Harbor Electronics, \$249\.99 on [A-Z][a-z]{2} \d{1,2}, \d{4}$/,
    );
    expect(ticket.description).toContain('I didn’t receive what I paid for.');
    expect(ticket.description).toContain('Ordered a speaker on Nov 2; nothing arrived.');

    const receipt = await alex.client.get(`/api/transactions/${encodeURIComponent(charge)}`);
    expect(receipt.body.data.receipt.dispute).toEqual(made_);
    // The receipt the customer downloads says it too: the case, when, why and where it stands.
    const pdf = await receiptPdfText(alex, charge);
    expect(pdf).toContain('Dispute');
    expect(pdf).toContain(`Support ticket #${made_.ticket_number}`);
    expect(pdf).toContain('I didn’t receive what I paid for');
    expect(pdf).toMatch(/Status:\s*Open/);
    expect(receipt.body.data.receipt.dispute_refusal).toBe(
      `This charge is already disputed (ticket #${made_.ticket_number}).`,
    );

    const notices = await alex.client.get('/api/notifications');
    expect(JSON.stringify(notices.body)).toContain('We received your dispute');

    // The money did not move: a dispute is a case, not a refund.
    expect(await balance()).toBe(before);
  });

  it('cuts a long merchant name in the ticket subject between characters, never inside one', async () => {
    const alex = await signedUpCustomer(bank);
    // Cut by UTF-16 units, the subject would end in half of the emoji.
    const charge = await purchase(alex, 9_99, undefined, `${'A'.repeat(205)}😀 Store`);
    const made = await dispute(alex, charge, { reason: 'unrecognized' });
    expect(made.status).toBe(201);
    const tickets = await alex.client.get('/api/support/tickets');
    const subject = tickets.body.data.tickets[0].subject as string;
    expect(subject).toMatch(/^Dispute: A{205}😀, \$9\.99 on /);
    expect(subject).not.toContain('\uFFFD');
  });

  it('is made once however many requests arrive together', async () => {
    const alex = await signedUpCustomer(bank);
    const charge = await purchase(alex, 12_00);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => dispute(alex, charge, { reason: 'duplicate' })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const number = answers.find((a) => a.status === 201)!.body.data.dispute.ticket_number;
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.body).toMatchObject({
        message: `This charge is already disputed (ticket #${number}).`,
        code: 'CONFLICT',
      });
    }
    const tickets = await alex.client.get('/api/support/tickets');
    expect(tickets.body.data.tickets).toHaveLength(1);
  });

  it('refuses what is not a card charge of the customer, or is too old, and changes nothing', async () => {
    const alex = await signedUpCustomer(bank);
    const bea = await signedUpCustomer(bank);
    const beasCharge = await purchase(bea, 30_00);
    expect((await dispute(alex, beasCharge, { reason: 'unrecognized' })).status).toBe(404);
    expect(
      (await dispute(alex, `${randomUUID()}:${randomUUID()}:debit`, { reason: 'unrecognized' }))
        .status,
    ).toBe(404);

    const funded = await deposit(bank, checkingOf(alex).account_number, 100);
    alex.client.consistencyToken = funded.headers['x-consistency-token'];
    const recent = (await alex.client.get('/api/dashboard')).body.data.recent_transactions;
    const credit = recent.find((t: { type: string }) => t.type === 'credit');
    const notCard = await dispute(alex, credit.id, { reason: 'unrecognized' });
    expect(notCard.status).toBe(422);
    expect(notCard.body.message).toBe(
      'Only card purchases can be disputed here. For other transactions, please contact support.',
    );

    const old = await purchase(alex, 5_00, new Date(Date.now() - 121 * 86_400_000));
    const tooOld = await dispute(alex, old, { reason: 'unrecognized' });
    expect(tooOld.status).toBe(422);
    expect(tooOld.body.message).toBe(
      'Charges older than 120 days cannot be disputed online. Please contact support.',
    );

    const charge = await purchase(alex, 7_00);
    const noReason = await dispute(alex, charge, { reason: 'because' });
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors.reason).toEqual(['Please choose why you dispute this charge.']);
    const long = await dispute(alex, charge, { reason: 'duplicate', details: 'x'.repeat(1001) });
    expect(long.status).toBe(422);
    expect(long.body.errors.details).toEqual([
      'The details must not be greater than 1000 characters.',
    ]);

    const tickets = await alex.client.get('/api/support/tickets');
    expect(tickets.body.data.tickets).toHaveLength(0);
    expect((await dispute(alex, charge, { reason: 'duplicate' })).status).toBe(201);
  });
});

describe('staff deciding a dispute', () => {
  const staff = () => {
    const client = new ApiClient(bank);
    client.token = bank.opsToken;
    return client;
  };
  const resolve = (id: string, body: unknown, client = staff()) =>
    client.post(`/api/ops/disputes/${encodeURIComponent(id)}/resolve`, body);
  const balanceCents = async (c: Customer) =>
    Math.round(
      ((await c.client.get('/api/accounts')).body.data.accounts.find(
        (a: { id: string }) => a.id === checkingOf(c).id,
      ).balance as number) * 100,
    );
  /** Internal ledger accounts in cents, and whether the books balance. */
  const ledger = async () => {
    const data = (await staff().get('/api/ops/ledger')).body.data;
    const accounts: Record<string, number> = Object.fromEntries(
      data.internal_accounts.map((a: { ledger_account: string; balance: number }) => [
        a.ledger_account,
        Math.round(a.balance * 100),
      ]),
    );
    return { balanced: data.balanced as boolean, accounts };
  };

  it('refunds the charge once however many decisions arrive together, and answers in the ticket', async () => {
    const sam = await signedUpCustomer(bank);
    const charge = await purchase(sam, 87_45, undefined, 'Dockside Books');
    const made = await dispute(sam, charge, { reason: 'duplicate' });
    expect(made.status).toBe(201);
    const before = await balanceCents(sam);
    const booksBefore = await ledger();

    const message = 'The merchant confirmed the double charge. We refunded it.';
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => resolve(charge, { outcome: 'refunded', message })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    // Every answer, the decision's and the repeats', is read once the whole decision is: the
    // ticket resolved with it, not only the dispute decided.
    const again = await resolve(charge, { outcome: 'refunded', message });
    const tokens = [...answers, again].map((a) => a.headers['x-consistency-token']);
    expect(new Set(tokens).size, JSON.stringify(tokens)).toBe(1);
    expect(again.body.data.dispute.status).toBe('resolved');
    const decided = answers[0]!.body;
    expect(decided.message).toBe('Dispute resolved');
    expect(decided.data.dispute).toMatchObject({
      ticket_id: made.body.data.dispute.ticket_id,
      status: 'resolved',
      outcome: 'refunded',
      outcome_display: 'Refunded',
    });
    expect(Date.parse(decided.data.dispute.resolved_at)).not.toBeNaN();

    sam.client.consistencyToken = answers.find((a) => a.headers['x-consistency-token'])!.headers[
      'x-consistency-token'
    ];
    expect(await balanceCents(sam)).toBe(before + 87_45);
    const books = await ledger();
    expect(books.balanced).toBe(true);
    expect(
      (books.accounts['clearing:card'] ?? 0) - (booksBefore.accounts['clearing:card'] ?? 0),
    ).toBe(-87_45);

    const receipt = (await sam.client.get(`/api/transactions/${encodeURIComponent(charge)}`)).body
      .data.receipt;
    expect(receipt.dispute).toEqual(decided.data.dispute);
    expect(await receiptPdfText(sam, charge)).toMatch(
      /Status:\s*Refunded \([A-Z][a-z]{2} \d{1,2}, \d{4}/,
    );
    const history = (await sam.client.get('/api/dashboard')).body.data.recent_transactions;
    const refunds = history.filter((t: { description: string }) =>
      t.description.startsWith('Dispute refund: Dockside Books'),
    );
    expect(refunds).toHaveLength(1);
    // Filed where the charge was (its merchant code is the test helper's electronics store's).
    expect(refunds[0]).toMatchObject({ amount: 87.45, type: 'credit', category: 'shopping' });

    const ticket = (await sam.client.get('/api/support/tickets')).body.data.tickets[0];
    expect(ticket).toMatchObject({
      status: 'resolved',
      dispute: { transaction_id: charge, outcome: 'refunded' },
    });
    const conversation = (await sam.client.get(`/api/support/tickets/${ticket.id}`)).body.data
      .ticket;
    expect(JSON.stringify(conversation)).toContain(message);
    const notices = (await sam.client.get('/api/notifications')).body.data.notifications;
    expect(notices.filter((n: { title: string }) => n.title === 'Dispute refunded')).toHaveLength(
      1,
    );

    // Another decision is refused: the money has moved.
    const other = await resolve(charge, { outcome: 'declined', message: 'On second thought…' });
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({
      message: 'This dispute was already resolved: refunded.',
      code: 'CONFLICT',
    });
    expect(await balanceCents(sam)).toBe(before + 87_45);
  });

  it('takes back the cashback a refunded charge earned, and only that', async () => {
    const sam = await signedUpCustomer(bank);
    const cashback = async () =>
      (await sam.client.get('/api/dashboard')).body.data.cashback as {
        available_balance: number;
        this_month_earned: number;
      };
    await purchase(sam, 12_34, undefined, 'Harbor Cafe');
    const refunded = await purchase(sam, 87_45, undefined, 'Dockside Books');
    const upheld = await purchase(sam, 40_99, undefined, 'Pier Market');
    // 1% of each, rounded down: $0.12 + $0.87 + $0.40.
    expect(await cashback()).toEqual({ available_balance: 1.39, this_month_earned: 1.39 });

    for (const charge of [refunded, upheld]) {
      expect((await dispute(sam, charge, { reason: 'duplicate' })).status).toBe(201);
    }
    const declined = await resolve(upheld, { outcome: 'declined', message: 'It stands.' });
    expect(declined.status).toBe(200);
    const answer = await resolve(refunded, { outcome: 'refunded', message: 'Refunded.' });
    expect(answer.status).toBe(200);
    sam.client.consistencyToken = answer.headers['x-consistency-token'];
    expect(await cashback()).toEqual({ available_balance: 0.52, this_month_earned: 0.52 });
  });

  it('tells the answer in the notice when the customer closed the ticket, which takes none', async () => {
    const sam = await signedUpCustomer(bank);
    const charge = await purchase(sam, 25_00, undefined, 'Harbor Cafe');
    const made = await dispute(sam, charge, { reason: 'unrecognized' });
    const ticketId = made.body.data.dispute.ticket_id as string;
    expect(
      (await sam.client.put(`/api/support/tickets/${ticketId}/status`, { status: 'closed' }))
        .status,
    ).toBe(200);

    const message = 'The cafe confirmed a second terminal charged you by mistake.';
    const answer = await resolve(charge, { outcome: 'refunded', message });
    expect(answer.status).toBe(200);
    expect(answer.body.data.dispute).toMatchObject({ status: 'closed', outcome: 'refunded' });
    sam.client.consistencyToken = answer.headers['x-consistency-token'];
    const conversation = (await sam.client.get(`/api/support/tickets/${ticketId}`)).body.data
      .ticket;
    expect(JSON.stringify(conversation)).not.toContain(message);
    const notices = (await sam.client.get('/api/notifications')).body.data.notifications as {
      title: string;
      message: string;
    }[];
    expect(notices.find((n) => n.title === 'Dispute refunded')?.message).toBe(
      `We refunded your dispute of Harbor Cafe ($25.00) to Premium Checking. Our answer: ${message}`,
    );
  });

  it('declines: the charge stands, no money moves, and the customer is told', async () => {
    const sam = await signedUpCustomer(bank);
    const charge = await purchase(sam, 40_00, undefined, 'Harbor Cafe');
    expect((await dispute(sam, charge, { reason: 'unrecognized' })).status).toBe(201);
    const before = await balanceCents(sam);
    const booksBefore = await ledger();
    const answer = await resolve(charge, {
      outcome: 'declined',
      message: 'The card and PIN were used at the cafe; the charge stands.',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.dispute).toMatchObject({
      outcome: 'declined',
      outcome_display: 'Charge upheld',
      status: 'resolved',
    });
    sam.client.consistencyToken = answer.headers['x-consistency-token'];
    expect(await balanceCents(sam)).toBe(before);
    expect((await ledger()).accounts).toEqual(booksBefore.accounts);
    const notices = (await sam.client.get('/api/notifications')).body.data.notifications;
    expect(notices.map((n: { title: string }) => n.title)).toContain(
      'Dispute closed: charge upheld',
    );
  });

  it('refuses bad input, a charge nobody disputed, and anyone but staff, changing nothing', async () => {
    const sam = await signedUpCustomer(bank);
    const charge = await purchase(sam, 15_00);
    const undisputed = await resolve(charge, { outcome: 'refunded', message: 'Refunded.' });
    expect(undisputed.status).toBe(404);
    expect(
      (
        await resolve(`${randomUUID()}:${randomUUID()}:debit`, {
          outcome: 'refunded',
          message: 'x',
        })
      ).status,
    ).toBe(404);

    expect((await dispute(sam, charge, { reason: 'wrong_amount' })).status).toBe(201);
    const before = await balanceCents(sam);
    for (const [body, field, text] of [
      [{ outcome: 'maybe', message: 'x' }, 'outcome', 'The outcome must be refunded or declined.'],
      [{ outcome: 'refunded' }, 'message', 'Please write the answer the customer will read.'],
      [
        { outcome: 'refunded', message: '   ' },
        'message',
        'Please write the answer the customer will read.',
      ],
      [
        { outcome: 'refunded', message: 'x'.repeat(5001) },
        'message',
        'The message must not be greater than 5000 characters.',
      ],
    ] as const) {
      const refused = await resolve(charge, body);
      expect(refused.status, JSON.stringify(body).slice(0, 60)).toBe(422);
      expect(refused.body.errors[field]).toEqual([text]);
    }
    // The customer cannot decide their own dispute.
    expect(
      (await resolve(charge, { outcome: 'refunded', message: 'Mine' }, sam.client)).status,
    ).toBe(403);
    expect(
      (await resolve(charge, { outcome: 'refunded', message: 'x' }, new ApiClient(bank))).status,
    ).toBe(401);
    expect(await balanceCents(sam)).toBe(before);
    const receipt = (await sam.client.get(`/api/transactions/${encodeURIComponent(charge)}`)).body
      .data.receipt;
    expect(receipt.dispute).toMatchObject({ outcome: null, resolved_at: null, status: 'open' });
  });
});
