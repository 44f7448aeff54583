import { describe, expect, it } from 'vitest';
import {
  dialog,
  expectNoSidewaysScroll,
  expectScreenAccessible,
  toast,
} from './page-models/banking';
import { useBankAndBrowser } from './support/fixtures';
import { screenshotPath } from './support/screenshots';

// A signed-in customer opens a business checking account from the Accounts page, confirming it
// is them first (the session's last proof is older than 5 minutes). In Chromium at desktop and
// phone widths against the real bank.

const t = useBankAndBrowser();

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
]) {
  describe(`opening a business account at ${viewport.width} px`, { timeout: 120_000 }, () => {
    it('checks the form, confirms it is them, opens the account and shows it selected', async () => {
      const customer = await t.customer();
      const page = await t.signedInPage(customer, viewport);
      await page.goto('/accounts');
      await page.getByRole('link', { name: 'Open a business account' }).click();
      await page.getByRole('heading', { name: 'Open a business account' }).waitFor();
      await t.ageLastProof(customer);

      // Nothing filled in: every field says what it needs.
      await page.getByRole('button', { name: 'Open account' }).click();
      await page.getByText('Please enter the business name.').waitFor();
      await page.getByText('Please enter the 9-digit EIN as 12-3456789.').waitFor();
      await page.getByText('Please choose the type of business.').waitFor();
      await page
        .getByText('Please confirm you are authorized to open this account for this business.')
        .waitFor();

      await page.getByLabel('Business name').fill('Rivera Landscaping LLC');
      // Typed as digits, shown as the IRS writes it.
      await page.getByLabel('Employer Identification Number (EIN)').fill('453187296');
      await expect
        .poll(() => page.getByLabel('Employer Identification Number (EIN)').inputValue())
        .toBe('45-3187296');
      // The message about the empty field goes once the number is right.
      await page.getByText('Please enter the 9-digit EIN as 12-3456789.').waitFor({
        state: 'detached',
      });
      await page.getByLabel('Business type').selectOption('llc');
      await page
        .getByLabel('I confirm I am authorized to open this account for this business')
        .check();
      await expectNoSidewaysScroll(page);
      await expectScreenAccessible(page, `business account form at ${viewport.width} px`);
      await page.screenshot({
        path: screenshotPath(`business-account-form-${viewport.width}.png`),
        fullPage: true,
      });
      await page.getByRole('button', { name: 'Open account' }).click();

      const confirm = dialog(page, 'Confirm it’s you');
      await confirm.getByRole('button', { name: 'Confirm' }).waitFor();
      await confirm.getByLabel('Password').fill(customer.payload.password as string);
      await confirm.getByRole('button', { name: 'Confirm' }).click();

      await toast(page, 'Your business checking account is open.').waitFor();
      const title = 'Business Checking details';
      await page.getByRole('heading', { name: title }).waitFor({ timeout: 30_000 });
      // The focus is on the new account in the list, not lost at the top of the page.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
        .toMatch(/^Business Checking/);
      await expectNoSidewaysScroll(page);
      await expectScreenAccessible(page, `business account opened at ${viewport.width} px`);
      await page.screenshot({
        path: screenshotPath(`business-account-opened-${viewport.width}.png`),
        fullPage: true,
      });

      const accounts = (await customer.client.get('/api/accounts')).body.data.accounts as {
        id: string;
        type: string;
      }[];
      const business = accounts.filter((a) => a.type === 'business');
      expect(business).toHaveLength(1);
      expect(new URL(page.url()).searchParams.get('account')).toBe(business[0]!.id);
    });
  });
}
