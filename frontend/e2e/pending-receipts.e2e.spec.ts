import { deposit } from '@bank/server/testing';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  dialog,
  expectNoSidewaysScroll,
  expectScreenAccessible,
  openTab,
  toast,
} from './page-models/banking';
import { useBankAndBrowser, type Customer } from './support/fixtures';
import { screenshotPath } from './support/screenshots';

// Receipts from every list and confirmation, and cancelling what is still pending, in Chromium
// against the real bank. External transfers stay pending: they settle after business days.

const t = useBankAndBrowser();

const checking = (c: Customer) => c.accounts.find((a) => a.type === 'checking')!;
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

async function funded(name: string, dollars: number) {
  const customer = await t.customer({ name });
  const response = await deposit(t.bank, checking(customer).account_number, dollars);
  customer.client.consistencyToken = response.headers['x-consistency-token'];
  return customer;
}

/** An instant as the bank's day, the way the receipt writes it ("Dec 4, 2026"). */
const bankDay = (iso: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  }).format(new Date(iso));

/**
 * A pending line of Zelle activity at this width: its amount and status beside the text, at the
 * line's right edge, and the cancel button under them, not widening their column.
 */
async function expectActivityLineLaidOut(page: Page, item: Locator, width: number) {
  await page.setViewportSize({ width, height: 812 });
  const box = async (part: Locator) => (await part.boundingBox())!;
  const [line, main, side, action] = [
    await box(item),
    await box(item.locator('.zelle-activity__main')),
    await box(item.locator('.zelle-activity__side')),
    await box(item.getByRole('button', { name: /^Cancel/ })),
  ];
  expect(side.y, `the amount wrapped under the text at ${width} px`).toBeLessThan(
    main.y + main.height / 2,
  );
  expect(side.x).toBeGreaterThanOrEqual(main.x + main.width);
  expect(line.x + line.width - (side.x + side.width)).toBeLessThan(2);
  expect(action.y).toBeGreaterThanOrEqual(side.y + side.height);
  await page.screenshot({ path: screenshotPath(`zelle-activity-pending-${width}.png`) });
}

/** The receipt's status badge, its timeline and its counterparty line. */
async function receiptFacts(page: Page) {
  await page.getByRole('heading', { name: 'Receipt', level: 1 }).waitFor();
  const timeline = page.getByRole('list', { name: 'Timeline' });
  await timeline.waitFor();
  return {
    timeline: (await timeline.textContent()) ?? '',
    details: (await page.locator('.receipt__details').textContent()) ?? '',
    status: (await page.locator('.receipt .badge').first().textContent()) ?? '',
  };
}

for (const viewport of [DESKTOP, PHONE]) {
  describe(`pending Zelle at ${viewport.width} px`, () => {
    it('shows the reference and receipt after sending, and cancels an unclaimed payment', async () => {
      const alice = await funded('Alice Pending', 300);
      const page = await t.signedInPage(alice, viewport);
      await page.goto('/zelle');
      const form = page.getByRole('form', { name: 'Send Money' });
      // The file's first page: the web app's first load on a busy machine can be slow.
      await form.getByLabel('Recipient Name').waitFor({ timeout: 30_000 });
      await form.getByLabel('Recipient Name').fill('Nora Newcomer');
      await form
        .getByLabel('Recipient Email')
        .fill(`nora.${Date.now()}.${viewport.width}@example.com`);
      await form.getByLabel('Amount').fill('40');
      await form.getByRole('button', { name: 'Send Money' }).click();
      await dialog(page, 'Confirm payment').getByRole('button', { name: 'Confirm Send' }).click();
      const confirmation = form.getByRole('status').filter({ hasText: 'Reference number' });
      await confirmation.waitFor();
      expect(await confirmation.textContent()).toMatch(/Reference number ZEL-\w+/);
      await expectScreenAccessible(page, 'zelle sent confirmation');

      await confirmation.getByRole('link', { name: 'View receipt' }).click();
      let receipt = await receiptFacts(page);
      expect(receipt.status).toBe('Pending');
      expect(receipt.details).toContain('Nora Newcomer');
      await page.getByRole('button', { name: 'Cancel payment' }).waitFor();
      await expectScreenAccessible(page, 'pending zelle receipt');

      await page.goto('/zelle');
      await openTab(page, 'Activity');
      const item = page.locator('.zelle-activity__item', { hasText: 'Sent to Nora Newcomer' });
      await item.getByText('Pending').waitFor();
      for (const width of viewport === PHONE ? [360, PHONE.width] : [DESKTOP.width]) {
        await expectActivityLineLaidOut(page, item, width);
      }
      await item.getByRole('button', { name: 'Cancel payment' }).click();
      const ask = dialog(page, 'Cancel payment?');
      await ask.getByText(/has not claimed your payment of \$40\.00/).waitFor();
      await expectScreenAccessible(page, 'cancel payment dialog');
      await ask.getByRole('button', { name: 'Cancel payment' }).click();
      await toast(page, /Payment to Nora Newcomer cancelled/).waitFor();
      await item.getByText('Cancelled').waitFor();
      expect(await item.getByRole('button', { name: 'Cancel payment' }).count()).toBe(0);
      // The button went with the payment's pending state: the focus is on its line instead.
      await expect.poll(() => item.evaluate((line) => line === document.activeElement)).toBe(true);
      await expectNoSidewaysScroll(page);

      await item.getByRole('link', { name: 'Sent to Nora Newcomer' }).click();
      receipt = await receiptFacts(page);
      expect(receipt.status).toBe('Cancelled');
      expect(receipt.timeline).toMatch(/Initiated.*Reversed.*Cancelled by you/);
      expect(await page.getByRole('button', { name: 'Cancel payment' }).count()).toBe(0);
      await expectNoSidewaysScroll(page);
      await expectScreenAccessible(page, 'reversed zelle receipt');
    });

    it('cancels a request nobody has answered', async () => {
      const asker = await t.customer({ name: 'Asker Example' });
      const payer = await t.customer({ name: 'Payer Example' });
      const page = await t.signedInPage(asker, viewport);
      await page.goto('/zelle');
      await openTab(page, 'Request');
      const request = page.getByRole('form', { name: 'Request Money' });
      await request.getByLabel('Recipient Name').fill('Payer Example');
      await request.getByLabel('Recipient Email').fill(payer.payload.email as string);
      await request.getByLabel('Amount').fill('12.5');
      await request.getByRole('button', { name: 'Request Money' }).click();
      const confirmation = request.getByRole('status').filter({ hasText: 'Reference number' });
      await confirmation.waitFor();
      // Nothing has moved yet: a reference, but no receipt.
      expect(await confirmation.getByRole('link').count()).toBe(0);

      await openTab(page, 'Activity');
      const item = page.locator('.zelle-activity__item', { hasText: 'Request to Payer Example' });
      await item.getByRole('button', { name: 'Cancel request' }).click();
      await dialog(page, 'Cancel request?').getByRole('button', { name: 'Cancel request' }).click();
      await item.getByText('Cancelled').waitFor();
      const waiting = (await payer.client.get('/api/zelle/requests')).body.data.requests;
      expect(waiting).toEqual([]);
    });
  });
}

for (const viewport of [DESKTOP, PHONE]) {
  describe(`a pending external transfer at ${viewport.width} px`, () => {
    it('is cancelled from its receipt before it settles, amount and fee back at once', async () => {
      const customer = await funded('Ext Canceller', 500);
      const sent = await customer.client.post('/api/transfers/external-bank', {
        fromAccount: checking(customer).id,
        amount: 100,
        recipientName: 'Alex Kim',
        bankName: 'First National',
        accountNumber: '55554444',
        routingNumber: '021000021',
      });
      expect(sent.status).toBe(201);
      const reference = sent.body.data.transfer.reference_number as string;
      const page = await t.signedInPage(customer, viewport);
      await page.goto(`/transactions/${reference}`);
      let receipt = await receiptFacts(page);
      expect(receipt.status).toBe('Pending');
      expect(receipt.details).toContain('Alex Kim');
      // What it costs in all, and when it should arrive, as the confirmation said.
      const arrives = bankDay(sent.body.data.transfer.estimated_settlement as string);
      expect(receipt.details).toContain('Fee$3.00');
      expect(receipt.details).toContain('Total charged$103.00');
      expect(receipt.details).toContain(`Expected to arriveBy ${arrives}`);
      expect(receipt.details).toContain('Balance afterNot yet posted');
      await expectNoSidewaysScroll(page);
      await page.getByRole('button', { name: 'Cancel transfer' }).click();
      const ask = dialog(page, 'Cancel transfer?');
      await ask.waitFor();
      await expectScreenAccessible(page, `cancel transfer dialog at ${viewport.width} px`);
      await ask.getByRole('button', { name: 'Cancel transfer' }).click();
      await toast(page, /\$103\.00 is available/).waitFor();
      await page.locator('.receipt .badge', { hasText: 'Cancelled' }).waitFor();
      receipt = await receiptFacts(page);
      expect(receipt.timeline).toMatch(/Initiated.*Reversed/);
      // Cancelled: nothing was charged, and nothing is on its way.
      expect(receipt.details).not.toContain('Total charged');
      expect(receipt.details).not.toContain('Expected to arrive');
      expect(receipt.details).toContain('Balance afterNot posted');
      expect(await page.getByRole('button', { name: 'Cancel transfer' }).count()).toBe(0);
      // ...and the focus on the receipt, not at the top of the page.
      await expect
        .poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('main .card'))))
        .toBe(true);
      await expectNoSidewaysScroll(page);
      await expectScreenAccessible(page, `cancelled transfer receipt at ${viewport.width} px`);

      const again = await customer.client.post(
        `/api/transfers/${sent.body.data.transfer.id as string}/cancel`,
        {},
      );
      expect(again.status).toBe(409);
    });
  });

  describe(`receipts from the lists at ${viewport.width} px`, () => {
    it('bill-pay history and crypto history open the receipt with the right counterparty', async () => {
      const customer = await funded('List Receipts', 2000);
      const payee = await customer.client.post('/api/bill-payments/payees', {
        name: 'Harbor Water',
        category: 'utilities',
        account_number: '99887766',
      });
      expect(payee.status).toBe(201);
      const paid = await customer.client.post('/api/bill-payments/schedule', {
        payee_id: payee.body.data.payee.id,
        from_account_id: checking(customer).id,
        amount: 45,
      });
      expect(paid.status).toBe(201);
      const bought = await customer.client.post('/api/crypto/buy', {
        symbol: 'BTC',
        amount_usd: 100,
        bank_account_id: checking(customer).id,
      });
      expect(bought.status).toBe(201);

      const page = await t.signedInPage(customer, viewport);
      await page.goto('/bill-pay');
      await openTab(page, 'History');
      await page.getByRole('heading', { name: 'Complete Transaction History' }).waitFor();
      // A table on a desktop, a list of cards on a phone: whichever the customer sees.
      const history = page
        .getByRole('table')
        .or(page.getByRole('list', { name: 'Complete Transaction History' }));
      const billLink = history.getByRole('link', { name: /Harbor Water/ }).first();
      await billLink.waitFor();
      await expectNoSidewaysScroll(page);
      await billLink.click();
      const bill = await receiptFacts(page);
      expect(bill.details).toContain('Harbor Water');
      expect(bill.details).toMatch(/Reference number\w+/);
      await expectNoSidewaysScroll(page);
      await expectScreenAccessible(page, `bill payment receipt at ${viewport.width} px`);

      await page.goto('/crypto');
      await openTab(page, 'History');
      const tradeLink = page.getByRole('link', { name: /Buy BTC/ });
      await tradeLink.waitFor();
      await expectNoSidewaysScroll(page);
      await tradeLink.click();
      const trade = await receiptFacts(page);
      expect(trade.details).toMatch(/Reference numberCRY-\w+/);
      expect(trade.status).toBe('Completed');
      await expectNoSidewaysScroll(page);
      await expectScreenAccessible(page, `crypto trade receipt at ${viewport.width} px`);
    });
  });
}
