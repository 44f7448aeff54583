import { deposit } from '@bank/server/testing';
import { describe, expect, it } from 'vitest';
import { fieldError, TransferPage } from './page-models/banking';
import { useBankAndBrowser, type Customer } from './support/fixtures';

// What the transfer form refuses itself, under the field, before the review step.

const t = useBankAndBrowser();

function account(customer: Customer, type: string) {
  const found = customer.accounts.find((a) => a.type === type);
  if (!found) throw new Error(`no ${type} account`);
  return found;
}

const reviewHeading = (wizard: TransferPage) =>
  wizard.page.getByRole('heading', { name: 'Review your transfer' });

/** The customer's transfer form, signed in, at Between My Accounts from the named account. */
async function betweenMyAccountsFrom(customer: Customer, from: string) {
  const page = await t.signedInPage(customer);
  const wizard = new TransferPage(page);
  await wizard.open();
  await wizard.choose('Between My Accounts');
  await wizard.selectFrom(from);
  return { page, wizard };
}

describe('Transfer form checks', { timeout: 120_000 }, () => {
  it('refuses a transfer date before today under Transfer Date', async () => {
    const customer = await t.customer();
    const checking = account(customer, 'checking');
    await deposit(t.bank, checking.account_number, 200);
    const { page, wizard } = await betweenMyAccountsFrom(customer, checking.name);
    await wizard.selectByText('To Account', account(customer, 'savings').name);
    await wizard.field('Amount (USD)').fill('20');
    // Typed the way a customer types it, day by day, into the date field.
    await wizard.field('Transfer Date').click();
    await page.keyboard.type('01012020');
    await wizard.review();
    await expect
      .poll(() => fieldError(page, 'Transfer Date'))
      .toBe('The transfer date cannot be earlier than today.');
    expect(await reviewHeading(wizard).count()).toBe(0);
  });

  it('shows the same-account error as soon as it is chosen, and beside insufficient funds', async () => {
    const customer = await t.customer();
    const checking = account(customer, 'checking');
    const { page, wizard } = await betweenMyAccountsFrom(customer, checking.name);
    await wizard.selectByText('To Account', checking.name);
    await expect
      .poll(() => fieldError(page, 'To Account'))
      .toBe('Cannot transfer to the same account');
    await wizard.field('Amount (USD)').fill('20');
    await wizard.review();
    await expect.poll(() => fieldError(page, 'Amount (USD)')).toBe('Insufficient funds');
    expect(await fieldError(page, 'To Account')).toBe('Cannot transfer to the same account');
    expect(await reviewHeading(wizard).count()).toBe(0);
  });

  it('judges the amount against the balance as it is at Review, not as it was when the form opened', async () => {
    const customer = await t.customer();
    const checking = account(customer, 'checking');
    const { page, wizard } = await betweenMyAccountsFrom(customer, checking.name);
    await wizard.selectByText('To Account', account(customer, 'savings').name);
    await wizard.field('Amount (USD)').fill('25');
    await wizard.review();
    await expect.poll(() => fieldError(page, 'Amount (USD)')).toBe('Insufficient funds');

    // Money arrives while the form stays open: the next Review sees it.
    await deposit(t.bank, checking.account_number, 1500);
    await wizard.review();
    await reviewHeading(wizard).waitFor();
  });

  it('judges every field on the first Review click, even when leaving a field shows its error', async () => {
    const customer = await t.customer();
    const checking = account(customer, 'checking');
    const { page, wizard } = await betweenMyAccountsFrom(customer, checking.name);
    // Still in the amount field: pressing Review leaves it, and its error appears above the button.
    await wizard.field('Amount (USD)').fill('20');
    await wizard.review();
    await expect
      .poll(() => fieldError(page, 'To Account'))
      .toBe('Please select an account to transfer to');
    expect(await fieldError(page, 'Amount (USD)')).toBe('Insufficient funds');
  });

  it('says a malformed recipient email is not an email, with no gap under it', async () => {
    const customer = await t.customer();
    const checking = account(customer, 'checking');
    await deposit(t.bank, checking.account_number, 200);
    const page = await t.signedInPage(customer);
    const wizard = new TransferPage(page);
    await wizard.open();
    await wizard.choose('To Another Customer');
    await wizard.field('Recipient Email').fill('not-an-email');
    await wizard.selectFrom(checking.name);
    await wizard.field('Amount (USD)').fill('20');
    // Past the lookup's pause after typing: a lookup would have answered by now.
    await page.waitForTimeout(1200);
    await wizard.review();
    await expect
      .poll(() => fieldError(page, 'Recipient Email'))
      .toBe('Please enter a valid email address');
    expect(await page.getByText('Recipient not found').count()).toBe(0);

    // The next field starts one form gap below the error, not a blank line further down.
    const error = await page.getByText('Please enter a valid email address').boundingBox();
    const amount = await page.getByText('Amount (USD)', { exact: true }).boundingBox();
    expect(amount!.y - (error!.y + error!.height)).toBeLessThanOrEqual(20);
  });
});
