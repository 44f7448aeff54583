import { cardPurchase, deposit } from '@bank/server/testing';
import { describe, expect, it } from 'vitest';
import {
  expectNoSidewaysScroll,
  expectScreenAccessible as expectAccessible,
  fieldError,
  openTab,
  toast,
  expectToastsClearOfBars,
  TransferPage,
} from './page-models/banking';
import { useBankAndBrowser, type Customer } from './support/fixtures';
import { screenshotPath } from './support/screenshots';

// The money forms as a customer types into them: live checks, errors that go when fixed, the SEPA
// quote (euros, rate, fee) before confirming and on the receipt.

const t = useBankAndBrowser();

function account(customer: Customer, type: string) {
  const found = customer.accounts.find((a) => a.type === type);
  if (!found) throw new Error(`no ${type} account`);
  return found;
}

const occurrences = (text: string, part: string) => text.split(part).length - 1;
const euros = (amount: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(amount);

describe('Transfer form checks as the customer types', { timeout: 120_000 }, () => {
  it('judges the routing number as typed and clears each error once the field is fixed', async () => {
    const customer = await t.customer();
    const page = await t.signedInPage(customer);
    const wizard = new TransferPage(page);
    await wizard.open();
    await wizard.choose('To Another Bank');

    // No Review click yet: a letter, then a wrong ABA checksum, are reported while typing.
    const routing = wizard.field('Routing Number');
    await routing.pressSequentially('0210a');
    await expect
      .poll(() => fieldError(page, 'Routing Number'))
      .toBe('Routing number must be 9 digits');
    await routing.fill('');
    await routing.pressSequentially('021000022');
    await expect
      .poll(() => fieldError(page, 'Routing Number'))
      .toBe('Routing number is not a valid ABA routing number');
    await routing.press('Backspace');
    await routing.press('1');
    await expect.poll(() => fieldError(page, 'Routing Number')).toBeNull();

    await wizard.review();
    await expect
      .poll(() => fieldError(page, 'Amount (USD)'))
      .toBe('Please enter an amount of at least $5.00');
    expect(await fieldError(page, 'Recipient Name')).toBe('Please enter recipient name');
    await expectAccessible(page, 'transfer details with errors');

    await wizard.field('Amount (USD)').pressSequentially('25');
    await expect.poll(() => fieldError(page, 'Amount (USD)')).toBeNull();
    await wizard.field('Recipient Name').pressSequentially('Sam Lee');
    await expect.poll(() => fieldError(page, 'Recipient Name')).toBeNull();
    // The others stay until they are fixed.
    expect(await fieldError(page, 'Bank Name')).toBe('Please enter bank name');
  });

  it('says a server refusal once in the red box', async () => {
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
    // $97 and the $3.00 fee are all that is available; a card purchase lands before Confirm.
    await wizard.field('Amount (USD)').fill('97');
    await wizard.review();
    await cardPurchase(t.bank, checking.id, 1_00, { name: 'Corner Store' });
    await wizard.confirm();
    await wizard.errorBox().waitFor();
    const text = (await wizard.errorBox().textContent()) ?? '';
    expect(occurrences(text, 'Insufficient funds')).toBe(1);
    await expectAccessible(page, 'transfer refused');
  });
});

describe('SEPA transfer in euros', { timeout: 120_000 }, () => {
  it('checks the IBAN as typed, quotes euros, rate and fee, and re-quotes an expired rate', async () => {
    const customer = await t.customer();
    const checking = account(customer, 'checking');
    await deposit(t.bank, checking.account_number, 500);
    const page = await t.signedInPage(customer);
    const wizard = new TransferPage(page);
    await wizard.open();
    await wizard.choose('SEPA Transfer');

    const iban = wizard.field('IBAN');
    await iban.pressSequentially('DE00 3704 0044 0532 0130 00');
    await expect.poll(() => fieldError(page, 'IBAN')).toBe('IBAN check digits are not valid');
    await iban.fill('');
    await iban.pressSequentially('DE89 3704 0044 0532 0130 00');
    await expect.poll(() => fieldError(page, 'IBAN')).toBeNull();
    await wizard.selectByText('Country', 'France');
    await expect
      .poll(() => fieldError(page, 'IBAN'))
      .toBe('The IBAN does not belong to the selected country');
    await wizard.selectByText('Country', 'Germany');
    await expect.poll(() => fieldError(page, 'IBAN')).toBeNull();

    await wizard.selectFrom(checking.name);
    await wizard.field(/^Recipient Name/).fill('Anna Schmidt');
    await wizard.field(/^Bank Name/).fill('Commerzbank');
    await wizard.selectByText('Purpose of Payment', 'Family support');
    await wizard.field('Amount (USD)').fill('200');

    const real = (await customer.client.get('/api/wire-transfers/sepa/quote?amount=200')).body.data
      .quote as { fee: number; exchange: { rate: string; amount: number } };

    // The first quote the page gets is one the bank no longer honours.
    await page.route('**/api/wire-transfers/sepa/quote**', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.data.quote.exchange.rate = '0.500000';
      body.data.quote.exchange.amount = 100;
      await route.fulfill({ response, json: body });
    });
    await wizard.review();
    await page.getByRole('heading', { name: 'Review your transfer' }).waitFor();
    await expect.poll(() => wizard.summaryValue('Recipient gets').textContent()).toBe('€100.00');
    expect(await wizard.summaryValue('Exchange rate').textContent()).toBe('1 USD = 0.5000 EUR');
    expect(await wizard.summaryValue('Fee').textContent()).toBe('$15.00');
    expect(await wizard.summaryValue('Total').textContent()).toBe('$215.00');
    await expectAccessible(page, 'SEPA review');
    await page.unroute('**/api/wire-transfers/sepa/quote**');

    await wizard.confirm();
    await wizard.errorBox().waitFor();
    const refusal = (await wizard.errorBox().textContent()) ?? '';
    expect(occurrences(refusal, 'The exchange rate you confirmed has expired')).toBe(1);
    // The bank's current quote replaces the stale one; confirming it goes through.
    await expect
      .poll(() => wizard.summaryValue('Recipient gets').textContent())
      .toBe(euros(real.exchange.amount));
    expect(await wizard.summaryValue('Exchange rate').textContent()).toContain(
      real.exchange.rate.slice(0, 6),
    );
    await wizard.confirm();
    const receipt = toast(page, /SEPA transfer initiated/);
    await receipt.waitFor();
    const receiptText = (await receipt.textContent()) ?? '';
    expect(receiptText).toContain(euros(real.exchange.amount));
    expect(receiptText).toContain(real.exchange.rate.slice(0, 6));
    expect(receiptText).toContain('$215.00');
  });

  it('shows the whole of its long receipt toast on a phone', async () => {
    const customer = await t.customer();
    const checking = account(customer, 'checking');
    await deposit(t.bank, checking.account_number, 500);
    const page = await t.signedInPage(customer, { width: 375, height: 740 });
    const wizard = new TransferPage(page);
    await wizard.open();
    await wizard.choose('SEPA Transfer');
    await wizard.field('IBAN').fill('DE89 3704 0044 0532 0130 00');
    await wizard.selectByText('Country', 'Germany');
    await wizard.selectFrom(checking.name);
    await wizard.field(/^Recipient Name/).fill('Anna Schmidt');
    await wizard.field(/^Bank Name/).fill('Commerzbank');
    await wizard.selectByText('Purpose of Payment', 'Family support');
    await wizard.field('Amount (USD)').fill('20');
    await wizard.review();
    await wizard.confirm();
    await toast(page, /SEPA transfer initiated/).waitFor();
    await expectToastsClearOfBars(page, 'SEPA receipt toast (375 px)');
    await page.screenshot({ path: screenshotPath('mf/sepa-toast-375.png') });
  });
});

describe('Split a bill', { timeout: 120_000 }, () => {
  it('clears each error as it is fixed, with readable rows at 1280 and 375 px', async () => {
    const customer = await t.customer();
    const page = await t.signedInPage(customer);
    await page.goto('/zelle');
    await openTab(page, 'Split');
    const form = page.getByRole('form', { name: 'Split a bill' });
    await form.getByRole('button', { name: 'Add Person' }).click();
    await form.getByRole('button', { name: 'Send Split Requests' }).click();
    await expect
      .poll(() => fieldError(page, 'Total Amount'))
      .toBe('Please enter a valid amount to split');
    const peopleError = form.getByText('Please fill in name and contact for all recipients');
    await peopleError.waitFor();
    await expectAccessible(page, 'split with errors');

    await form.getByLabel('Total Amount').pressSequentially('90');
    await expect.poll(() => fieldError(page, 'Total Amount')).toBeNull();
    await form.getByLabel('Name, person 1').fill('Ann Lee');
    await form.getByLabel('Email or phone, person 1').fill('ann.lee@example.com');
    expect(await peopleError.count()).toBe(1); // person 2 is still empty
    await form.getByLabel('Name, person 2').fill('Bo Park');
    await form.getByLabel('Email or phone, person 2').fill('bo.park.long-address@example.com');
    await expect.poll(() => peopleError.count()).toBe(0);
    await form.getByText('$30.00').first().waitFor();

    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await form.screenshot({ path: screenshotPath(`mf/split-${width}.png`) });
      const contact = await form.getByLabel('Email or phone, person 2').boundingBox();
      const name = await form.getByLabel('Name, person 2').boundingBox();
      // Each field is wide enough for a whole email address, and the share and Remove sit on the
      // person's own heading line rather than squeezing the fields.
      expect(contact!.width).toBeGreaterThanOrEqual(width === 1280 ? 400 : 250);
      expect(name!.width).toBeGreaterThanOrEqual(width === 1280 ? 400 : 250);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
      await expectAccessible(page, `split at ${width} px`);
    }
  });
});

describe('Crypto trade account picker', { timeout: 120_000 }, () => {
  it('hides the account balances when balances are hidden', async () => {
    const customer = await t.customer();
    const checking = account(customer, 'checking');
    await deposit(t.bank, checking.account_number, 432.1);
    const page = await t.signedInPage(customer);
    await page.goto('/crypto-trading');
    await page.getByRole('button', { name: 'Start Trading' }).click();
    const trade = page.getByRole('form', { name: 'Trade' });
    const options = () => trade.getByLabel('Pay from account').locator('option').allTextContents();
    // The chosen account's balance shows under the picker, not in its options.
    const balance = trade.getByText('Available balance: $432.10', { exact: true });
    await balance.waitFor();

    await page.getByRole('button', { name: 'Hide balances' }).click();
    await balance.waitFor({ state: 'detached' });
    expect(await trade.getByText(/Available balance/).count()).toBe(0);
    expect((await options()).join(' | ')).not.toContain('$');
    expect((await options()).join(' | ')).toContain(checking.name);
    await expectAccessible(page, 'crypto trade, balances hidden');
    await page.getByRole('button', { name: 'Show balances' }).click();
    await balance.waitFor();
  });
});

describe('Bill Pay: deleting a payee with scheduled payments', { timeout: 120_000 }, () => {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 812 },
  ]) {
    it(`lists what will be cancelled, asks first, then refreshes upcoming payments and history (${viewport.width} px)`, async () => {
      const customer = await t.customer();
      const checking = account(customer, 'checking');
      await deposit(t.bank, checking.account_number, 300);
      await customer.client.post('/api/bill-payments/payees', {
        name: 'Harbor Water',
        category: 'utilities',
        account_number: '77701234',
      });
      const payees = (await customer.client.get('/api/bill-payments/payees')).body.data.payees as {
        id: string;
      }[];
      const inDays = (n: number) =>
        new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
      for (const [amount, date, recurring] of [
        [42.5, inDays(8), false],
        [19.99, inDays(12), true],
      ] as const) {
        const scheduled = await customer.client.post('/api/bill-payments/schedule', {
          payee_id: payees[0]!.id,
          from_account_id: checking.id,
          amount,
          scheduled_date: date,
          is_recurring: recurring,
          ...(recurring ? { recurring_frequency: 'monthly' } : {}),
        });
        expect(scheduled.status).toBe(201);
      }

      const page = await t.signedInPage(customer, viewport);
      await page.goto('/bill-pay');
      await page.getByRole('heading', { name: 'Upcoming Payments' }).waitFor();
      await page.getByText('$42.50').filter({ visible: true }).first().waitFor();
      await openTab(page, 'History');
      await page.getByText('$42.50').filter({ visible: true }).first().waitFor();

      await openTab(page, 'Manage Payees');
      await page.getByRole('button', { name: 'Delete Harbor Water' }).click();
      const ask = page.getByRole('alertdialog', { name: 'Delete payee' });
      await ask.getByText('These 2 scheduled payments will be cancelled:').waitFor();
      const items = await ask.getByRole('listitem').allTextContents();
      expect(items).toHaveLength(2);
      expect(items[0]).toContain('$42.50');
      expect(items[1]).toContain('$19.99');
      expect(items[1]).toContain('repeats monthly');
      await ask.getByRole('button', { name: 'Delete Payee' }).waitFor();
      await ask.getByRole('button', { name: 'Cancel', exact: true }).waitFor();
      await expectNoSidewaysScroll(page);
      await expectAccessible(page, `delete payee with scheduled payments at ${viewport.width} px`);
      await ask.getByRole('button', { name: 'Delete Payee' }).click();
      await toast(page, '2 scheduled payments were cancelled.').waitFor();

      // No reload: the history now says cancelled, and nothing is upcoming any more.
      await openTab(page, 'History');
      await expect
        .poll(() => page.getByText('Cancelled', { exact: true }).filter({ visible: true }).count())
        .toBe(2);
      await expectNoSidewaysScroll(page);
      await expectAccessible(
        page,
        `bill pay history with cancelled payments at ${viewport.width} px`,
      );
      await openTab(page, 'Pay Bills');
      await expect.poll(() => page.getByText('$42.50').count()).toBe(0);
      await openTab(page, 'Manage Payees');
      await page
        .getByRole('button', { name: 'Delete Harbor Water' })
        .waitFor({ state: 'detached' });
    });
  }
});
