import { deposit } from '@bank/server/testing';
import { describe, expect, it } from 'vitest';
import {
  dialog,
  expectScreenAccessible,
  fieldError,
  focusedElement,
  openTab,
  toast,
} from './page-models/banking';
import { useBankAndBrowser } from './support/fixtures';
import { screenshotPath } from './support/screenshots';

// Bill Pay against the real bank.

const t = useBankAndBrowser();

/** A customer with $100 in checking and one payee, Stream Co. */
async function customerWithPayee() {
  const customer = await t.customer();
  const checking = customer.accounts.find((a) => a.type === 'checking')!;
  await deposit(t.bank, checking.account_number, 100);
  await customer.client.post('/api/bill-payments/payees', {
    name: 'Stream Co',
    category: 'streaming',
    account_number: '55501234',
  });
  return customer;
}

describe('Bill Pay', () => {
  it('adds a payee, pays it today with confirmation, filters and sorts the history, deletes the payee', async () => {
    const customer = await t.customer();
    const checking = customer.accounts.find((a) => a.type === 'checking')!;
    await deposit(t.bank, checking.account_number, 400);
    // A customer far east of the bank (UTC+14): their calendar is a day ahead of New York's for
    // most of the day, yet the form's "today" is the bank's, so the payment is paid now.
    const page = await t.signedInPage(customer, undefined, { timezoneId: 'Pacific/Kiritimati' });
    await page.goto('/bill-pay');
    await page.getByText('No payees found').waitFor();
    // With no payee to pay, Schedule Payment starts with adding one rather than an empty list.
    await page.getByRole('button', { name: 'Schedule Payment' }).click();
    const add = dialog(page, 'Add New Payee');
    await add.getByLabel('Company Name').waitFor();
    await add.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Add Your First Payee' }).click();
    await add.getByRole('button', { name: 'Add Payee' }).click();
    await add.getByText('Please enter the company name.').waitFor();
    await add.getByLabel('Company Name').fill('Harbor Power & Light');
    await add.getByLabel('Category').selectOption('utilities');
    await add.getByLabel('Account Number').fill('77001234');
    await add.getByLabel('Default Amount (optional)').fill('82.40');
    await add.getByLabel('Enable AutoPay').check();
    await add.getByLabel('AutoPay Day of Month').fill('40');
    await add.getByRole('button', { name: 'Add Payee' }).click();
    await add.getByText('The AutoPay day must be between 1 and 31.').waitFor();
    await expectScreenAccessible(page, 'add payee');
    await add.getByLabel('Enable AutoPay').uncheck();
    await add.getByRole('button', { name: 'Add Payee' }).click();
    await toast(page, 'Payee added successfully!').waitFor();
    // Add Your First Payee went with the empty list: the focus is on the new payee's Pay Now.
    await expect.poll(() => focusedElement(page)).toBe('BUTTON: Pay Now: Harbor Power & Light');

    await page.getByRole('button', { name: 'Pay Now: Harbor Power & Light' }).click();
    const pay = dialog(page, 'Pay Harbor Power & Light');
    // The payee's default amount, in cents as a customer writes it.
    expect(await pay.getByLabel('Amount').inputValue()).toBe('82.40');
    await pay.getByLabel('Make this a recurring payment').check();
    await pay.getByRole('button', { name: 'Review Payment' }).click();
    await pay.getByText('Please select how often the payment repeats.').waitFor();
    await pay.getByLabel('Make this a recurring payment').uncheck();
    await pay.getByRole('button', { name: 'Review Payment' }).click();
    const confirm = dialog(page, 'Confirm Payment');
    await confirm.getByText('$82.40').waitFor();
    // When the payee gets the money, before the customer confirms and after.
    const arrival =
      'Harbor Power & Light receives it today, electronically: the money leaves your account now.';
    await confirm.getByText(arrival).waitFor();
    await expectScreenAccessible(page, 'confirm payment');
    await confirm.getByRole('button', { name: 'Confirm Payment' }).click();
    await toast(page, 'Payment sent successfully!').waitFor();
    const done = dialog(page, 'Payment Confirmation');
    await done.getByText(/Reference number/).waitFor();
    await done.getByText(arrival).waitFor();
    await expectScreenAccessible(page, 'payment confirmation');
    await done.getByRole('button', { name: 'Done' }).click();
    await done.waitFor({ state: 'detached' });
    // Its Amount field took the focus on opening: the focus still goes back to Pay Now.
    await expect.poll(() => focusedElement(page)).toBe('BUTTON: Pay Now: Harbor Power & Light');

    await openTab(page, 'History');
    await page.getByRole('heading', { name: 'Complete Transaction History' }).waitFor();
    const table = page.getByRole('table');
    await table.getByText('Harbor Power & Light', { exact: false }).first().waitFor();
    // Categories in words, never the server's keys (card_purchase, external-bank).
    expect(await table.locator('tbody').textContent()).not.toMatch(/[a-z][_-][a-z]/);
    await page.getByLabel('Show').selectOption('transfers');
    await page.getByText('No Transaction History').waitFor();
    await page.getByLabel('Show').selectOption('bill_payments');
    await table.getByText('Harbor Power & Light', { exact: false }).first().waitFor();
    await page.getByLabel('Show').selectOption('all');
    await table.getByRole('button', { name: 'Amount' }).click();
    expect(
      await table.getByRole('columnheader', { name: /Amount/ }).getAttribute('aria-sort'),
    ).not.toBe('none');
    await expectScreenAccessible(page, 'bill pay history');
    // A receipt opened from the history goes back to it, by name.
    const historyAt = page.url();
    await table
      .getByRole('link', { name: /Harbor Power & Light/ })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Receipt' }).waitFor();
    await page.getByRole('link', { name: 'Back to Bill Pay' }).click();
    await page.getByRole('heading', { name: 'Complete Transaction History' }).waitFor();
    expect(page.url()).toBe(historyAt);

    await openTab(page, 'Manage Payees');
    await page.getByText('AutoPay Disabled').waitFor();
    // The same payee again: the bank refuses it on its account number, where the focus goes.
    await page.getByRole('button', { name: 'Add Payee' }).click();
    await add.getByLabel('Company Name').fill('Harbor Power & Light');
    await add.getByLabel('Category').selectOption('utilities');
    await add.getByLabel('Account Number').fill('77001234');
    await add.getByRole('button', { name: 'Add Payee' }).click();
    await add.getByText('You already have this payee: the same name and account number.').waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('account_number');
    await add.getByRole('button', { name: 'Cancel' }).click();
    await add.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Delete Harbor Power & Light' }).click();
    const del = dialog(page, 'Delete payee');
    await del.getByText('Are you sure you want to delete this payee?').waitFor();
    await del.getByRole('button', { name: 'Delete Payee' }).click();
    await toast(page, 'Payee deleted successfully!').waitFor();
    await page.getByText('No Payees Yet').waitFor();
    // Its card, and the Delete button, are gone: the focus stays in Manage Payees.
    await expect
      .poll(() =>
        page
          .getByRole('tabpanel', { name: 'Manage Payees' })
          .evaluate((panel) => panel.contains(document.activeElement)),
      )
      .toBe(true);
  });

  it('keeps the payment on a double click of Review Payment (375 px), where the review is smaller', async () => {
    const customer = await customerWithPayee();
    const page = await t.signedInPage(customer, { width: 375, height: 812 });
    await page.goto('/bill-pay');
    await page.getByRole('button', { name: 'Schedule Payment' }).click();
    const pay = dialog(page, 'Schedule Payment');
    await pay.getByLabel('Payee').selectOption({ label: 'Stream Co' });
    await pay.getByLabel('Amount').fill('15.99');
    await pay.getByRole('button', { name: 'Review Payment' }).dblclick();
    await dialog(page, 'Confirm Payment').getByText('$15.99').first().waitFor();
    await page.getByRole('button', { name: 'Confirm Payment' }).click();
    await toast(page, /Payment (scheduled|sent|processed)/)
      .first()
      .waitFor();
  });

  it('schedules a recurring payment for later', async () => {
    const customer = await customerWithPayee();
    const page = await t.signedInPage(customer);
    await page.goto('/bill-pay');
    await page.getByRole('button', { name: 'Schedule Payment' }).click();
    const pay = dialog(page, 'Schedule Payment');
    await pay.getByLabel('Payee').selectOption({ label: 'Stream Co' });
    await pay.getByLabel('Amount').fill('15.99');
    const later = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    await pay.getByLabel('Payment Date').fill(later);
    await pay.getByLabel('Make this a recurring payment').check();
    await pay.getByLabel('Frequency').selectOption('monthly');
    await pay.getByRole('button', { name: 'Review Payment' }).click();
    await dialog(page, 'Confirm Payment').getByText('Monthly').waitFor();
    await page.getByRole('button', { name: 'Confirm Payment' }).click();
    await toast(page, 'Payment scheduled successfully!').waitFor();
    const done = dialog(page, 'Payment Confirmation');
    // Nothing has moved yet: no reference and no receipt until the day it is paid.
    await done.getByText(/reference number and receipt on the day it is paid/).waitFor();
    expect(await done.getByRole('link', { name: 'View receipt' }).count()).toBe(0);
    await done.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('heading', { name: 'Upcoming Payments' }).waitFor();
  });
  it('says its payees and history did not load rather than that there are none, and tries again', async () => {
    const customer = await customerWithPayee();
    const page = await t.signedInPage(customer, { width: 375, height: 800 });
    const failing = /\/api\/bill-payments\/(payees|history)$/;
    await page.route(failing, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    await page.goto('/bill-pay');
    await page.getByText('Failed to load bill payment data').waitFor();
    await page.getByRole('heading', { name: 'Quick Pay' }).waitFor();
    const noneClaimed = /No payees found|No Payees Yet|No Transaction History|0 items/;
    expect(await page.getByText(noneClaimed).count(), 'Pay Bills').toBe(0);
    await openTab(page, 'Manage Payees');
    expect(await page.getByText(noneClaimed).count(), 'Manage Payees').toBe(0);
    await openTab(page, 'History');
    expect(await page.getByText(noneClaimed).count(), 'History').toBe(0);

    await page.unroute(failing);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByText('Failed to load bill payment data').waitFor({ state: 'detached' });
    await openTab(page, 'Pay Bills');
    await page.getByRole('button', { name: 'Pay Now: Stream Co' }).waitFor();
  });
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 360, height: 800 },
  ]) {
    it(`renames a payee, refusing a name that would make it look like another (${viewport.width} px)`, async () => {
      const customer = await t.customer();
      for (const extra of [
        { account_number: '1111 2222 4455' },
        { account_number: '9999 8888 4455', display_name: 'Rental flat' },
      ]) {
        const added = await customer.client.post('/api/bill-payments/payees', {
          name: 'City Power',
          category: 'utilities',
          ...extra,
        });
        expect(added.status).toBe(201);
      }
      const page = await t.signedInPage(customer, viewport);
      await page.goto('/bill-pay?tab=payees');
      const renameButton = page.getByRole('button', { name: 'Rename Rental flat' });
      await renameButton.click();
      const rename = dialog(page, 'Rename payee');
      const nickname = rename.getByLabel('Nickname (optional)');
      expect(await nickname.inputValue()).toBe('Rental flat');
      // Without its nickname it would look like the other City Power account ending in 4455.
      await nickname.fill('');
      await rename.getByRole('button', { name: 'Save nickname' }).click();
      const refused =
        'You already have a payee with this name and an account ending in the same 4 digits. Please give this one a nickname to tell them apart.';
      await expect.poll(() => fieldError(page, 'Nickname (optional)')).toBe(refused);
      expect(await focusedElement(page)).toMatch(/^INPUT/);
      await expectScreenAccessible(page, `rename payee: nickname needed (${viewport.width} px)`);

      await nickname.fill('Flat on Elm St');
      await rename.getByRole('button', { name: 'Save nickname' }).click();
      await toast(page, 'Payee renamed').waitFor();
      await rename.waitFor({ state: 'detached' });
      const card = page.locator('.payee-card', { hasText: 'Flat on Elm St' });
      await card.waitFor();
      expect(await card.locator('dd').nth(1).textContent()).toBe('City Power ****4455');
      // The focus is back on the card's Rename, under its new name.
      await expect.poll(() => focusedElement(page)).toBe('BUTTON: Rename Flat on Elm St');
      const names = (await customer.client.get('/api/bill-payments/payees')).body.data.payees.map(
        (p: { display_name: string }) => p.display_name,
      );
      expect(names).toEqual(['City Power', 'Flat on Elm St']);
    });
  }

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 800 },
  ]) {
    it(`shows the first 10 payees with Show all (12), on both tabs (${viewport.width} px)`, async () => {
      const customer = await t.customer();
      for (let i = 1; i <= 12; i += 1) {
        const added = await customer.client.post('/api/bill-payments/payees', {
          name: `Utility ${String(i).padStart(2, '0')}`,
          category: 'utilities',
          account_number: `5550${String(i).padStart(4, '0')}`,
        });
        expect(added.status, JSON.stringify(added.body)).toBe(201);
      }
      const page = await t.signedInPage(customer, viewport);
      await page.goto('/bill-pay');
      const yours = page.getByRole('region', { name: 'Your Payees' });
      const rows = yours.locator('.payee-row');
      await rows.first().waitFor();
      expect(await rows.count()).toBe(10);
      await expectScreenAccessible(page, `your payees, first 10 (${viewport.width} px)`);
      await page.screenshot({
        path: screenshotPath(`payees-${viewport.width}.png`),
        fullPage: true,
      });
      await yours.getByRole('button', { name: 'Show all (12)' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => rows.count()).toBe(12);
      await expect.poll(() => focusedElement(page)).toMatch(/^LI: Utility 11/);

      await openTab(page, 'Manage Payees');
      const cards = page.locator('.payee-card');
      await cards.first().waitFor();
      expect(await cards.count()).toBe(10);
      await page.screenshot({
        path: screenshotPath(`manage-payees-${viewport.width}.png`),
        fullPage: true,
      });
      await page.getByRole('button', { name: 'Show all (12)' }).click();
      await expect.poll(() => cards.count()).toBe(12);
      await expect.poll(() => focusedElement(page)).toMatch(/^LI: Utility 11/);
    });
  }

  it('asks for a nickname when a payee would look like another (name and last 4), then tells them apart', async () => {
    const customer = await t.customer();
    await customer.client.post('/api/bill-payments/payees', {
      name: 'City Power',
      category: 'utilities',
      account_number: '1111 2222 4455',
    });
    const page = await t.signedInPage(customer, { width: 375, height: 812 });
    await page.goto('/bill-pay?tab=payees');
    await page.getByRole('button', { name: 'Add Payee' }).click();
    const add = dialog(page, 'Add New Payee');
    await add.getByLabel('Company Name').fill('City Power');
    await add.getByLabel('Category').selectOption('utilities');
    await add.getByLabel('Account Number').fill('9999 8888 4455');
    await add.getByRole('button', { name: 'Add Payee' }).click();
    await add
      .getByText(
        'You already have a payee with this name and an account ending in the same 4 digits. Please give this one a nickname to tell them apart.',
      )
      .waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('display_name');
    await expectScreenAccessible(page, 'add payee: nickname needed');
    expect((await customer.client.get('/api/bill-payments/payees')).body.data.payees).toHaveLength(
      1,
    );
    await add.getByLabel('Nickname (optional)').fill('Rental flat');
    await add.getByRole('button', { name: 'Add Payee' }).click();
    await toast(page, 'Payee added successfully!').waitFor();

    // Each card says which is which: the nickname, and the company beside the masked number.
    const card = (name: string) => page.locator('.payee-card', { hasText: name });
    await card('Rental flat').waitFor();
    expect(await card('Rental flat').locator('dd').nth(1).textContent()).toBe(
      'City Power ****4455',
    );
    await openTab(page, 'Pay Bills');
    const tiles = page.locator('.quick-pay__tile');
    await expect
      .poll(() => tiles.evaluateAll((ts) => ts.map((t) => t.textContent)))
      .toEqual([
        expect.stringMatching(/^City Power\*{4}4455/),
        expect.stringMatching(/^Rental flatCity Power \*{4}4455/),
      ]);
    await page.getByRole('button', { name: 'Pay Now: Rental flat', exact: true }).click();
    const pay = dialog(page, 'Pay Rental flat');
    expect(await pay.getByLabel('Payee').locator('option').allTextContents()).toEqual([
      'Select payee',
      'City Power',
      'Rental flat',
    ]);
    expect(await pay.getByLabel('Payee').inputValue()).not.toBe('');
    await expectScreenAccessible(page, 'payees told apart');
  });
});
