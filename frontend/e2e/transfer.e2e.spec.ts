import { cardPurchase, deposit } from '@bank/server/testing';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectScreenAccessible as expectAccessible,
  expectToastsClearOfBars,
  fieldError,
  focusedElement,
  slowPosts,
  toast,
  TransferPage,
} from './page-models/banking';
import { useBankAndBrowser, type Customer } from './support/fixtures';
import { screenshotPath } from './support/screenshots';

// The Transfer Money wizard against the real bank.

const t = useBankAndBrowser();

function account(customer: Customer, type: string) {
  const found = customer.accounts.find((a) => a.type === type);
  if (!found)
    throw new Error(`no ${type} account: ${customer.accounts.map((a) => a.type).join(', ')}`);
  return found;
}

type Box = { top: number; bottom: number; left: number; right: number };

/** A new customer with `dollars` in checking, on the wizard's first step. */
async function openWizardWithFunds(dollars: number, viewport?: { width: number; height: number }) {
  const customer = await t.customer();
  const checking = account(customer, 'checking');
  const savings = account(customer, 'savings');
  await deposit(t.bank, checking.account_number, dollars);
  const page = await t.signedInPage(customer, viewport);
  const wizard = new TransferPage(page);
  await wizard.open();
  return { customer, checking, savings, page, wizard };
}

/** Fills in a SEPA transfer from `from` to a recipient in Germany with the given IBAN. */
async function sepaToGermany(wizard: TransferPage, from: string, iban: string) {
  await wizard.selectFrom(from);
  await wizard.field(/^Recipient Name/).fill('Anna Schmidt');
  await wizard.field('IBAN').fill(iban);
  await wizard.field(/^Bank Name/).fill('Commerzbank');
  await wizard.selectByText('Country', 'Germany');
  await wizard.selectByText('Purpose of Payment', 'Family support');
}

describe('Transfer Money', { timeout: 120_000 }, () => {
  it('moves money between own accounts, shows its reference, then goes to the dashboard', async () => {
    const { customer, checking, savings, page, wizard } = await openWizardWithFunds(500);
    await page.getByText('No recent transfers').waitFor();
    await expectAccessible(page, 'transfer step 1');

    await wizard.choose('Between My Accounts');
    // The checking account, which has the money, is chosen already; the customer may clear it.
    await expect.poll(() => wizard.field('From Account').inputValue()).toBe(checking.id);
    await wizard.field('From Account').selectOption({ label: 'Select account' });
    await wizard.review();
    await page.getByText('Please select an account to transfer from').waitFor();
    await page.getByText('Please enter an amount of at least $5.00').waitFor();
    await expectAccessible(page, 'transfer step 2 with errors');

    await wizard.selectFrom(checking.name);
    await wizard.selectByText('To Account', savings.name);
    await wizard.field('Amount (USD)').fill('125.50');
    await wizard.field('Memo (optional)').fill('Rainy day');
    await wizard.review();
    await page.getByRole('heading', { name: 'Review your transfer' }).waitFor();
    await expectAccessible(page, 'transfer step 3');
    await wizard.confirm();
    await toast(page, 'Transfer Successful').waitFor();
    // The confirmation stays until the customer moves on: it shows the reference number.
    expect(await wizard.summaryValue('Reference number').textContent()).toMatch(/^TRF/);
    // Nothing offers to edit a transfer already sent (a disabled link that looked live did).
    expect(await page.getByRole('button', { name: 'Back to details' }).count()).toBe(0);
    // The receipt shows the memo the customer wrote.
    await page.getByRole('link', { name: 'View receipt' }).click();
    const memo = page.locator('.receipt__details > div').filter({ hasText: /^Memo/ });
    await memo.waitFor();
    expect(await memo.locator('dd').textContent()).toBe('Rainy day');
    await page
      .getByRole('link', { name: /Dashboard/ })
      .first()
      .click();
    await page.waitForURL('**/dashboard');

    const accounts = (await customer.client.get('/api/accounts')).body.data.accounts as {
      type: string;
      balance: number;
    }[];
    expect(accounts.find((a) => a.type === 'savings')?.balance).toBe(125.5);

    await wizard.open();
    const repeat = page.getByRole('button', { name: /^Repeat/ }).first();
    await repeat.click();
    await page.getByRole('dialog', { name: 'Repeat transfer?' }).waitFor();
    // Closed with Escape, the dialog gives the focus back to the button that opened it.
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Repeat transfer?' }).waitFor({ state: 'detached' });
    await expect.poll(() => repeat.evaluate((b) => b === document.activeElement)).toBe(true);
  });

  it('refuses a transfer the balance cannot cover, in the form and in the red box', async () => {
    const customer = await t.customer();
    const checking = account(customer, 'checking');
    await deposit(t.bank, checking.account_number, 100);
    const page = await t.signedInPage(customer);
    const wizard = new TransferPage(page);
    await wizard.open();
    await wizard.choose('To Another Bank');
    await wizard.selectFrom(checking.name);
    await wizard.field('Recipient Name').fill('Sam Lee');
    await wizard.field('Bank Name').fill('First Federal');
    await wizard.field('Account Number').fill('123456789');
    await wizard.field('Routing Number').fill('021000021');
    await wizard.field('Amount (USD)').fill('150');
    await wizard.review();
    await page.getByText('Insufficient funds').waitFor();

    // $99 with the $3.00 fee is more than the $100 available: the form refuses it as the bank would.
    await wizard.field('Amount (USD)').fill('99');
    await wizard.review();
    await expect.poll(() => fieldError(page, 'Amount (USD)')).toBe('Insufficient funds');
    await wizard.field('Amount (USD)').fill('97');
    await wizard.review();
    await page.getByText('$100.00').waitFor();
    // A card purchase lands while the review is open: now the bank refuses it.
    await cardPurchase(t.bank, checking.id, 1_00, { name: 'Corner Store' });
    const sent = await slowPosts(page, '**/api/transfers/**');
    // Busy, not disabled, while it runs: the focus stays on Confirm Transfer throughout.
    await page.getByRole('button', { name: 'Confirm Transfer' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Processing...' }).waitFor();
    expect(await focusedElement(page)).toBe('BUTTON: Processing...');
    await wizard.errorBox().waitFor();
    expect(await wizard.errorBox().textContent()).toMatch(/insufficient/i);
    expect(await focusedElement(page)).toBe('BUTTON: Confirm Transfer');
    expect(sent.count).toBe(1);
    await expectAccessible(page, 'transfer refused');

    // The customer can go back, change the amount and send it.
    await page.getByRole('button', { name: 'Back to Edit' }).click();
    await wizard.field('Amount (USD)').fill('90');
    await wizard.review();
    await page.getByText('$93.00').waitFor();
    await wizard.confirm();
    await page.getByRole('heading', { name: 'Transfer Successful' }).waitFor();
    expect(sent.count).toBe(2);
  });

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 740 },
  ]) {
    it(`starts SEPA from checking and asks dollars, saying what is debited (${viewport.width} px)`, async () => {
      const { checking, page, wizard } = await openWizardWithFunds(300, viewport);
      await wizard.choose('SEPA Transfer');
      await expect.poll(() => wizard.field('From Account').inputValue()).toBe(checking.id);
      const amount = wizard.field('Amount (USD), sent as EUR');
      await amount.fill('120.25');
      const hint = page.locator(`[id="${await amount.getAttribute('aria-describedby')}"]`);
      await expect
        .poll(() => hint.textContent())
        .toBe(
          '$135.25 will be debited from your account, including the $15.00 fee. The recipient gets euros at the bank’s rate, shown before you confirm.',
        );
      await hint.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await expectAccessible(page, `SEPA amount in dollars (${viewport.width} px)`);
      await page.screenshot({ path: screenshotPath(`transfer-sepa-amount-${viewport.width}.png`) });
    });
  }

  it('refuses an IBAN with wrong check digits before the review', async () => {
    const { checking, page, wizard } = await openWizardWithFunds(300);
    await wizard.choose('SEPA Transfer');
    const review = page.getByRole('button', { name: 'Review Transfer' });
    expect(await review.isDisabled()).toBe(true);
    await sepaToGermany(wizard, checking.name, 'DE00 3704 0044 0532 0130 00');
    await wizard.field('Amount (USD)').fill('40');
    await page.getByText('IBAN check digits are not valid').waitFor();
    expect(await review.isDisabled()).toBe(true);
  });

  it('counts the SEPA fee against the balance, as the bank does', async () => {
    const { checking, page, wizard } = await openWizardWithFunds(300);
    await wizard.choose('SEPA Transfer');
    await sepaToGermany(wizard, checking.name, 'DE89 3704 0044 0532 0130 00');
    const amount = 'Amount (USD), sent as EUR';
    // $290 is less than the $300 available, but $290 plus the $15.00 fee is not.
    await wizard.field(amount).fill('290');
    // Judged on leaving the field; SEPA's Review waits until every field passes.
    await page.keyboard.press('Tab');
    await expect.poll(() => fieldError(page, amount)).toBe('Insufficient funds');
    const review = page.getByRole('button', { name: 'Review Transfer' });
    expect(await review.isDisabled()).toBe(true);

    // $285 plus the fee is exactly what is available.
    await wizard.field(amount).fill('285');
    await expect.poll(() => fieldError(page, amount)).toBe(null);
    await wizard.review();
    await page.getByRole('heading', { name: 'Review your transfer' }).waitFor();
  });

  it('looks up a customer of this bank by email and sends them money', async () => {
    const sender = await t.customer();
    const recipient = await t.customer({ name: 'Riley Chen' });
    const checking = account(sender, 'checking');
    await deposit(t.bank, checking.account_number, 200);
    const page = await t.signedInPage(sender);
    const wizard = new TransferPage(page);
    await wizard.open();
    await wizard.choose('To Another Customer');
    await wizard.field('Recipient Email').fill('nobody-here@example.com');
    await page.waitForTimeout(1200);
    await wizard.selectFrom(checking.name);
    await wizard.field('Amount (USD)').fill('20');
    await wizard.review();
    await page.getByText('Recipient not found').waitFor();

    await wizard.field('Recipient Email').fill(recipient.payload.email as string);
    await toast(page, 'Recipient found').waitFor();
    await wizard.review();
    await page
      .getByText(/Riley Chen/)
      .first()
      .waitFor();
    await wizard.confirm();
    await toast(page, 'Transfer Successful').waitFor();
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.waitForURL('**/dashboard');
  });

  it('keeps its steps in the browser history: Back and Forward move between them, entries kept', async () => {
    const { checking, savings, page, wizard } = await openWizardWithFunds(100);
    const details = page.getByRole('heading', { name: 'Between My Accounts', level: 2 });
    const review = page.getByRole('heading', { name: 'Review your transfer' });
    const types = page.getByRole('heading', { name: 'Choose transfer type' });
    await wizard.choose('Between My Accounts');
    await wizard.field('Amount (USD)').fill('25.50');

    await page.goBack();
    await types.waitFor();
    expect(new URL(page.url()).pathname).toBe('/transfer');
    await page.goForward();
    await details.waitFor();
    expect(await wizard.field('Amount (USD)').inputValue()).toBe('25.50');

    await wizard.selectFrom(checking.name);
    await wizard.selectByText('To Account', savings.name);
    await wizard.review();
    await review.waitFor();
    await page.goBack();
    await details.waitFor();
    expect(await wizard.field('Amount (USD)').inputValue()).toBe('25.50');
    await page.goForward();
    await review.waitFor();
    expect(await wizard.summaryValue('Amount').textContent()).toBe('$25.50');

    // A reload keeps what was typed (a phone reloads a tab it put away): the review shows it again.
    await page.reload();
    await review.waitFor();
    expect(await wizard.summaryValue('Amount').textContent()).toBe('$25.50');
    await page.getByRole('button', { name: 'Back to details' }).click();
    await details.waitFor();
    expect(await wizard.field('Amount (USD)').inputValue()).toBe('25.50');
    await page.getByRole('button', { name: 'Back to transfer types' }).click();
    await types.waitFor();

    // Once sent, Back does not return to the review: the form starts afresh.
    await wizard.choose('Between My Accounts');
    await wizard.selectFrom(checking.name);
    await wizard.selectByText('To Account', savings.name);
    await wizard.field('Amount (USD)').fill('25.50');
    await wizard.review();
    await wizard.confirm();
    await page.getByRole('heading', { name: 'Transfer Successful' }).waitFor();
    await page.goBack();
    await details.waitFor();
    expect(await wizard.field('Amount (USD)').inputValue()).toBe('');
    expect(await page.getByRole('button', { name: 'Confirm Transfer' }).count()).toBe(0);
  });

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 740 },
  ]) {
    it(`keeps the From account chosen through the steps and a reload, never a stranger's (${viewport.width} px)`, async () => {
      const { checking, savings, page, wizard } = await openWizardWithFunds(100, viewport);
      await deposit(t.bank, savings.account_number, 60);
      const from = wizard.field('From Account');
      const details = page.getByRole('heading', { name: 'Between My Accounts', level: 2 });
      const fromInAddress = () => new URL(page.url()).searchParams.get('from');

      // Savings is not the account the wizard starts from: the customer picks it.
      await wizard.choose('Between My Accounts');
      await expect.poll(() => from.inputValue()).toBe(checking.id);
      await wizard.selectFrom(savings.name);
      await wizard.selectByText('To Account', checking.name);
      await wizard.field('Amount (USD)').fill('20');
      await wizard.review();
      await page.getByRole('heading', { name: 'Review your transfer' }).waitFor();

      // A reload of the review shows the same transfer, still from savings, and so do the details.
      await page.reload();
      await page.getByRole('heading', { name: 'Review your transfer' }).waitFor();
      expect(await wizard.summaryValue('From').textContent()).toContain(savings.name);
      await page.getByRole('button', { name: 'Back to details' }).click();
      await details.waitFor();
      await expect.poll(() => from.inputValue()).toBe(savings.id);
      expect(await page.getByText('Available balance: $60.00').count()).toBe(1);
      await page.screenshot({
        path: screenshotPath(`transfer-from-after-reload-${viewport.width}.png`),
      });

      // Sent by the accounts page's Transfer link, savings stays chosen on the next step's reload.
      await page.goto(`/transfer?from=${savings.id}`);
      await wizard.choose('Between My Accounts');
      await details.waitFor();
      await page.reload();
      await details.waitFor();
      await expect.poll(() => from.inputValue()).toBe(savings.id);

      // Another customer's account, or junk, in the address is passed over for the usual one.
      const stranger = account(await t.customer(), 'savings');
      for (const junk of [stranger.id, 'not-an-account', '<script>']) {
        await page.goto(`/transfer?type=between-accounts&step=2&from=${encodeURIComponent(junk)}`);
        await details.waitFor();
        await expect.poll(() => from.inputValue()).toBe(checking.id);
        expect(await from.locator(`option[value="${stranger.id}"]`).count()).toBe(0);
        await expect.poll(fromInAddress).toBe(checking.id);
      }
    });
  }

  for (const width of [1280, 375]) {
    it(`says on the success screen what was sent to whom, and its toasts leave the steps in view (${width} px)`, async () => {
      const bob = await t.customer({ name: 'Bob Tester' });
      const { checking, page, wizard } = await openWizardWithFunds(100, { width, height: 800 });
      await wizard.sendToCustomer(bob.payload.email as string, checking.name, '25.50');
      await page.getByRole('heading', { name: 'Transfer Successful' }).waitFor();
      await page.getByText(`$25.50 sent to Bob Tester from ${checking.name}`).waitFor();
      await page.getByText('Transfer completed successfully').first().waitFor();
      await toast(page, 'Transfer Successful').waitFor();
      await expectToastsClearOfBars(page, `transfer sent at ${width} px`);
      await page.screenshot({ path: screenshotPath(`transfer-success-${width}.png`) });

      const boxes = (elements: Locator) =>
        elements.evaluateAll((all) => all.map((e) => e.getBoundingClientRect().toJSON() as Box));
      const steps = await boxes(page.getByRole('list', { name: 'Progress' }).getByRole('listitem'));
      for (const toastBox of await boxes(page.locator('.toast'))) {
        for (const step of steps) {
          const apart =
            toastBox.top >= step.bottom ||
            toastBox.bottom <= step.top ||
            toastBox.left >= step.right ||
            toastBox.right <= step.left;
          expect(apart, `a toast covers the steps at ${width} px`).toBe(true);
        }
      }
    });
  }
});
