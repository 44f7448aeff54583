import { addDaysIso, bankToday } from '@bank/contracts/bank-time';
import { deposit } from '@bank/server/testing';
import { describe, expect, it } from 'vitest';
import { expectScreenAccessible, focusedElement, toast } from './page-models/banking';
import { BillPayPage } from './page-models/bill-pay';
import { useBankAndBrowser } from './support/fixtures';
import { screenshotPath } from './support/screenshots';

// Editing and cancelling a scheduled bill payment from Upcoming Payments, in Chromium at desktop
// and phone widths against the real bank.

const t = useBankAndBrowser();

/** A date `days` after the bank's today, as the date input takes it. */
const inDays = (days: number) => addDaysIso(bankToday(), days);

const VIEWPORTS = [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 375, height: 800 }],
] as const;

/** A customer with $100 in checking and one payee, Harbor Water. */
async function customerWithHarborWater() {
  const customer = await t.customer();
  const checking = customer.accounts.find((a) => a.type === 'checking')!;
  await deposit(t.bank, checking.account_number, 100);
  const payee = await customer.client.post('/api/bill-payments/payees', {
    name: 'Harbor Water',
    category: 'utilities',
    account_number: '55501234',
  });
  return { customer, checking, payeeId: payee.body.data.payee.id as string };
}

describe('Bill Pay: edit and cancel a scheduled payment', { timeout: 180_000 }, () => {
  for (const [name, viewport] of VIEWPORTS) {
    it(`schedules a monthly payment, edits its amount, cancels it (${name})`, async () => {
      const { customer } = await customerWithHarborWater();
      const page = await t.signedInPage(customer, viewport);
      const billPay = new BillPayPage(page);
      await billPay.open();
      await billPay.schedule('Harbor Water', '42.50', inDays(5), 'monthly');
      const row = billPay.upcomingTo('Harbor Water');
      await row.getByText('$42.50').waitFor();
      await expectScreenAccessible(page, `upcoming payments (${name})`);
      // The row and its Edit and Cancel fit the width: nothing scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await row.getByRole('button', { name: /^Cancel payment/ }).waitFor();

      const edit = await billPay.edit('Harbor Water');
      expect(await edit.getByLabel('Amount').inputValue()).toBe('42.50');
      await edit.getByLabel('Amount').fill('0');
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await edit.getByText('The minimum payment is $0.01.').waitFor();
      await edit.getByLabel('Amount').fill('55.25');
      await expectScreenAccessible(page, `edit payment (${name})`);
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await toast(page, 'Scheduled payment updated').waitFor();
      await edit.waitFor({ state: 'hidden' });
      await row.getByText('$55.25').waitFor();
      expect(await billPay.upcoming.count()).toBe(1);

      const ask = await billPay.cancel('Harbor Water');
      await ask.getByText(/\$55\.25 payment to Harbor Water on .*all future payments/).waitFor();
      await expectScreenAccessible(page, `cancel payment (${name})`);
      // Keyboard: the dialog's buttons are reachable and Escape keeps the payment.
      await page.keyboard.press('Escape');
      await ask.waitFor({ state: 'hidden' });
      await row.waitFor();
      await (
        await billPay.cancel('Harbor Water')
      )
        .getByRole('button', { name: 'Cancel payment' })
        .click();
      await toast(page, 'Scheduled payment cancelled').waitFor();
      await expect.poll(() => billPay.upcoming.count()).toBe(0);
      await page.getByRole('heading', { name: 'Upcoming Payments' }).waitFor({ state: 'detached' });
      // Nothing was paid.
      const accounts = (await customer.client.get('/api/accounts')).body.data.accounts as {
        type: string;
        balance: number;
      }[];
      expect(accounts.find((a) => a.type === 'checking')?.balance).toBe(100);
    });
  }

  it('keeps the keyboard focus in the list when a payment is cancelled', async () => {
    const { customer, checking, payeeId } = await customerWithHarborWater();
    for (const [amount, days] of [
      [10, 3],
      [20, 6],
    ] as const) {
      const scheduled = await customer.client.post('/api/bill-payments/schedule', {
        payee_id: payeeId,
        from_account_id: checking.id,
        amount,
        scheduled_date: inDays(days),
        is_recurring: false,
      });
      expect(scheduled.status).toBe(201);
    }
    const page = await t.signedInPage(customer);
    const billPay = new BillPayPage(page);
    await billPay.open();
    await expect.poll(() => billPay.upcoming.count()).toBe(2);
    const focused = () => focusedElement(page);
    const cancelFirst = async () => {
      await page
        .getByRole('button', { name: /^Cancel payment: Harbor Water/ })
        .first()
        .focus();
      await page.keyboard.press('Enter');
      const ask = page.getByRole('alertdialog', { name: 'Cancel scheduled payment?' });
      await ask.getByRole('button', { name: 'Cancel payment' }).focus();
      await page.keyboard.press('Enter');
      await ask.waitFor({ state: 'hidden' });
    };

    // The row goes with its Cancel button: the focus moves to the next payment.
    await cancelFirst();
    await expect.poll(() => billPay.upcoming.count()).toBe(1);
    await expect.poll(focused).toMatch(/^LI: Harbor Water.*\$20\.00/);
    // The last one takes Upcoming Payments with it: the focus stays in the tab.
    await cancelFirst();
    await page.getByRole('heading', { name: 'Upcoming Payments' }).waitFor({ state: 'detached' });
    await expect.poll(focused).toMatch(/^tabpanel: Quick Pay/);
  });
});

/** Bill Pay open, after a monthly $42.50 to Harbor Water was scheduled on it. */
async function monthlyToHarborWater(viewport?: { width: number; height: number }) {
  const { customer } = await customerWithHarborWater();
  const page = await t.signedInPage(customer, viewport);
  const billPay = new BillPayPage(page);
  await billPay.open();
  await billPay.schedule('Harbor Water', '42.50', inDays(5), 'monthly');
  await billPay.upcomingTo('Harbor Water').waitFor();
  return { customer, page, billPay };
}

describe('Bill Pay: a payment that matches one already scheduled', { timeout: 180_000 }, () => {
  it('asks before making it, and makes it once the customer confirms', async () => {
    const { customer, page, billPay } = await monthlyToHarborWater();

    // The same monthly bill again (another day): the bank asks, and nothing is made yet.
    const review = await billPay.review('Harbor Water', '42.50', inDays(12), 'monthly');
    await review.getByRole('button', { name: 'Confirm Payment' }).click();
    const ask = review.getByRole('status').filter({ hasText: 'Already scheduled?' });
    await ask
      .getByText(
        /^This payment appears to be a duplicate: \$42\.50 to Harbor Water already repeats monthly, next on [A-Z][a-z]{2} \d{1,2}, \d{4}\.$/,
      )
      .waitFor();
    await expectScreenAccessible(page, 'duplicate payment question');
    const upcoming = () => customer.client.get('/api/bill-payments/scheduled');
    expect((await upcoming()).body.data.payments).toHaveLength(1);

    await review.getByRole('button', { name: 'Schedule It Anyway' }).click();
    await billPay.scheduled();
    await expect.poll(() => billPay.upcomingTo('Harbor Water').count()).toBe(2);
  });
});

describe(
  'Bill Pay: the duplicate question, by keyboard and on an edit',
  { timeout: 180_000 },
  () => {
    it('takes the focus when it appears, so Enter pressed twice on Confirm Payment does not confirm it', async () => {
      const { customer, page, billPay } = await monthlyToHarborWater();
      const confirmations: string[] = [];
      page.on('request', (r) => {
        const body = r.postData() ?? '';
        if (r.url().includes('/bill-payments/schedule') && body.includes('confirm_duplicate')) {
          confirmations.push(body);
        }
      });

      const review = await billPay.review('Harbor Water', '42.50', inDays(12), 'monthly');
      await review.getByRole('button', { name: 'Confirm Payment' }).focus();
      await page.keyboard.press('Enter');
      const ask = review.getByRole('region', { name: 'Already scheduled?' });
      await ask.waitFor();
      await page.waitForTimeout(200);
      await page.keyboard.press('Enter');
      await page.waitForTimeout(500);

      await expect.poll(() => focusedElement(page)).toMatch(/^SECTION: Already scheduled\?$/);
      await review.getByRole('button', { name: 'Schedule It Anyway' }).waitFor();
      expect(confirmations).toEqual([]);
      const upcoming = await customer.client.get('/api/bill-payments/scheduled');
      expect(upcoming.body.data.payments).toHaveLength(1);
    });

    it('shows its answers whole on a phone, not below the fold', async () => {
      const { page, billPay } = await monthlyToHarborWater({ width: 375, height: 800 });
      const review = await billPay.review('Harbor Water', '42.50', inDays(12), 'monthly');
      await review.getByRole('button', { name: 'Confirm Payment' }).click();
      const anyway = review.getByRole('button', { name: 'Schedule It Anyway' });
      await anyway.waitFor();
      await page.waitForTimeout(300);
      const inView = () =>
        anyway.evaluate((button) => {
          const box = button.getBoundingClientRect();
          return box.top >= 0 && box.bottom <= window.innerHeight;
        });
      await page.screenshot({ path: screenshotPath('bill-pay-duplicate-question-phone.png') });
      expect(await inView()).toBe(true);
    });

    it('asks before an edit that makes a payment repeat another, and saves it once confirmed', async () => {
      const { customer, checking, payeeId } = await customerWithHarborWater();
      await customer.client.post('/api/bill-payments/schedule', {
        payee_id: payeeId,
        from_account_id: checking.id,
        amount: 42.5,
        scheduled_date: inDays(5),
      });
      await customer.client.post('/api/bill-payments/schedule', {
        payee_id: payeeId,
        from_account_id: checking.id,
        amount: 30,
        scheduled_date: inDays(5),
      });
      const page = await t.signedInPage(customer);
      const billPay = new BillPayPage(page);
      await billPay.open();
      await expect.poll(() => billPay.upcomingTo('Harbor Water').count()).toBe(2);

      const edit = await billPay.edit('Harbor Water, \\$30\\.00');
      await edit.getByLabel('Amount').fill('42.50');
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      const ask = edit.getByRole('region', { name: 'Already scheduled?' });
      await ask
        .getByText(
          /^This payment appears to be a duplicate: \$42\.50 to Harbor Water is already scheduled on /,
        )
        .waitFor();
      await expect.poll(() => focusedElement(page)).toMatch(/^SECTION: Already scheduled\?$/);
      await expectScreenAccessible(page, 'duplicate edit question');

      await edit.getByRole('button', { name: 'Save It Anyway' }).click();
      await edit.waitFor({ state: 'detached' });
      const upcoming = await customer.client.get('/api/bill-payments/scheduled');
      expect(upcoming.body.data.payments.map((p: { amount: number }) => p.amount)).toEqual([
        42.5, 42.5,
      ]);
    });
  },
);

describe('Bill Pay: scheduled payments at the limit', { timeout: 300_000 }, () => {
  for (const [name, viewport] of VIEWPORTS) {
    it(`shows 10 of 100 with Show all, and leads from the refusal of one more to them (${name})`, async () => {
      const customer = await t.customer();
      const checking = customer.accounts.find((a) => a.type === 'checking')!;
      const payee = (
        await customer.client.post('/api/bill-payments/payees', {
          name: 'Harbor Water',
          category: 'utilities',
          account_number: '55501234',
        })
      ).body.data.payee as { id: string };
      for (let i = 0; i < 100; i += 1) {
        const made = await customer.client.post('/api/bill-payments/schedule', {
          payee_id: payee.id,
          from_account_id: checking.id,
          amount: (100 + i) / 100,
          scheduled_date: inDays(30),
        });
        expect(made.status, JSON.stringify(made.body)).toBe(201);
      }
      const page = await t.signedInPage(customer, viewport);
      const billPay = new BillPayPage(page);
      await billPay.open();
      const list = page.getByRole('region', { name: 'Upcoming Payments' });
      await list.getByText('100 of 100 scheduled payments in use').waitFor();
      await expect.poll(() => billPay.upcoming.count()).toBe(10);
      await expectScreenAccessible(page, `upcoming payments at the limit (${name})`);
      await page.screenshot({ path: screenshotPath(`bill-limit-${name}.png`), fullPage: true });
      const showAll = list.getByRole('button', { name: 'Show all (100)' });
      await showAll.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => billPay.upcoming.count()).toBe(100);
      await expect.poll(() => focusedElement(page)).toMatch(/^LI: Harbor Water/);

      await page.getByRole('button', { name: 'Schedule Payment' }).click();
      const form = page.getByRole('dialog', { name: 'Schedule Payment' });
      await form.getByLabel('Payee').selectOption({ label: 'Harbor Water' });
      await form.getByLabel('Amount').fill('12');
      await form.getByLabel('Payment Date').fill(inDays(5));
      await form.getByRole('button', { name: 'Review Payment' }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirm Payment' });
      await confirm.getByRole('button', { name: 'Confirm Payment' }).click();
      await confirm
        .getByText(
          'You can have up to 100 scheduled payments. Cancel one you no longer need to schedule another.',
        )
        .waitFor();
      await expectScreenAccessible(page, `refusal of one scheduled payment too many (${name})`);
      await page.screenshot({ path: screenshotPath(`bill-refused-${name}.png`), fullPage: true });
      await confirm.getByRole('button', { name: 'View upcoming payments' }).click();
      await confirm.waitFor({ state: 'detached' });
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.id))
        .toBe('upcoming-payments');
      expect(await billPay.upcoming.count()).toBe(100);
    });
  }
});
