import { describe, expect, it } from 'vitest';
import {
  expectControlsInsideTheirFields,
  expectNoSidewaysScroll,
  expectScreenAccessible,
  fieldError,
  openTab,
  toast,
} from './page-models/banking';
import { BillPayPage } from './page-models/bill-pay';
import { useBankAndBrowser } from './support/fixtures';
import { screenshotPath } from './support/screenshots';

// A payee's AutoPay, turned on, changed and off after the payee was added, against the real bank.

const t = useBankAndBrowser();

interface PayeeRow {
  display_name: string;
  autopay_enabled: boolean;
  autopay_day: number | null;
  autopay_amount: number | null;
  autopay_account_id: string | null;
}

describe("Bill Pay: a payee's AutoPay", () => {
  it.each([
    ['desktop', { width: 1280, height: 900 }],
    ['phone', { width: 375, height: 812 }],
  ])(
    'turns AutoPay on, changes it and turns it off from the payee’s card (%s)',
    async (name, viewport) => {
      const customer = await t.customer();
      const checking = customer.accounts.find((a) => a.type === 'checking')!;
      const moneyMarket = customer.accounts.find((a) => a.name === 'Money Market')!;
      await customer.client.post('/api/bill-payments/payees', {
        name: 'Stream Co',
        category: 'streaming',
        account_number: '55501234',
        default_amount: 80.5,
      });
      const stored = async () =>
        (
          (await customer.client.get('/api/bill-payments/payees')).body.data.payees as PayeeRow[]
        )[0]!;
      const page = await t.signedInPage(customer, viewport);
      const billPay = new BillPayPage(page);
      await billPay.open();
      await openTab(page, 'Manage Payees');
      const card = billPay.payeeCard('Stream Co');
      await card.getByText('AutoPay Disabled').waitFor();

      // On, with the Add payee form's rules and messages; the default amount is what it pays.
      let form = await billPay.autopay('Stream Co');
      expect(await form.getByLabel('AutoPay Day of Month').count()).toBe(0);
      await form.getByLabel('Enable AutoPay').check();
      // It pays from the main checking account unless the customer picks another.
      expect(await form.getByLabel('Pay From').inputValue()).toBe(checking.id);
      // An empty day is asked for; one out of range is told its range.
      await form.getByRole('button', { name: 'Save AutoPay' }).click();
      expect(await fieldError(page, 'AutoPay Day of Month')).toBe(
        'Please enter the AutoPay day of the month.',
      );
      await form.getByLabel('AutoPay Day of Month').fill('40');
      await form.getByRole('button', { name: 'Save AutoPay' }).click();
      expect(await fieldError(page, 'AutoPay Day of Month')).toBe(
        'The AutoPay day must be between 1 and 31.',
      );
      await form.getByText('Leave empty to pay the default amount ($80.50)').waitFor();
      await expectControlsInsideTheirFields(form, `AutoPay form (${name})`);
      await expectScreenAccessible(page, `AutoPay form (${name})`);
      await page.screenshot({ path: screenshotPath(`bill-pay/autopay-form-${name}.png`) });
      await form.getByLabel('AutoPay Day of Month').fill('28');
      await form.getByRole('button', { name: 'Save AutoPay' }).click();
      await toast(page, 'AutoPay updated successfully!').waitFor();
      await form.waitFor({ state: 'detached' });
      await card.getByText('AutoPay Enabled').waitFor();
      await card.getByText('Pays the default amount, $80.50 on day 28 of each month').waitFor();
      expect(await stored()).toMatchObject({
        autopay_enabled: true,
        autopay_day: 28,
        autopay_amount: null,
        autopay_account_id: checking.id,
      });
      await expectNoSidewaysScroll(page);
      await page.screenshot({
        path: screenshotPath(`bill-pay/autopay-card-${name}.png`),
        fullPage: true,
      });

      // Its own amount: the form opens on the setting it has.
      form = await billPay.autopay('Stream Co');
      expect(await form.getByLabel('Enable AutoPay').isChecked()).toBe(true);
      expect(await form.getByLabel('AutoPay Day of Month').inputValue()).toBe('28');
      expect(await form.getByLabel('Pay From').inputValue()).toBe(checking.id);
      await form.getByLabel(/AutoPay Amount/).fill('25.75');
      // Another account to pay from, kept: the form opens on it again, and the bank has it.
      const moneyMarketLabel = `Money Market ••${moneyMarket.account_number.slice(-4)}`;
      await form.getByLabel('Pay From').selectOption({ label: moneyMarketLabel });
      await form.getByText('Available balance: $0.00').waitFor();
      await page.screenshot({ path: screenshotPath(`bill-pay/autopay-pay-from-${name}.png`) });
      await form.getByRole('button', { name: 'Save AutoPay' }).click();
      await toast(page, 'AutoPay updated successfully!').waitFor();
      await form.waitFor({ state: 'detached' });
      // The card names the account it pays from, not only the dialog.
      await card
        .getByText(`Pays $25.75 on day 28 of each month from ${moneyMarketLabel}`, { exact: true })
        .waitFor();
      expect(await stored()).toMatchObject({
        autopay_amount: 25.75,
        autopay_account_id: moneyMarket.id,
      });
      form = await billPay.autopay('Stream Co');
      expect(await form.getByLabel('Pay From').inputValue()).toBe(moneyMarket.id);
      await form.getByRole('button', { name: 'Cancel' }).click();
      await form.waitFor({ state: 'detached' });
      // Pay Bills shows it too: the AutoPay badge and the next payment at the new amount.
      await openTab(page, 'Pay Bills');
      const tile = page.locator('.quick-pay__tile').filter({ hasText: 'Stream Co' });
      await tile.getByText('AutoPay').waitFor();
      await page.locator('.payee-row:not(.upcoming-row)').getByText('$25.75').waitFor();
      const upcomingRow = page.locator('.upcoming-row').filter({ hasText: 'Stream Co' });
      await upcomingRow.waitFor();
      // Quick Pay shows what AutoPay pays, the amount of the next payment, not the default.
      const tileText = await tile.textContent();
      expect(tileText).toContain('$25.75');
      expect(tileText).not.toContain('$80.50');
      expect(await upcomingRow.textContent()).toContain('AutoPay · from Money Market');
      await expectNoSidewaysScroll(page);
      await page.screenshot({
        path: screenshotPath(`bill-pay/autopay-pay-bills-${name}.png`),
        fullPage: true,
      });

      // Off: the fields go, and so does the payment that waited.
      await openTab(page, 'Manage Payees');
      form = await billPay.autopay('Stream Co');
      await form.getByLabel('Enable AutoPay').uncheck();
      expect(await form.getByLabel(/AutoPay Amount/).count()).toBe(0);
      await form.getByRole('button', { name: 'Save AutoPay' }).click();
      await toast(page, 'AutoPay turned off successfully!').waitFor();
      await card.getByText('AutoPay Disabled').waitFor();
      expect(await stored()).toMatchObject({ autopay_enabled: false, autopay_day: null });
      await openTab(page, 'Pay Bills');
      await page
        .locator('.payee-row:not(.upcoming-row)')
        .getByText('No payment scheduled')
        .waitFor();
      expect(await page.locator('.upcoming-row').filter({ hasText: 'Stream Co' }).count()).toBe(0);
    },
  );
});
