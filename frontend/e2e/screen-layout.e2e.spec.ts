import { addDaysIso, bankToday } from '@bank/contracts/bank-time';
import { deposit } from '@bank/server/testing';
import { describe, expect, it } from 'vitest';
import { expectNoSidewaysScroll } from './page-models/banking';
import { useBankAndBrowser, type Customer } from './support/fixtures';
import { screenshotPath } from './support/screenshots';

// What only a real browser shows: a clean console on the online-banking aliases.

const t = useBankAndBrowser();

describe('online-banking aliases', () => {
  it('sends /online-banking to /login without a console warning', async () => {
    const page = await t.newPage();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });
    await page.goto('/online-banking');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(warnings).toEqual([]);
  });
});

describe('the shell with a long customer name', () => {
  it('keeps the name inside the sidebar card and the search box usable (1280 px)', async () => {
    const name = 'Nora Newcomer-Longsurname Wolfeschlegelsteinhausen';
    const customer = await t.customer({ name });
    const page = await t.signedInPage(customer, { width: 1280, height: 720 });
    await page.goto('/dashboard');
    const card = page.locator('.sidebar--fixed .sidebar__user');
    await card.getByText(name).waitFor();
    const overflow = await card.evaluate((el) => {
      const right = el.getBoundingClientRect().right;
      return [...el.querySelectorAll('p')].map((p) => {
        const range = document.createRange();
        range.selectNodeContents(p);
        return Math.max(0, range.getBoundingClientRect().right - right);
      });
    });
    expect(overflow, 'text past the card’s right edge').toEqual([0, 0]);

    const search = page.locator('.topbar .search');
    expect((await search.boundingBox())!.width).toBeGreaterThanOrEqual(300);
    // Shortened on the screen, the name is still whole in the account menu's name.
    await page
      .getByRole('button', { name: `Account menu for NN ${name} ${customer.payload.email}` })
      .waitFor();
  });
});

describe('a memo written without spaces', () => {
  const checking = (c: Customer) => c.accounts.find((a) => a.type === 'checking')!;

  it('wraps inside Zelle activity and a request for the payer, at 375 and 1280 px', async () => {
    const memo = 'x'.repeat(255);
    const sender = await t.customer({ name: 'Mona Memo' });
    const payer = await t.customer({ name: 'Pat Payer' });
    await deposit(t.bank, checking(sender).account_number, 100);
    const sent = await sender.client.post('/api/zelle/send', {
      bank_account_id: checking(sender).id,
      amount: 12.3,
      recipient_name: 'Jamie Friend',
      recipient_email: `jamie.friend.${Date.now()}@example.com`,
      memo,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const asked = await sender.client.post(
      '/api/zelle/request',
      {
        bank_account_id: checking(sender).id,
        recipient_name: 'Pat Payer',
        recipient_email: payer.payload.email,
        amount: 15,
        memo,
      },
      { 'Idempotency-Key': `memo-${Date.now()}` },
    );
    expect(asked.status, JSON.stringify(asked.body)).toBeLessThan(300);

    for (const width of [375, 1280]) {
      const page = await t.signedInPage(sender, { width, height: 800 });
      await page.goto('/zelle?tab=activity');
      await page.getByText(memo).first().waitFor();
      await expectNoSidewaysScroll(page);
      await page.close();

      const payerPage = await t.signedInPage(payer, { width, height: 800 });
      await payerPage.goto('/zelle');
      await payerPage.getByRole('heading', { name: 'Requests for You' }).waitFor();
      await payerPage.getByText(memo).first().waitFor();
      await expectNoSidewaysScroll(payerPage);
      await payerPage.close();
    }
  });

  it('wraps a scheduled transfer’s memo and a payee’s name in Bill Pay and on the receipt', async () => {
    const customer = await t.customer({ name: 'Wes Wrap' });
    const from = checking(customer);
    const savings = customer.accounts.find((a) => a.type === 'savings')!;
    await deposit(t.bank, from.account_number, 100);
    const scheduled = await customer.client.post('/api/transfers/scheduled', {
      type: 'between-accounts',
      fromAccount: from.id,
      toAccount: savings.id,
      amount: 7,
      transferDate: addDaysIso(bankToday(), 7),
      frequency: 'monthly',
      memo: 'M'.repeat(255),
    });
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(201);
    const payeeName = 'P'.repeat(100);
    const payee = await customer.client.post('/api/bill-payments/payees', {
      name: payeeName,
      category: 'utilities',
      account_number: '55512345678',
    });
    expect(payee.status, JSON.stringify(payee.body)).toBe(201);
    const paid = await customer.client.post('/api/bill-payments/schedule', {
      payee_id: payee.body.data.payee.id,
      from_account_id: from.id,
      amount: 5.25,
      scheduled_date: bankToday(),
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    // The payment's posting (and so its receipt) is in the read model a moment after the answer.
    const receiptOfPayment = async () => {
      const history = await customer.client.get('/api/bill-payments/history');
      const rows = history.body.data.transactions as { receipt_id: string | null }[];
      return rows.find((row) => row.receipt_id)?.receipt_id ?? null;
    };
    await expect.poll(receiptOfPayment, { timeout: 10_000 }).not.toBeNull();
    const receiptId = (await receiptOfPayment())!;

    for (const width of [375, 1280]) {
      const page = await t.signedInPage(customer, { width, height: 800 });
      await page.goto('/transfer');
      await page.getByText(`Memo: ${'M'.repeat(255)}`).waitFor();
      await expectNoSidewaysScroll(page);
      await page.goto('/bill-pay?tab=history');
      await page
        .getByRole('link', { name: new RegExp(payeeName) })
        .first()
        .waitFor();
      await expectNoSidewaysScroll(page);
      await page.goto(`/transactions/${receiptId}`);
      await page
        .getByRole('heading', { name: new RegExp(payeeName) })
        .first()
        .waitFor();
      await expectNoSidewaysScroll(page);
      // The masked account number stays on one line, never broken between its groups.
      const masked = page.locator('.receipt__details dd .mono').first();
      expect(await masked.evaluate((el) => el.getClientRects().length)).toBe(1);
      await page.close();
    }
  });
});

describe('the alerts form on a phone', () => {
  it('keeps its fields within 375 px once an alert is on', async () => {
    const customer = await t.customer();
    const page = await t.signedInPage(customer, { width: 375, height: 800 });
    await page.goto('/profile?tab=notifications');
    await page.getByLabel('Low balance').check();
    await page.getByLabel('Alert me when the balance falls below').fill('100.00');
    // Its accounts start empty, so the form names those already below the amount.
    await page.getByText('Already below this amount:').waitFor();
    await page.getByLabel('Large transaction').check();
    await page.getByLabel(/^Alert me about any single transaction/).fill('2500.00');
    await expectNoSidewaysScroll(page);
    await page
      .locator('form.alerts-form')
      .screenshot({ path: screenshotPath('alerts-form-375.png') });
  });
});
