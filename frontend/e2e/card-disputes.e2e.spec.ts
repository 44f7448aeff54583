import { cardPurchase } from '@bank/server/testing';
import { describe, expect, it } from 'vitest';
import { expectNoSidewaysScroll, expectScreenAccessible, toast } from './page-models/banking';
import { useBankAndBrowser } from './support/fixtures';

// Disputing a card charge from its receipt: the case becomes a support ticket the customer follows.

const t = useBankAndBrowser();

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

describe('card disputes', { timeout: 180_000 }, () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`are made from the charge's receipt and followed in Support (${viewport.width} px)`, async () => {
      const customer = await t.customer({ name: 'Dana Disputer' });
      const checking = customer.accounts.find((a) => a.name === 'Premium Checking')!;
      const charge = await cardPurchase(t.bank, checking.id, 89_50, {
        name: 'Coastal Gadgets',
        categoryCode: '5732',
      });
      customer.client.consistencyToken = charge.consistencyToken;
      const page = await t.signedInPage(customer, viewport);
      await page.goto(`/transactions/${encodeURIComponent(charge.transactionId)}`);
      await page.getByRole('heading', { name: 'Coastal Gadgets' }).waitFor();

      await page.getByRole('button', { name: 'Dispute this charge' }).click();
      const dialog = page.getByRole('dialog', { name: 'Dispute this charge' });
      await dialog.getByText('Coastal Gadgets, $89.50').waitFor();
      await dialog.getByRole('button', { name: 'Submit Dispute' }).click();
      await dialog.getByText('Please choose why you dispute this charge.').waitFor();
      await expectNoSidewaysScroll(page);
      await expectScreenAccessible(page, `dispute dialog (${viewport.width} px)`);
      await page.screenshot({ path: `/tmp/dispute-dialog-${viewport.width}.png`, fullPage: true });

      await dialog
        .getByLabel('Why are you disputing this charge?')
        .selectOption({ label: 'I was charged more than once' });
      await dialog.getByLabel(/What happened\?/).fill('Charged twice for one order.');
      await dialog.getByRole('button', { name: 'Submit Dispute' }).click();
      await toast(page, /^Dispute submitted: ticket #TKT-\d{4}-\d{6}$/).waitFor();
      await dialog.waitFor({ state: 'hidden' });

      const section = page.getByRole('region', { name: 'Dispute' });
      await section.getByText('I was charged more than once').waitFor();
      await section.getByText('Open', { exact: true }).waitFor();
      expect(await page.getByRole('button', { name: 'Dispute this charge' }).count()).toBe(0);
      await expectNoSidewaysScroll(page);
      await expectScreenAccessible(page, `disputed receipt (${viewport.width} px)`);
      await page.screenshot({ path: `/tmp/dispute-receipt-${viewport.width}.png`, fullPage: true });

      const ticketLink = section.getByRole('link', { name: /^Ticket #TKT-/ });
      const ticketNumber = (await ticketLink.textContent())!.replace('Ticket #', '');
      await ticketLink.click();
      await page.waitForURL('**/support?ticket=**');
      await page.getByText(`#${ticketNumber}`).first().waitFor();
      await page
        .getByText(/Dispute: Coastal Gadgets, \$89\.50 on/)
        .first()
        .waitFor();
      await page.getByText('Charged twice for one order.', { exact: false }).first().waitFor();
    });
  }
});
