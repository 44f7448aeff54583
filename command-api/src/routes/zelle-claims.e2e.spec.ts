import {
  ApiClient,
  outboxCode,
  proveOwnContacts,
  registrationPayload,
  signedUpCustomer,
  type TestBank,
} from '@bank/server/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CLAIM_MESSAGES } from '../domain/zelle/claim-code.ts';
import { expireZellePayment } from '../services/zelle.ts';
import {
  balances,
  customer,
  dispatchJobs,
  ledger,
  opsClient,
  startMoneyBank,
  type Customer,
} from './money-test-helpers.ts';

/** Zelle to an email nobody had enrolled: claimed only with a one-time code from the outbox. */
let bank: TestBank;
beforeAll(async () => {
  bank = await startMoneyBank();
});
afterAll(async () => {
  await bank.stop();
});

let counter = 0;

/** Events that name the customer: a refused request adds none. */
async function eventsNaming(customerId: string): Promise<number> {
  const { rows } = await bank.ownerPool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM events WHERE data::text LIKE $1',
    [`%${customerId}%`],
  );
  return rows[0]!.n;
}

/** A sender with a payment of `amount` pending for a fresh email, and who enrolls that email. */
async function pendingPayment(amount: number) {
  counter += 1;
  const sender = await customer(bank, `Sender ${counter}`, 500);
  const email = `unclaimed.${Date.now()}.${counter}@example.com`;
  const sent = await sender.client.post('/api/zelle/send', {
    bank_account_id: sender.checking.id,
    amount,
    recipient_name: 'Newcomer',
    recipient_email: email,
  });
  expect(sent.status).toBe(201);
  const newcomer = await signedUpCustomer(
    bank,
    { name: `Newcomer ${counter}`, email },
    { proveContacts: false },
  );
  await dispatchJobs(bank);
  return { sender, email, paymentId: sent.body.data.transaction.id as string, newcomer };
}

/** The code in the ops outbox for this email (no mail server exists here). */
async function codeFromOutbox(email: string): Promise<string> {
  const outbox = (await opsClient(bank).get('/api/ops/zelle-claim-codes')).body.data
    .zelle_claim_codes as { sent_to: string; message: string | null }[];
  const message = outbox.find((m) => m.sent_to === email && m.message)?.message ?? '';
  return /\d{6}/.exec(message)![0];
}

async function checkingBalance(client: ApiClient, accountId: string): Promise<number> {
  await bank.runner.catchUp();
  const accounts = (await client.get('/api/accounts')).body.data.accounts as {
    id: string;
    balance: number;
  }[];
  return accounts.find((a) => a.id === accountId)!.balance;
}

/** A Zelle payment from the customer's checking to an email or phone (`to`). */
function sendZelle(from: Customer, amount: number, to: Record<string, string>, name = 'Recipient') {
  return from.client.post('/api/zelle/send', {
    bank_account_id: from.checking.id,
    amount,
    recipient_name: name,
    ...to,
  });
}

function claim(client: ApiClient, code: string, headers: Record<string, string> = {}) {
  return client.post('/api/zelle/claims', { kind: 'email', code }, headers);
}

describe('claiming with a one-time code', () => {
  it('credits the money once the code from the outbox is entered, exactly once', async () => {
    const { sender, email, newcomer } = await pendingPayment(80);
    const checking = newcomer.accounts[0]!.id;
    const asked = await newcomer.client.post('/api/zelle/claims/code', { kind: 'email' });
    expect(asked.status).toBe(201);
    // Not proven yet: how much waits for the email is not told before the code is entered.
    expect(asked.body.data.payments_waiting).toBeNull();
    expect(asked.body.data.sent_to).not.toContain(email.split('@')[0]);
    const code = await codeFromOutbox(email);
    // Stored, the code is in no column in clear: the check keeps a hash, the outbox a sealed message.
    const { rows } = await bank.pool.query(
      'SELECT to_jsonb(z)::text AS row FROM zelle_claim_codes z WHERE customer_id = $1',
      [newcomer.user.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].row).not.toContain(code);

    const wrong = await claim(newcomer.client, code === '000000' ? '111111' : '000000');
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.code).toEqual(['This code is not correct.']);
    expect(await checkingBalance(newcomer.client, checking)).toBe(0);

    const headers = { 'idempotency-key': `claim-${email}` };
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => claim(newcomer.client, code, headers)),
    );
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]));
    expect(answers[0]!.body.data.total).toBe(80);
    expect(await checkingBalance(newcomer.client, checking)).toBe(80);
    expect(await balances(sender, sender.checking.id)).toEqual({ balance: 420, available: 420 });

    // The code is used up: another request with it claims nothing more.
    const again = await claim(newcomer.client, code);
    expect(again.status).toBe(422);
    expect(await checkingBalance(newcomer.client, checking)).toBe(80);
    const outbox = (await opsClient(bank).get('/api/ops/zelle-claim-codes')).body.data
      .zelle_claim_codes as { sent_to: string; message: string | null }[];
    expect(outbox.filter((m) => m.sent_to === email).map((m) => m.message)).toEqual([null]);
    expect((await ledger(bank)).balanced).toBe(true);
  });

  it('tells every claim racing with one code, and a later one, that the code was used', async () => {
    const { sender, email, newcomer } = await pendingPayment(35);
    const checking = newcomer.accounts[0]!.id;
    expect((await newcomer.client.post('/api/zelle/claims/code', { kind: 'email' })).status).toBe(
      201,
    );
    const code = await codeFromOutbox(email);
    const { rows } = await bank.ownerPool.query<{ p: string }>(
      'SELECT coalesce(max(global_position), 0) AS p FROM events',
    );
    const before = Number(rows[0]!.p);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => claim(newcomer.client, code)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const losers = answers.filter((a) => a.status !== 200);
    expect(losers.map((a) => [a.status, a.body.errors?.code])).toEqual(
      losers.map(() => [422, [CLAIM_MESSAGES.used]]),
    );
    const afterRace = await eventsNaming(newcomer.user.id);
    const again = await claim(newcomer.client, code);
    expect(again.status).toBe(422);
    expect(again.body.errors.code).toEqual([CLAIM_MESSAGES.used]);
    expect(await eventsNaming(newcomer.user.id)).toBe(afterRace);
    // Only the one claim was recorded: one append, whatever the losers were told.
    const appends = await bank.ownerPool.query<{ n: number }>(
      `SELECT count(DISTINCT transaction_id)::int AS n FROM events
       WHERE global_position > $1 AND data::text LIKE $2`,
      [before, `%${newcomer.user.id}%`],
    );
    expect(appends.rows[0]!.n).toBe(1);
    expect(await checkingBalance(newcomer.client, checking)).toBe(35);
    expect(await balances(sender, sender.checking.id)).toEqual({ balance: 465, available: 465 });
  });

  it('keeps a code still to enter in the staff outbox, however many ended codes are newer', async () => {
    const { email, newcomer } = await pendingPayment(10);
    expect((await newcomer.client.post('/api/zelle/claims/code', { kind: 'email' })).status).toBe(
      201,
    );
    // Codes used, replaced or spent since, more than the outbox shows.
    await bank.pool.query(
      `INSERT INTO zelle_claim_codes (code_id, customer_id, contact_kind, code_hash, expires_at,
                                      closed_at)
       SELECT gen_random_uuid(), gen_random_uuid(), 'email', 'ended', now() + interval '15 minutes',
              now()
       FROM generate_series(1, 120)`,
    );
    const outbox = (await opsClient(bank).get('/api/ops/zelle-claim-codes')).body.data
      .zelle_claim_codes as { sent_to: string; message: string | null }[];
    expect(outbox.filter((m) => m.sent_to === email && m.message)).toHaveLength(1);
  });

  it('spends a code after five wrong tries, even against fifty racing guesses', async () => {
    const { email, newcomer } = await pendingPayment(40);
    await newcomer.client.post('/api/zelle/claims/code', { kind: 'email' });
    const code = await codeFromOutbox(email);
    const guesses = Array.from({ length: 50 }, (_, i) => String((Number(code) + 1 + i) % 1e6));
    const answers = await Promise.all(
      guesses.map((g) => claim(newcomer.client, g.padStart(6, '0'))),
    );
    expect(answers.every((a) => a.status === 422)).toBe(true);
    const { rows } = await bank.pool.query(
      'SELECT attempts FROM zelle_claim_codes WHERE customer_id = $1',
      [newcomer.user.id],
    );
    expect(rows[0].attempts).toBe(5);
    const right = await claim(newcomer.client, code);
    expect(right.status).toBe(422);
    expect(right.body.errors.code).toEqual([
      'This code is invalid or has expired. Please ask for a new code.',
    ]);
    expect(await checkingBalance(newcomer.client, newcomer.accounts[0]!.id)).toBe(0);
  });

  it('refuses bad input and a customer with nothing waiting, with a 4xx and no effect', async () => {
    const lonely: Customer = await customer(bank, 'Nothing Waiting', 10);
    const none = await lonely.client.post('/api/zelle/claims/code', { kind: 'phone' });
    expect(none.status).toBe(422);
    expect(none.body.errors.kind).toEqual(['No Zelle payments are waiting for your phone number.']);
    const badKind = await lonely.client.post('/api/zelle/claims/code', { kind: 'fax' });
    expect(badKind.body.errors.kind).toEqual(['Please choose email or phone.']);
    const badCode = await lonely.client.post('/api/zelle/claims', { kind: 'email', code: '12ab' });
    expect(badCode.status).toBe(422);
    expect(badCode.body.errors.code).toEqual(['Please enter the 6-digit code.']);
    const noCode = await claim(lonely.client, '123456');
    expect(noCode.status).toBe(422);
    expect(await balances(lonely, lonely.checking.id)).toEqual({ balance: 10, available: 10 });
  });

  it('returns the money to the sender at the end of the window when nobody claimed it', async () => {
    const { sender, paymentId, newcomer } = await pendingPayment(60);
    expect(await expireZellePayment(bank.ctx, paymentId)).toBe('returned');
    await bank.runner.catchUp();
    expect(await balances(sender, sender.checking.id)).toEqual({ balance: 500, available: 500 });
    // The code now only proves the newcomer's email: nothing is left to claim.
    const asked = await newcomer.client.post('/api/zelle/claims/code', { kind: 'email' });
    expect(asked.status).toBe(201);
    expect(asked.body.data.payments_waiting).toBeNull();
    expect(await checkingBalance(newcomer.client, newcomer.accounts[0]!.id)).toBe(0);
  });
});

describe('claims and the receive limit', () => {
  it('claims what fits in the daily receive limit; the rest keeps waiting for another day', async () => {
    counter += 1;
    const email = `popular.${Date.now()}.${counter}@example.com`;
    const senders = await Promise.all(
      [1, 2, 3].map((i) => customer(bank, `Sender ${counter}.${i}`, 2_500)),
    );
    for (const sender of senders) {
      expect((await sendZelle(sender, 2_000, { recipient_email: email }, 'Popular')).status).toBe(
        201,
      );
    }
    const newcomer = await signedUpCustomer(
      bank,
      { name: 'Popular', email },
      { proveContacts: false },
    );
    await newcomer.client.post('/api/zelle/claims/code', { kind: 'email' });
    const claimed = await claim(newcomer.client, await codeFromOutbox(email));
    expect(claimed.status).toBe(200);
    expect(claimed.body.message).toBe(
      '$4,000.00 claimed into your Premium Checking. 1 more payment keeps waiting: it would exceed your daily receive limit.',
    );
    expect(await checkingBalance(newcomer.client, newcomer.accounts[0]!.id)).toBe(4_000);
    const limits = (await newcomer.client.get('/api/zelle/limits')).body.data.limits;
    expect(limits.daily_receive).toEqual({ limit: 5000, used: 4000, remaining: 1000 });

    // Today nothing more fits: a new code claims nothing, and the payment still waits. The email
    // is proven now, so the answer says how many payments wait for it.
    const asked = await newcomer.client.post('/api/zelle/claims/code', { kind: 'email' });
    expect(asked.body.data.payments_waiting).toBe(1);
    const refused = await claim(newcomer.client, await codeFromOutbox(email));
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/^Claiming this money would exceed your daily Zelle/);
    expect(await checkingBalance(newcomer.client, newcomer.accounts[0]!.id)).toBe(4_000);
    expect((await ledger(bank)).balanced).toBe(true);
  });
});

describe('a claim with many payments waiting', () => {
  it('credits at most 25, oldest first; the rest wait for the next code', async () => {
    counter += 1;
    const email = `many.${Date.now()}.${counter}@example.com`;
    const sender = await customer(bank, `Many ${counter}`, 10);
    for (let cents = 1; cents <= 27; cents += 1) {
      expect((await sendZelle(sender, cents / 100, { recipient_email: email })).status).toBe(201);
    }
    const newcomer = await signedUpCustomer(bank, { email }, { proveContacts: false });
    const claimNext = async () => {
      expect((await newcomer.client.post('/api/zelle/claims/code', { kind: 'email' })).status).toBe(
        201,
      );
      return claim(newcomer.client, await codeFromOutbox(email));
    };
    const first = await claimNext();
    expect(first.body.data.claimed).toHaveLength(25);
    expect(first.body.message).toBe(
      '$3.25 claimed into your Premium Checking. 2 more payments keep waiting: ask for a new code to claim them.',
    );
    const second = await claimNext();
    expect(second.body.message).toBe('$0.53 claimed into your Premium Checking');
    expect(await checkingBalance(newcomer.client, newcomer.accounts[0]!.id)).toBe(3.78);
    expect((await ledger(bank)).balanced).toBe(true);
  });
});

describe('a right code when nothing waiting fits the receive limit today', () => {
  it('proves the contact all the same, and the money keeps waiting for another day', async () => {
    counter += 1;
    const email = `full.${Date.now()}.${counter}@example.com`;
    const phone = `207${String(Date.now() % 1e7).padStart(7, '0')}`;
    const senders = await Promise.all(
      [1, 2, 3, 4].map((i) => customer(bank, `Full Sender ${counter}.${i}`, 2_500)),
    );
    // $5,000 waits for the phone, $2,000 for the email.
    for (const [i, amount] of [2_000, 2_000, 1_000].entries()) {
      expect((await sendZelle(senders[i]!, amount, { recipient_phone: phone })).status).toBe(201);
    }
    expect((await sendZelle(senders[3]!, 2_000, { recipient_email: email })).status).toBe(201);
    const newcomer = await signedUpCustomer(
      bank,
      { name: 'Full', email, phone },
      { proveContacts: false },
    );
    const claimWith = async (kind: 'email' | 'phone') => {
      expect((await newcomer.client.post('/api/zelle/claims/code', { kind })).status).toBe(201);
      const code = await outboxCode(bank, newcomer.user.id, kind);
      return newcomer.client.post('/api/zelle/claims', { kind, code });
    };
    expect((await claimWith('phone')).body.message).toBe(
      '$5,000.00 claimed into your Premium Checking',
    );

    const proved = await claimWith('email');
    expect(proved.status).toBe(200);
    expect(proved.body.message).toBe(
      'Your email is verified. Zelle payments to it now arrive at once. 1 payment keeps waiting: it would exceed your daily receive limit.',
    );
    expect(proved.body.data.claimed).toEqual([]);
    await bank.runner.catchUp();
    expect((await newcomer.client.get('/api/user')).body.data.user.unverified_contacts).toEqual([]);
    expect(await checkingBalance(newcomer.client, newcomer.accounts[0]!.id)).toBe(5_000);
    // Proved, the email's waiting payment still needs a code, and nothing fits today: refused.
    const again = await claimWith('email');
    expect(again.status).toBe(422);
    expect(again.body.message).toMatch(/^Claiming this money would exceed your daily Zelle/);
    expect((await ledger(bank)).balanced).toBe(true);
  });
});

describe('the email and phone given at registration', () => {
  it("receive money only once proved: anyone can type someone else's email when registering", async () => {
    const email = `not.mine.${Date.now()}.${(counter += 1)}@example.com`;
    const claimant = await signedUpCustomer(
      bank,
      { name: 'Claimant', email },
      { proveContacts: false },
    );
    const payer = await customer(bank, 'Payer', 100);
    const user = async () => (await claimant.client.get('/api/user')).body.data.user;
    await bank.runner.catchUp();
    expect((await user()).unverified_contacts).toEqual(['email', 'phone']);

    const byTransfer = await payer.client.post('/api/transfers/validate-recipient', {
      recipient: email,
    });
    expect(byTransfer.body.data.valid).toBe(false);
    const waiting = await sendZelle(payer, 12, { recipient_email: email }, 'Claimant');
    expect(waiting.status).toBe(201);
    expect(waiting.body.data.transaction.status).toBe('pending');
    expect(await checkingBalance(claimant.client, claimant.accounts[0]!.id)).toBe(0);

    // The code goes to the mailbox: only whoever reads it can take the money.
    expect((await claimant.client.post('/api/zelle/claims/code', { kind: 'email' })).status).toBe(
      201,
    );
    expect((await claim(claimant.client, await codeFromOutbox(email))).status).toBe(200);
    expect(await checkingBalance(claimant.client, claimant.accounts[0]!.id)).toBe(12);
    expect((await user()).unverified_contacts).toEqual(['phone']);
    const atOnce = await sendZelle(payer, 3, { recipient_email: email }, 'Claimant');
    expect(atOnce.body.data.transaction.status).toBe('completed');
    expect(await ledger(bank)).toMatchObject({ balanced: true });
  });
});

describe('an email changed to in the profile', () => {
  const fresh = (label: string) => `${label}.${Date.now()}.${(counter += 1)}@example.com`;
  const lookUp = async (client: ApiClient, recipient: string) =>
    (await client.post('/api/transfers/validate-recipient', { recipient })).body.data as {
      valid: boolean;
      recipientName?: string;
    };
  const send = (from: Customer, email: string, amount: number) =>
    sendZelle(from, amount, { recipient_email: email }, 'My landlord');

  it('receives nothing until its owner proves it: money sent to it waits for the code', async () => {
    const taker = await customer(bank, 'Taker');
    const payer = await customer(bank, 'Payer', 100);
    const email = fresh('someone.else');
    expect((await taker.client.put('/api/profile', { email })).status).toBe(200);

    expect((await lookUp(payer.client, email)).valid).toBe(false);
    const waiting = await send(payer, email, 9.5);
    expect(waiting.status).toBe(201);
    expect(waiting.body.data.transaction.status).toBe('pending');
    expect(await checkingBalance(taker.client, taker.checking.id)).toBe(0);
    expect((await claim(taker.client, '000000')).status).toBe(422);

    // The answer does not say that money waits: putting someone else's email on a profile must
    // not tell what is being sent to them (an email with nothing waiting is answered alike).
    const asked = await taker.client.post('/api/zelle/claims/code', { kind: 'email' });
    expect(asked.status).toBe(201);
    expect(asked.body.data.payments_waiting).toBeNull();
    // Whoever reads that mailbox gets the code; with it, the money and later payments arrive.
    const claimed = await claim(taker.client, await codeFromOutbox(email));
    expect(claimed.status).toBe(200);
    expect(claimed.body.message).toBe('$9.50 claimed into your Premium Checking');
    expect((await lookUp(payer.client, email)).recipientName).toBe('Taker');
    const atOnce = await send(payer, email, 1);
    expect(atOnce.body.data.transaction.status).toBe('completed');
    expect(await checkingBalance(taker.client, taker.checking.id)).toBe(10.5);
    expect(await ledger(bank)).toMatchObject({ balanced: true });
  });

  it('is proved by a code with nothing waiting, and not by a code sent to an earlier email', async () => {
    const mover = await customer(bank, 'Mover');
    const payer = await customer(bank, 'Payer', 10);
    const first = fresh('first');
    const second = fresh('second');
    expect((await mover.client.put('/api/profile', { email: first })).status).toBe(200);
    const asked = await mover.client.post('/api/zelle/claims/code', { kind: 'email' });
    expect(asked.status).toBe(201);
    expect(asked.body.data.payments_waiting).toBeNull();
    const codeForFirst = await codeFromOutbox(first);
    expect((await mover.client.put('/api/profile', { email: second })).status).toBe(200);
    // The code left the outbox with the email it was sent to.
    expect(await outboxCode(bank, mover.id, 'email')).toBeUndefined();
    const refused = await claim(mover.client, codeForFirst);
    expect(refused.status).toBe(422);
    expect((await lookUp(payer.client, second)).valid).toBe(false);

    expect((await mover.client.post('/api/zelle/claims/code', { kind: 'email' })).status).toBe(201);
    const proved = await claim(mover.client, await codeFromOutbox(second));
    expect(proved.status).toBe(200);
    expect(proved.body.message).toBe(
      'Your email is verified. Zelle payments to it now arrive at once.',
    );
    expect((await lookUp(payer.client, second)).recipientName).toBe('Mover');
    // Proved once: no code is sent for it again while nothing waits.
    expect((await mover.client.post('/api/zelle/claims/code', { kind: 'email' })).status).toBe(422);
  });

  it('gives an email claimed at once by its former holder and another customer to one of them', async () => {
    for (let round = 0; round < 5; round += 1) {
      const leaver = await customer(bank, 'Returning');
      const other = await customer(bank, 'Racing');
      const old = leaver.email;
      expect((await leaver.client.put('/api/profile', { email: fresh('away') })).status).toBe(200);
      const [back, taken] = await Promise.all([
        leaver.client.put('/api/profile', { email: old }),
        other.client.put('/api/profile', { email: old }),
      ]);
      expect([back.status, taken.status].sort()).toEqual([200, 422]);
      const emails = await Promise.all(
        [leaver, other].map(async (c) => (await c.client.get('/api/user')).body.data.user.email),
      );
      expect(emails.filter((e) => e === old)).toHaveLength(1);
    }
  });

  it('frees the email it replaces, for a new customer or another, and no reset reaches it', async () => {
    const leaver = await customer(bank, 'Leaver');
    const old = leaver.email;
    const passing = fresh('passing');
    expect((await leaver.client.put('/api/profile', { email: passing })).status).toBe(200);
    expect((await leaver.client.put('/api/profile', { email: old })).status).toBe(200);
    // The email held for a moment is free again; the one returned to is the leaver's.
    const newcomer = await signedUpCustomer(bank, { email: passing }, { proveContacts: false });
    expect(newcomer.user.email).toBe(passing);
    const other = await customer(bank, 'Other');
    const taken = await other.client.put('/api/profile', { email: old });
    expect(taken.body.errors).toEqual({ email: ['The email has already been taken.'] });

    expect((await leaver.client.put('/api/profile', { email: fresh('moved') })).status).toBe(200);
    const resets = async () =>
      (
        (await opsClient(bank).get('/api/ops/password-resets')).body.data.password_resets as {
          name: string;
        }[]
      ).filter((r) => r.name === 'Leaver').length;
    await new ApiClient(bank).post('/api/forgot-password', { email: old });
    expect(await resets()).toBe(0);
    expect((await other.client.put('/api/profile', { email: old })).status).toBe(200);
  });
});

describe('an email someone registered with and never proved', () => {
  afterAll(() => {
    vi.useRealTimers();
  });

  it('keeps its owner out for a day at most; once the owner proves it, it is theirs', async () => {
    counter += 1;
    const email = `squatted.${Date.now()}.${counter}@example.com`;
    const squatter = await signedUpCustomer(bank, { email }, { proveContacts: false });
    const register = () =>
      new ApiClient(bank).post('/api/register', registrationPayload({ email }));
    // The same day: refused, without saying why.
    expect((await register()).body.data.user).toBeNull();

    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(Date.now() + 25 * 60 * 60 * 1000);
    const owner = await signedUpCustomer(bank, { email }, { proveContacts: false });
    await proveOwnContacts(bank, owner.client, owner.user.id);
    // The squatter can no longer ask for a code to it, and nobody can take it from the owner.
    expect((await squatter.client.post('/api/zelle/claims/code', { kind: 'email' })).status).toBe(
      422,
    );
    vi.setSystemTime(Date.now() + 25 * 60 * 60 * 1000);
    expect((await register()).body.data.user).toBeNull();
  });
});
