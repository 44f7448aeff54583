import { addDaysIso, bankToday } from '@bank/contracts/bank-time';
import { deposit } from '@bank/server/testing';
import { describe, expect, it } from 'vitest';
import {
  expectScreenAccessible as expectAccessible,
  toast,
  TransferPage,
} from './page-models/banking';
import { useBankAndBrowser, type Customer } from './support/fixtures';
import { screenshotPath } from './support/screenshots';

// Scheduled and recurring transfers, and the confirmation's reference number, in Chromium at
// desktop and phone widths against the real bank.

const t = useBankAndBrowser();

function account(customer: Customer, type: string) {
  const found = customer.accounts.find((a) => a.type === type);
  if (!found) throw new Error(`no ${type} account`);
  return found;
}

/** A date `days` after the bank's today, as the date input takes it. */
const inDays = (days: number) => addDaysIso(bankToday(), days);

const VIEWPORTS = [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 375, height: 800 }],
] as const;

describe('Scheduled transfers', { timeout: 180_000 }, () => {
  for (const [name, viewport] of VIEWPORTS) {
    it(`schedules a monthly transfer, edits and cancels it (${name})`, async () => {
      const customer = await t.customer();
      const checking = account(customer, 'checking');
      const savings = account(customer, 'savings');
      await deposit(t.bank, checking.account_number, 100);
      const page = await t.signedInPage(customer, viewport);
      const wizard = new TransferPage(page);
      await wizard.open();
      await page.getByText(/No scheduled transfers/).waitFor();

      await wizard.choose('Between My Accounts');
      await wizard.selectFrom(checking.name);
      await wizard.selectByText('To Account', savings.name);
      // More than the balance today: a scheduled transfer is checked on its day.
      await wizard.field('Amount (USD)').fill('250');
      await wizard.field('Transfer Date').fill(inDays(3));
      await wizard.field('Repeat').selectOption('monthly');
      await wizard.field('Ends').selectOption('count');
      await wizard.field('Number of Transfers').fill('6');
      await expectAccessible(page, `schedule form (${name})`);
      await wizard.review();
      await page.getByRole('heading', { name: 'Review your transfer' }).waitFor();
      expect(await wizard.summaryValue('Repeats').textContent()).toBe('Every month');
      expect(await wizard.summaryValue('Ends').textContent()).toBe('After 6 transfers');
      await wizard.confirm();
      await page.getByRole('heading', { name: 'Transfer Scheduled' }).waitFor();
      await expectAccessible(page, `schedule confirmation (${name})`);
      // Nothing moved.
      const accounts = (await customer.client.get('/api/accounts')).body.data.accounts as {
        type: string;
        balance: number;
      }[];
      expect(accounts.find((a) => a.type === 'checking')?.balance).toBe(100);

      await page.getByRole('button', { name: 'See scheduled transfers' }).click();
      // The list itself takes the focus, scrolled into view, not the top of the transfer form.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.id))
        .toBe('scheduled-transfers');
      expect(
        await page
          .locator('#scheduled-transfers')
          .evaluate((el) => el.getBoundingClientRect().top < window.innerHeight),
      ).toBe(true);
      const item = page.locator('.scheduled-transfer').first();
      await item.getByText(/Every month from .*, 6 transfers · Active/).waitFor();
      await expectAccessible(page, `scheduled list (${name})`);

      await page.getByRole('button', { name: /^Edit Between My Accounts/ }).click();
      const edit = page.getByRole('dialog', { name: 'Edit scheduled transfer' });
      // The money goes to savings: savings cannot be where it comes from.
      const from = await edit.getByLabel('From Account').locator('option').allTextContents();
      expect(from.some((o) => o.includes(savings.name))).toBe(false);
      const sent: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/transfers/scheduled/')) sent.push(r.method());
      });
      // Held to the transfer form's minimum before the bank is asked, the focus on the amount.
      const amount = edit.getByLabel('Amount (USD)');
      await amount.fill('0');
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await edit.getByText('Please enter an amount of at least $5.00').waitFor();
      expect(await amount.evaluate((input) => input === document.activeElement)).toBe(true);
      expect(sent).toEqual([]);
      await amount.fill('75');
      await expectAccessible(page, `edit dialog (${name})`);
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await toast(page, 'Scheduled transfer updated').waitFor();
      await page.locator('.scheduled-transfer').getByText('$75.00').waitFor();

      await page.getByRole('button', { name: /^Cancel Between My Accounts/ }).click();
      const ask = page.getByRole('alertdialog', { name: 'Cancel scheduled transfer?' });
      await ask.getByText(/no further transfers will be made/).waitFor();
      await ask.getByRole('button', { name: 'Cancel transfer' }).dblclick();
      await toast(page, 'Scheduled transfer cancelled').waitFor();
      expect(sent).toEqual(['PUT', 'DELETE']);
      await item.getByText(/Cancelled/).waitFor();
      await expect.poll(() => page.getByRole('button', { name: /^Edit / }).count()).toBe(0);
      // Its Cancel button is gone: the focus is on the cancelled row, not the top of the page.
      await expect.poll(() => item.evaluate((row) => row === document.activeElement)).toBe(true);
    });
  }

  it('shows the reference number after a transfer with its receipt, and saves the recipient', async () => {
    const customer = await t.customer();
    const checking = account(customer, 'checking');
    await deposit(t.bank, checking.account_number, 300);
    const page = await t.signedInPage(customer);
    const wizard = new TransferPage(page);
    await wizard.open();
    await wizard.typeToAnotherBank(checking.name, '123456789', '40');
    await wizard.review();
    await wizard.confirm();
    await page.getByRole('heading', { name: 'Transfer Successful' }).waitFor();
    const reference = (await wizard.summaryValue('Reference number').textContent()) ?? '';
    expect(reference).toMatch(/^TRF/);
    await expectAccessible(page, 'transfer confirmation');
    expect(await page.getByRole('link', { name: 'View receipt' }).getAttribute('href')).toBe(
      `/transactions/${reference}`,
    );

    // Save the recipient to the address book, then rename and delete it.
    await page.getByLabel('Nickname').fill('Landlord');
    await page.getByRole('button', { name: 'Save recipient' }).click();
    await toast(page, 'Recipient saved').waitFor();
    // The Save button is gone: the focus is on the line that says so, not the top of the page.
    const savedLine = page.getByText('Saved to your recipients as Landlord.');
    await expect
      .poll(() => savedLine.evaluate((line) => line === document.activeElement))
      .toBe(true);
    await page.getByRole('button', { name: 'Make another transfer' }).click();
    const book = page.locator('.saved-recipient');
    await book.getByText('Landlord').waitFor();
    await book.getByText(/Pat Doe · Other Bank •••• •••• 6789/).waitFor();
    await expectAccessible(page, 'saved recipients');
    await page.getByRole('button', { name: 'Rename Landlord' }).click();
    const renameDialog = page.getByRole('dialog', { name: 'Rename recipient' });
    await renameDialog.getByLabel('Nickname').fill('Rent');
    await renameDialog.getByRole('button', { name: 'Save nickname' }).click();
    await book.getByText('Rent', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Delete Rent' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete saved recipient?' })
      .getByRole('button', { name: 'Delete recipient' })
      .click();
    await page.getByText(/No saved recipients/).waitFor();

    // The receipt the confirmation links to, found by its reference number.
    await page.goto(`/transactions/${reference}`);
    await page.getByText(reference).first().waitFor();
  });
});

describe('Scheduled transfers at the limit', { timeout: 300_000 }, () => {
  for (const [name, viewport] of VIEWPORTS) {
    it(`shows 10 of 100 with Show all, and leads from the refusal of one more to the list (${name})`, async () => {
      const customer = await t.customer();
      const checking = account(customer, 'checking');
      const savings = account(customer, 'savings');
      for (let i = 0; i < 100; i += 1) {
        const made = await customer.client.post('/api/transfers/scheduled', {
          type: 'between-accounts',
          fromAccount: checking.id,
          toAccount: savings.id,
          amount: (500 + i) / 100,
          transferDate: inDays(7),
          frequency: 'weekly',
        });
        expect(made.status, JSON.stringify(made.body)).toBe(201);
      }
      const page = await t.signedInPage(customer, viewport);
      const wizard = new TransferPage(page);
      await wizard.open();
      const list = page.getByRole('region', { name: 'Scheduled Transfers' });
      await list
        .getByText(
          '100 active scheduled transfers, the most you can have. Cancel one to schedule another.',
        )
        .waitFor();
      const rows = list.locator('.scheduled-transfer');
      await expect.poll(() => rows.count()).toBe(10);
      const showAll = list.getByRole('button', { name: 'Show all (100)' });
      await expectAccessible(page, `scheduled list at the limit (${name})`);
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      expect(height).toBeLessThan(8000);
      await page.screenshot({
        path: screenshotPath(`scheduled-limit-${name}.png`),
        fullPage: true,
      });

      // From the keyboard: every row, and the focus on the first one it revealed.
      await showAll.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => rows.count()).toBe(100);
      expect(await showAll.count()).toBe(0);
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.id))
        .toBe(await rows.nth(10).getAttribute('id'));

      // One more is refused; the refusal leads to the list, short again.
      await wizard.choose('Between My Accounts');
      await wizard.selectFrom(checking.name);
      await wizard.selectByText('To Account', savings.name);
      await wizard.field('Amount (USD)').fill('20');
      await wizard.field('Transfer Date').fill(inDays(3));
      await wizard.review();
      await page.getByRole('heading', { name: 'Review your transfer' }).waitFor();
      await wizard.confirm();
      const refusal = page.getByRole('alert').filter({ hasText: 'Transfer not completed' });
      await refusal
        .getByText(
          'You can have up to 100 scheduled transfers. Cancel one you no longer need to schedule another.',
        )
        .waitFor();
      await expectAccessible(page, `refusal of one schedule too many (${name})`);
      await page.screenshot({
        path: screenshotPath(`scheduled-refused-${name}.png`),
        fullPage: true,
      });
      await refusal.getByRole('button', { name: 'View scheduled transfers' }).click();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.id))
        .toBe('scheduled-transfers');
      await expect.poll(() => rows.count()).toBe(10);
      await list.getByRole('button', { name: 'Show all (100)' }).waitFor();
    });
  }
});
