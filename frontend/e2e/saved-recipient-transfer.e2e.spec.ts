import { deposit } from '@bank/server/testing';
import { describe, expect, it } from 'vitest';
import {
  expectScreenAccessible as expectAccessible,
  focusedElement,
  TransferPage,
} from './page-models/banking';
import { useBankAndBrowser } from './support/fixtures';
import { screenshotPath } from './support/screenshots';

// Choosing a saved recipient inside the transfer form, in Chromium at desktop and phone widths
// against the real bank: the form fills in, the account stays masked, the bank sends to it.

const t = useBankAndBrowser();

const VIEWPORTS = [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 375, height: 800 }],
] as const;

describe('Transfer to a saved recipient', { timeout: 180_000 }, () => {
  for (const [name, viewport] of VIEWPORTS) {
    it(`picks a saved recipient in the form and sends to it (${name})`, async () => {
      const customer = await t.customer();
      const checking = customer.accounts.find((a) => a.type === 'checking')!;
      await deposit(t.bank, checking.account_number, 2_000);
      const saved = await customer.client.post('/api/transfers/recipients', {
        type: 'external-bank',
        nickname: 'Landlord',
        recipientName: 'Pat Doe',
        bankName: 'Other Bank',
        accountNumber: '123456789',
        routingNumber: '021000021',
      });
      expect(saved.status).toBe(201);

      const page = await t.signedInPage(customer, viewport);
      const wizard = new TransferPage(page);
      await wizard.open();
      // Saved just now: a new account, held to $1,000.00 per transfer for 3 days.
      const until = saved.body.data.recipient.new_account_limit.until as string;
      // Shown in the bank's time, with its zone.
      const shown = new Date(until).toLocaleDateString('en-US', {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZone: 'America/New_York',
        timeZoneName: 'short',
      });
      await page
        .locator('.saved-recipient', { hasText: 'Landlord' })
        .getByText(`New account: up to $1,000.00 per transfer until ${shown}`)
        .waitFor();
      await expectAccessible(page, `saved recipients with a new account (${name})`);
      await wizard.choose('To Another Bank');
      await wizard.selectFrom(checking.name);
      await wizard.field('Saved recipient').selectOption({ label: 'Landlord (•••• •••• 6789)' });
      await expect.poll(() => wizard.field('Recipient Name').inputValue()).toBe('Pat Doe');
      expect(await wizard.field('Bank Name').inputValue()).toBe('Other Bank');
      expect(await wizard.field('Account Number').inputValue()).toBe('****6789');
      expect(await wizard.field('Account Number').getAttribute('readonly')).not.toBeNull();
      expect(await wizard.field('Routing Number').inputValue()).toBe('021000021');
      await wizard.field('Amount (USD)').fill('1500');
      await expectAccessible(page, `saved recipient picked (${name})`);
      expect(await page.content()).not.toContain('123456789');
      await wizard.review();
      await wizard.confirm();
      await wizard.errorBox().waitFor();
      expect(await wizard.errorBox().textContent()).toContain(
        'Transfers to a new account are limited to $1,000.00 each until 3 days after you first save it or send it money.',
      );
      await expectAccessible(page, `over the new-account limit (${name})`);
      await page.getByRole('button', { name: 'Back to Edit' }).click();
      await wizard.field('Amount (USD)').fill('40');

      await wizard.review();
      await page.getByRole('heading', { name: 'Review your transfer' }).waitFor();
      expect(await wizard.summaryValue('To').textContent()).toBe('Pat Doe');
      await wizard.confirm();
      await page.getByRole('heading', { name: 'Transfer Successful' }).waitFor();
      // Already in the address book: nothing to save.
      expect(await page.getByRole('button', { name: 'Save recipient' }).count()).toBe(0);
      await expectAccessible(page, `saved recipient sent (${name})`);
      const accounts = (await customer.client.get('/api/accounts')).body.data.accounts as {
        type: string;
        available_balance: number;
      }[];
      expect(accounts.find((a) => a.type === 'checking')?.available_balance).toBe(2_000 - 40 - 3);
    });
  }

  it('picks a saved SEPA recipient: only the purpose is chosen', async () => {
    const customer = await t.customer();
    const checking = customer.accounts.find((a) => a.type === 'checking')!;
    await deposit(t.bank, checking.account_number, 300);
    const saved = await customer.client.post('/api/transfers/recipients', {
      type: 'sepa',
      nickname: 'Oma',
      recipientName: 'Greta Berg',
      bankName: 'Deutsche Bank',
      iban: 'DE89 3704 0044 0532 0130 00',
      country: 'DE',
    });
    expect(saved.status).toBe(201);

    const page = await t.signedInPage(customer);
    const wizard = new TransferPage(page);
    await wizard.open();
    await wizard.choose('SEPA Transfer');
    await wizard.selectFrom(checking.name);
    await wizard.field('Saved recipient').selectOption({ label: 'Oma (•••• •••• 3000)' });
    await expect.poll(() => wizard.field('IBAN').inputValue()).toBe('****3000');
    expect(await wizard.field('Country').inputValue()).toBe('Germany');
    await wizard.selectByText('Purpose of Payment', 'Family support');
    await wizard.field('Amount (USD)').fill('40');
    await expectAccessible(page, 'saved SEPA recipient picked');
    expect(await page.content()).not.toContain('DE89370400440532013000');
    await wizard.review();
    await page.getByRole('heading', { name: 'Review your transfer' }).waitFor();
    expect(await wizard.summaryValue('To').textContent()).toBe('Greta Berg');
    await wizard.confirm();
    await page.getByRole('heading', { name: 'Transfer Successful' }).waitFor();
  });

  it('keeps the keyboard focus in the address book after Rename and Delete', async () => {
    const customer = await t.customer();
    for (const [nickname, accountNumber] of [
      ['Landlord', '123456789'],
      ['Plumber', '987654321'],
    ]) {
      const saved = await customer.client.post('/api/transfers/recipients', {
        type: 'external-bank',
        nickname,
        recipientName: 'Pat Doe',
        bankName: 'Other Bank',
        accountNumber,
        routingNumber: '021000021',
      });
      expect(saved.status).toBe(201);
    }
    const page = await t.signedInPage(customer);
    const wizard = new TransferPage(page);
    await wizard.open();
    const book = page.getByRole('region', { name: 'Saved Recipients' });
    const row = (nickname: string) => book.locator('.saved-recipient', { hasText: nickname });
    const focused = () => focusedElement(page);

    // Renamed (the list keeps nickname order, so the row moves): the focus is back on its Rename
    // button, under the new name.
    await book.getByRole('button', { name: 'Rename Landlord' }).focus();
    await page.keyboard.press('Enter');
    const rename = page.getByRole('dialog', { name: 'Rename recipient' });
    await rename.getByLabel('Nickname').fill('Yard landlord');
    await page.keyboard.press('Enter');
    await rename.waitFor({ state: 'hidden' });
    await row('Yard landlord').waitFor();
    await expect.poll(focused).toBe('BUTTON: Rename Yard landlord');

    // Deleted: the row goes with its button; the focus moves to the row beside it.
    await book.getByRole('button', { name: 'Delete Yard landlord' }).focus();
    await page.keyboard.press('Enter');
    const ask = page.getByRole('alertdialog', { name: 'Delete saved recipient?' });
    await ask.getByRole('button', { name: 'Delete recipient' }).click();
    await ask.waitFor({ state: 'hidden' });
    await row('Yard landlord').waitFor({ state: 'detached' });
    await expect.poll(focused).toMatch(/^LI: Plumber/);
    // The last one: the address book itself.
    await book.getByRole('button', { name: 'Delete Plumber' }).focus();
    await page.keyboard.press('Enter');
    await ask.getByRole('button', { name: 'Delete recipient' }).click();
    await book.getByText('No saved recipients.').waitFor();
    await expect.poll(focused).toMatch(/^SECTION: Saved Recipients/);
  });
  for (const [name, viewport] of VIEWPORTS) {
    it(`shows the first 10 saved recipients with Show all (12) (${name})`, async () => {
      const customer = await t.customer();
      for (let i = 1; i <= 12; i += 1) {
        const saved = await customer.client.post('/api/transfers/recipients', {
          type: 'external-bank',
          nickname: `Recipient ${String(i).padStart(2, '0')}`,
          recipientName: 'Pat Doe',
          bankName: 'Other Bank',
          accountNumber: `1234567${String(i).padStart(2, '0')}`,
          routingNumber: '021000021',
        });
        expect(saved.status, JSON.stringify(saved.body)).toBe(201);
      }
      const page = await t.signedInPage(customer, viewport);
      await new TransferPage(page).open();
      const book = page.getByRole('region', { name: 'Saved Recipients' });
      const rows = book.locator('.saved-recipient');
      await rows.first().waitFor();
      expect(await rows.count()).toBe(10);
      await expectAccessible(page, `saved recipients, first 10 (${name})`);
      await page.screenshot({
        path: screenshotPath(`saved-recipients-${name}.png`),
        fullPage: true,
      });
      await book.getByRole('button', { name: 'Show all (12)' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => rows.count()).toBe(12);
      await expect.poll(() => focusedElement(page)).toMatch(/^LI: Recipient 11/);
      expect(await book.getByRole('button', { name: /^Show all/ }).count()).toBe(0);
    });
    it(`says a refused nickname under its field, and only in the dialog that sent it (${name})`, async () => {
      const customer = await t.customer();
      const saved = await customer.client.post('/api/transfers/recipients', {
        type: 'external-bank',
        nickname: 'Landlord',
        recipientName: 'Pat Doe',
        bankName: 'Other Bank',
        accountNumber: '123456789',
        routingNumber: '021000021',
      });
      expect(saved.status).toBe(201);
      const page = await t.signedInPage(customer, viewport);
      await new TransferPage(page).open();
      const book = page.getByRole('region', { name: 'Saved Recipients' });

      await book.getByRole('button', { name: 'Rename Landlord' }).click();
      const rename = page.getByRole('dialog', { name: 'Rename recipient' });
      const nickname = rename.getByLabel('Nickname');
      await nickname.fill('Land\u200blord');
      await rename.getByRole('button', { name: 'Save nickname' }).click();
      const invisible = 'The nickname field must not contain invisible characters.';
      await rename.getByText(invisible).waitFor();
      expect(await rename.getByText(invisible).count()).toBe(1);
      expect(await rename.getByRole('alert').count()).toBe(0);
      const describedBy = (await nickname.getAttribute('aria-describedby')) ?? '';
      expect(
        await page.evaluate(
          (ids) => ids.map((id) => document.getElementById(id)?.textContent).join(' '),
          describedBy.split(' ').filter(Boolean),
        ),
      ).toContain(invisible);
      await expect.poll(() => nickname.evaluate((el) => el === document.activeElement)).toBe(true);
      await expectAccessible(page, `rename refused on its field (${name})`);
      await page.screenshot({ path: screenshotPath(`rename-refused-${name}.png`), fullPage: true });

      // A refusal that arrives after its dialog was closed is not shown in the Delete dialog.
      await page.route('**/api/transfers/recipients/*', async (route) => {
        if (route.request().method() === 'PUT') await new Promise((r) => setTimeout(r, 1500));
        await route.continue();
      });
      await rename.getByRole('button', { name: 'Save nickname' }).click();
      await rename.locator('.dialog__actions').getByRole('button', { name: 'Close' }).click();
      await rename.waitFor({ state: 'hidden' });
      await book.getByRole('button', { name: 'Delete Landlord' }).click();
      const ask = page.getByRole('alertdialog', { name: 'Delete saved recipient?' });
      await ask.waitFor();
      await page.waitForTimeout(2500);
      expect(await ask.getByRole('alert').count()).toBe(0);
      expect(await ask.getByText(invisible).count()).toBe(0);
      await ask.getByRole('button', { name: 'Keep it' }).click();

      // Reopened, Rename starts clean.
      await book.getByRole('button', { name: 'Rename Landlord' }).click();
      await rename.waitFor();
      expect(await rename.getByText(invisible).count()).toBe(0);
    });
  }
});
