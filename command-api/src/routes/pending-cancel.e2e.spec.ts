import { signedUpCustomer, type TestBank } from '@bank/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleTransfer } from '../jobs/settlement.ts';
import { expireZellePayment } from '../services/zelle.ts';
import { balances, customer, ledger, opsClient, startMoneyBank } from './money-test-helpers.ts';

/** Cancelling what is still pending: Zelle requests and payments, external transfers. */
let bank: TestBank;
beforeAll(async () => {
  // Settlement only when a test asks for it.
  bank = await startMoneyBank(3_600_000);
});
afterAll(async () => {
  await bank.stop();
});

let counter = 0;
const fresh = () => `pending.${Date.now()}.${(counter += 1)}@example.com`;

async function pendingZelle(amount: number) {
  const sender = await customer(bank, `Sender ${(counter += 1)}`, 500);
  const email = fresh();
  const sent = await sender.client.post('/api/zelle/send', {
    bank_account_id: sender.checking.id,
    amount,
    recipient_name: 'Newcomer',
    recipient_email: email,
  });
  expect(sent.status).toBe(201);
  return { sender, email, paymentId: sent.body.data.transaction.id as string };
}

async function pendingTransfer(amount: number) {
  const c = await customer(bank, `Ext ${(counter += 1)}`, 500);
  const sent = await c.client.post('/api/transfers/external-bank', {
    fromAccount: c.checking.id,
    amount,
    recipientName: 'Alex Kim',
    bankName: 'First National',
    accountNumber: '55554444',
    routingNumber: '021000021',
  });
  expect(sent.status).toBe(201);
  return { c, transferId: sent.body.data.transfer.id as string };
}

/** The customer's history line of a hold (pending, then failed/cancelled or completed). */
async function holdLine(
  c: { client: { get: (p: string) => Promise<{ body: any }> } },
  ref: string,
) {
  await bank.runner.catchUp();
  const list = await c.client.get(
    `/api/dashboard/comprehensive-history?search=${encodeURIComponent(ref)}&limit=50`,
  );
  return list.body.data.transactions as { id: string; status: string; amount: number }[];
}

describe('cancelling an unclaimed Zelle payment', () => {
  it('returns the held money exactly once, shows it cancelled and reversed on the receipt', async () => {
    const { sender, paymentId } = await pendingZelle(80);
    expect(await balances(sender, sender.checking.id)).toEqual({ balance: 500, available: 420 });

    const headers = { 'idempotency-key': `cancel-${paymentId}` };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        sender.client.post(`/api/zelle/payments/${paymentId}/cancel`, {}, headers),
      ),
    );
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]));
    expect(answers[0]!.body.data.cancelled).toMatchObject({
      kind: 'zelle-payment',
      id: paymentId,
      status: 'cancelled',
      returned: 80,
    });
    await bank.runner.catchUp();
    expect(await balances(sender, sender.checking.id)).toEqual({ balance: 500, available: 500 });

    const again = await sender.client.post(`/api/zelle/payments/${paymentId}/cancel`, {});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This payment was already cancelled.');
    // The end of the claim window finds nothing to return.
    expect(await expireZellePayment(bank.ctx, paymentId)).toBe('nothing to do');
    await bank.runner.catchUp();
    expect(await balances(sender, sender.checking.id)).toEqual({ balance: 500, available: 500 });

    const notices = (await sender.client.get('/api/notifications')).body.data.notifications as {
      title: string;
    }[];
    expect(notices.map((n) => n.title)).toContain('Zelle payment cancelled');
    const activity = (await sender.client.get('/api/zelle/transactions')).body.data.transactions;
    expect(activity.find((a: { id: string }) => a.id === paymentId).status).toBe('cancelled');

    const reference = answers[0]!.body.data.cancelled.reference_number as string;
    const line = (await holdLine(sender, reference))[0]!;
    expect(line.status).toBe('cancelled');
    const receipt = (await sender.client.get(`/api/transactions/${line.id}`)).body.data.receipt;
    expect(receipt.timeline.map((s: { step: string }) => s.step)).toEqual([
      'initiated',
      'reversed',
    ]);
    expect(receipt.timeline[1].detail).toBe('Cancelled by you');
    expect(receipt.cancellable).toBeNull();
    expect((await ledger(bank)).balanced).toBe(true);
  });

  it('lets exactly one of a racing claim and cancel win', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { sender, email, paymentId } = await pendingZelle(30);
      const newcomer = await signedUpCustomer(
        bank,
        { name: 'Newcomer', email },
        { proveContacts: false },
      );
      await newcomer.client.post('/api/zelle/claims/code', { kind: 'email' });
      const outbox = (await opsClient(bank).get('/api/ops/zelle-claim-codes')).body.data
        .zelle_claim_codes as { sent_to: string; message: string | null }[];
      const code = /\d{6}/.exec(outbox.find((m) => m.sent_to === email && m.message)!.message!)![0];

      const [claim, cancel] = await Promise.all([
        newcomer.client.post('/api/zelle/claims', { kind: 'email', code }),
        sender.client.post(`/api/zelle/payments/${paymentId}/cancel`, {}),
      ]);
      // A claim that finds nothing left still proves the email (200, nothing claimed); a cancel
      // too late answers 409. Either way the money moves once.
      expect(claim.status).toBe(200);
      const claimed = (claim.body.data.claimed as unknown[]).length;
      expect(claimed + (cancel.status === 200 ? 1 : 0)).toBe(1);
      if (cancel.status !== 200) expect(cancel.status).toBe(409);
      await bank.runner.catchUp();
      const from = await balances(sender, sender.checking.id);
      const to = (await newcomer.client.get('/api/accounts')).body.data.accounts.find(
        (a: { id: string }) => a.id === newcomer.accounts[0]!.id,
      ).balance as number;
      if (claimed === 1) {
        expect(from).toEqual({ balance: 470, available: 470 });
        expect(to).toBe(30);
      } else {
        expect(from).toEqual({ balance: 500, available: 500 });
        expect(to).toBe(0);
      }
    }
    expect((await ledger(bank)).balanced).toBe(true);
  });

  it("answers 404 for another customer's payment and 409 for a delivered one", async () => {
    const { paymentId } = await pendingZelle(10);
    const other = await customer(bank, 'Other', 100);
    expect((await other.client.post(`/api/zelle/payments/${paymentId}/cancel`, {})).status).toBe(
      404,
    );
    const unknown = await other.client.post(
      '/api/zelle/payments/00000000-0000-4000-8000-000000000000/cancel',
      {},
    );
    expect(unknown.status).toBe(404);

    const payee = await customer(bank, 'Payee');
    const instant = await other.client.post('/api/zelle/send', {
      bank_account_id: other.checking.id,
      amount: 5,
      recipient_name: 'Payee',
      recipient_email: payee.email,
    });
    const delivered = await other.client.post(
      `/api/zelle/payments/${instant.body.data.transaction.id}/cancel`,
      {},
    );
    expect(delivered.status).toBe(409);
    expect(delivered.body.message).toBe(
      'This payment was already delivered and can no longer be cancelled.',
    );
  });
});

describe('cancelling a Zelle request', () => {
  it('by the requester only, while unanswered; then it cannot be paid', async () => {
    const requester = await customer(bank, 'Requester');
    const payer = await customer(bank, 'Payer', 100);
    const made = await requester.client.post('/api/zelle/request', {
      bank_account_id: requester.checking.id,
      amount: 12,
      recipient_name: 'Payer',
      recipient_email: payer.email,
    });
    const id = made.body.data.request.id as string;
    expect((await payer.client.post(`/api/zelle/requests/${id}/cancel`, {})).status).toBe(404);

    const cancelled = await requester.client.post(`/api/zelle/requests/${id}/cancel`, {});
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.cancelled).toMatchObject({ kind: 'zelle-request', returned: 0 });

    const pay = await payer.client.post(`/api/zelle/requests/${id}/pay`, {
      bank_account_id: payer.checking.id,
    });
    expect(pay.status).toBe(409);
    await bank.runner.catchUp();
    expect(await balances(payer, payer.checking.id)).toEqual({ balance: 100, available: 100 });
    for (const who of [requester, payer]) {
      const lines = (await who.client.get('/api/zelle/transactions')).body.data.transactions;
      expect(lines.find((l: { id: string }) => l.id === id).status).toBe('cancelled');
    }
    const waiting = (await payer.client.get('/api/zelle/requests')).body.data;
    expect(JSON.stringify(waiting)).not.toContain(id);
  });
});

describe('cancelling a pending external transfer', () => {
  it('releases the amount and the fee once; settlement then finds nothing to settle', async () => {
    const { c, transferId } = await pendingTransfer(100);
    expect(await balances(c, c.checking.id)).toEqual({ balance: 500, available: 397 });

    const other = await customer(bank, 'Nosy');
    expect((await other.client.post(`/api/transfers/${transferId}/cancel`, {})).status).toBe(404);

    const answers = await Promise.all([
      c.client.post(`/api/transfers/${transferId}/cancel`, {}),
      c.client.post(`/api/transfers/${transferId}/cancel`, {}),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const ok = answers.find((a) => a.status === 200)!;
    expect(ok.body.data.cancelled).toMatchObject({ kind: 'transfer', returned: 103 });

    expect(await settleTransfer(bank.ctx, transferId)).toBe('nothing to do');
    await bank.runner.catchUp();
    expect(await balances(c, c.checking.id)).toEqual({ balance: 500, available: 500 });
    const notices = (await c.client.get('/api/notifications')).body.data.notifications as {
      title: string;
    }[];
    expect(notices.map((n) => n.title)).toContain('Transfer cancelled');
    const recent = (await c.client.get('/api/transfers/recent')).body.data.transfers;
    expect(recent.find((t: { id: string }) => t.id === transferId).status).toBe('cancelled');
    expect((await ledger(bank)).balanced).toBe(true);
  });

  it('refuses with a clear 409 once the transfer has settled', async () => {
    const { c, transferId } = await pendingTransfer(50);
    expect(await settleTransfer(bank.ctx, transferId)).toBe('settled');
    const late = await c.client.post(`/api/transfers/${transferId}/cancel`, {});
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(
      'This transfer has already settled and can no longer be cancelled.',
    );
    await bank.runner.catchUp();
    expect(await balances(c, c.checking.id)).toEqual({ balance: 447, available: 447 });
  });

  it('offers the cancel on the pending line’s receipt', async () => {
    const { c, transferId } = await pendingTransfer(20);
    await bank.runner.catchUp();
    const lines = (await c.client.get('/api/dashboard/comprehensive-history?limit=20')).body.data
      .transactions as {
      id: string;
      status: string;
      kind: string;
    }[];
    const pending = lines.find((l) => l.status === 'pending' && l.kind !== 'fee')!;
    const receipt = (await c.client.get(`/api/transactions/${pending.id}`)).body.data.receipt;
    expect(receipt.cancellable).toEqual({ kind: 'transfer', id: transferId });
  });
});

describe('a cancel whose id is spelled another way', () => {
  it('is the same request: a retry upper-cased or percent-encoded gets the first answer', async () => {
    const { c, transferId } = await pendingTransfer(60);
    const headers = { 'idempotency-key': `cancel-spelling-${transferId}` };
    const first = await c.client.post(
      `/api/transfers/${transferId.toUpperCase()}/cancel`,
      {},
      headers,
    );
    expect(first.status).toBe(200);
    expect(first.body.data.cancelled).toMatchObject({ id: transferId, status: 'cancelled' });

    for (const spelled of [transferId, transferId.replaceAll('-', '%2D')]) {
      const again = await c.client.post(`/api/transfers/${spelled}/cancel`, {}, headers);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
    }
    await bank.runner.catchUp();
    expect(await balances(c, c.checking.id)).toEqual({ balance: 500, available: 500 });
  });
});
