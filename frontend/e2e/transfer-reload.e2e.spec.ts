import { deposit } from '@bank/server/testing';
import { describe, expect, it } from 'vitest';
import { toast, TransferPage } from './page-models/banking';
import { useBankAndBrowser, type Customer } from './support/fixtures';
import { screenshotPath } from './support/screenshots';

// What a customer meets right after a reload or a transfer, in Chromium against the real bank: a
// reload of the wizard's Review step (a phone reloads a tab it had put away) keeps the transfer
// typed, and on a phone the success toast leaves the receipt's charges readable.

const t = useBankAndBrowser();

function account(customer: Customer, type: string) {
  const found = customer.accounts.find((a) => a.type === type);
  if (!found) throw new Error(`no ${type} account`);
  return found;
}

/** The savings account's balance: what the transfers to it added up to. */
async function savingsBalance(customer: Customer): Promise<number> {
  const { body } = await customer.client.get('/api/accounts');
  const savings = (body.data.accounts as { type: string; balance: number }[]).find(
    (a) => a.type === 'savings',
  );
  return savings?.balance ?? 0;
}

describe('the transfer wizard across a reload', { timeout: 120_000 }, () => {
  it('shows the same transfer on Review after a reload, sends it once, then starts empty', async () => {
    const customer = await t.customer();
    const checking = account(customer, 'checking');
    const savings = account(customer, 'savings');
    await deposit(t.bank, checking.account_number, 500);
    const page = await t.signedInPage(customer, { width: 375, height: 812 });
    const wizard = new TransferPage(page);
    await wizard.open();

    await wizard.choose('Between My Accounts');
    await wizard.selectFrom(checking.name);
    await wizard.selectByText('To Account', savings.name);
    await wizard.field('Amount (USD)').fill('42.75');
    await wizard.field('Memo (optional)').fill('Rent share');
    await wizard.review();
    await page.getByRole('heading', { name: 'Review your transfer' }).waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'Review your transfer' }).waitFor();
    expect(await wizard.summaryValue('Amount').textContent()).toBe('$42.75');
    expect(await wizard.summaryValue('From').textContent()).toContain(checking.name);
    expect(await wizard.summaryValue('To').textContent()).toContain(savings.name);
    expect(await wizard.summaryValue('Memo').textContent()).toBe('Rent share');
    await page.screenshot({ path: screenshotPath('transfer-reload/review-after-reload-375.png') });

    await wizard.confirm();
    await toast(page, 'Transfer Successful').waitFor();
    expect(await savingsBalance(customer)).toBe(42.75);
    expect(await page.evaluate(() => sessionStorage.getItem('draft:transfer'))).toBeNull();
    // Nothing of the transfer sent is kept: a reload now starts a new, empty form.
    await page.reload();
    await page.getByRole('heading', { name: 'Between My Accounts' }).waitFor();
    expect(await wizard.field('Amount (USD)').inputValue()).toBe('');
    expect(await wizard.field('Memo (optional)').inputValue()).toBe('');
    expect(await savingsBalance(customer)).toBe(42.75);
  });
});

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  describe(
    `the receipt right after a transfer at ${viewport.width} px`,
    { timeout: 120_000 },
    () => {
      it('leaves the Fee row readable while the success toast shows', async () => {
        const customer = await t.customer();
        const checking = account(customer, 'checking');
        await deposit(t.bank, checking.account_number, 500);
        const page = await t.signedInPage(customer, viewport);
        const wizard = new TransferPage(page);
        await wizard.open();
        await wizard.typeToAnotherBank(checking.name, '123456789', '60');
        await wizard.review();
        await wizard.confirm();
        await toast(page, 'Transfer Successful').waitFor();
        await page.getByRole('link', { name: 'View receipt' }).click();

        const fee = page.locator('.receipt__details > div').filter({ hasText: /^Fee/ });
        await fee.waitFor();
        const shown = page.locator('.toast').filter({ hasText: 'Transfer Successful' });
        await shown.waitFor();
        // Once the toast has slid in and the page has made room for it.
        await page.waitForTimeout(400);
        await page.screenshot({
          path: screenshotPath(`transfer-reload/receipt-${viewport.width}.png`),
        });
        const feeBox = (await fee.boundingBox())!;
        const toastBox = (await page.locator('.toaster').boundingBox())!;
        expect(feeBox.height).toBeGreaterThan(0);
        const covered =
          feeBox.y < toastBox.y + toastBox.height &&
          feeBox.y + feeBox.height > toastBox.y &&
          feeBox.x < toastBox.x + toastBox.width &&
          feeBox.x + feeBox.width > toastBox.x;
        expect(
          covered,
          `Fee row ${JSON.stringify(feeBox)}, toasts ${JSON.stringify(toastBox)}`,
        ).toBe(false);
        // The toast is still the one of this transfer, at the foot of the screen.
        expect(toastBox.y + toastBox.height).toBeGreaterThan(viewport.height - 120);
      });
    },
  );
}
