import { domesticWireArrival, wireArrivalText } from '@bank/contracts/wire-arrival';
import { deposit } from '@bank/server/testing';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  dialog,
  expectNoSidewaysScroll,
  expectScreenAccessible,
  fieldError,
  focusedElement,
  toast,
} from './page-models/banking';
import { useBankAndBrowser, type Customer } from './support/fixtures';
import { screenshotPath } from './support/screenshots';

// Wires from the Wire Transfers page against the real bank: typed, checked, reviewed, confirmed
// with step-up, sent once; SEPA leads to Transfer Money.

const t = useBankAndBrowser({ config: { settlementDelayMs: 60_000 } });

async function available(customer: Customer, accountId: string): Promise<number> {
  const accounts = (await customer.client.get('/api/accounts')).body.data.accounts as {
    id: string;
    available_balance: number;
  }[];
  return accounts.find((a) => a.id === accountId)!.available_balance;
}

/** A domestic wire for a property purchase to Title Co LLC, typed into the form. */
async function typeDomesticWire(
  form: Locator,
  fromAccount: string,
  typed: { routing: string; amount: string },
) {
  await form.getByLabel('From Account').selectOption(fromAccount, { timeout: 30_000 });
  await form.getByLabel('Recipient Name').fill('Title Co LLC');
  await form.getByLabel('Bank Name').fill('First National');
  await form.getByLabel('Account Number').fill('123456789');
  await form.getByLabel('Routing Number').fill(typed.routing);
  await form.getByLabel('Recipient Address').fill('1 Main St, Boston MA 02108');
  await form.getByLabel('Amount (USD)').fill(typed.amount);
  await form.getByLabel('Purpose of Transfer').selectOption('property');
}

for (const viewport of [
  { width: 375, height: 800 },
  { width: 1280, height: 900 },
]) {
  describe(`Wire Transfers at ${viewport.width} px`, { timeout: 120_000 }, () => {
    it('sends a domestic wire once: checked as typed, reviewed, confirmed with step-up', async () => {
      const customer = await t.customer();
      const checking = customer.accounts.find((a) => a.type === 'checking')!;
      await deposit(t.bank, checking.account_number, 2000);
      const page = await t.signedInPage(customer, viewport);
      await page.goto('/wire-transfer');
      const form = page.getByRole('form', { name: 'Wire transfer' });
      await form.getByLabel('From Account').waitFor({ timeout: 30_000 });

      // Nothing typed: each field says what it needs, and the focus goes to the first.
      await form.getByRole('button', { name: 'Review Wire' }).click();
      await expect
        .poll(() => fieldError(page, 'From Account'))
        .toBe('Please select an account to transfer from');
      expect(await focusedElement(page)).toMatch(/^SELECT/);
      await expect
        .poll(() => fieldError(page, 'Recipient Address'))
        .toBe('Please enter the recipient’s address');

      await typeDomesticWire(form, checking.id, { routing: '021000022', amount: '1,990' });
      await form.getByLabel('Message to Recipient').fill('Closing costs');
      await expect
        .poll(() => fieldError(page, 'Routing Number'))
        .toBe('Routing number is not a valid ABA routing number');
      // The fee counts: $1,990 and $25 are more than the $2,000 available.
      expect(await fieldError(page, 'Amount (USD)')).toBe(
        'The amount and the wire fee are more than the available balance',
      );
      await form.getByLabel('Routing Number').fill('021000021');
      await form.getByLabel('Amount (USD)').fill('500');
      const summary = page.getByRole('complementary', { name: 'Wire summary' });
      await summary.getByText('$525.00').waitFor();
      await expectNoSidewaysScroll(page);
      await expectScreenAccessible(page, `wire details at ${viewport.width} px`);
      await page.screenshot({
        path: screenshotPath(`wire-details-${viewport.width}.png`),
        fullPage: true,
      });

      const arrives = wireArrivalText(domesticWireArrival(new Date()));
      await form.getByRole('button', { name: 'Review Wire' }).click();
      const review = page.getByRole('region', { name: 'Review your wire' });
      await review.waitFor();
      expect(await focusedElement(page)).toBe('H2: Review your wire');
      for (const text of [
        'Title Co LLC',
        '1 Main St, Boston MA 02108',
        '•••• •••• 6789',
        '021000021',
        'Property purchase',
        '$25.00',
        '$525.00',
        // The day it arrives, as the bank computes it, before the customer sends what cannot be
        // cancelled (today before the cut-off on a business day, else the next business day).
        arrives,
      ]) {
        await review.getByText(text, { exact: true }).waitFor();
      }
      await page
        .getByRole('complementary', { name: 'Wire summary' })
        .getByText(arrives, { exact: true })
        .waitFor();
      await review.getByText('A wire cannot be cancelled once sent').waitFor();
      // What happens to a wire sent to an account that does not exist.
      await review.getByText(/sends the wire back: the amount and the fee return/).waitFor();
      await expectNoSidewaysScroll(page);
      await expectScreenAccessible(page, `wire review at ${viewport.width} px`);
      await page.screenshot({
        path: screenshotPath(`wire-review-${viewport.width}.png`),
        fullPage: true,
      });

      // The session last proved the customer long ago: the bank asks first, then sends once.
      await t.ageLastProof(customer);
      const send = review.getByRole('button', { name: 'Send Wire' });
      await send.click();
      const confirm = dialog(page, 'Confirm it’s you');
      // Cancelled: a choice, not a failure; the review stays, the focus back on Send Wire.
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'detached' });
      await expect
        .poll(() => send.evaluate((button) => button === document.activeElement))
        .toBe(true);
      await page.waitForTimeout(500);
      expect(await page.getByText(/Please confirm it is you/).count()).toBe(0);
      expect(await review.getByRole('alert').count()).toBe(0);
      await send.dblclick();
      await confirm.getByLabel('Password').fill(customer.payload.password as string);
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      await toast(page, /Wire transfer sent/)
        .first()
        .waitFor();
      const done = page.getByRole('region', { name: 'Wire Sent' });
      await done.getByText('$500.00 wired to Title Co LLC (•••• •••• 6789)').waitFor();
      await done.getByText(/^TRF-/).waitFor();
      // The summary beside the answer names the day that answer does (the test bank settles in
      // a minute, so the same day).
      await done.getByText('Wire transfer sent. It will arrive today.').waitFor();
      await page
        .getByRole('complementary', { name: 'Wire summary' })
        .getByText(/^Arrives today, /)
        .waitFor();
      await done
        .getByText(
          'We will let you know when it reaches the recipient’s bank, or if that bank sends it back.',
        )
        .waitFor();
      await expectNoSidewaysScroll(page);
      await expectScreenAccessible(page, `wire sent at ${viewport.width} px`);
      await page.screenshot({
        path: screenshotPath(`wire-sent-${viewport.width}.png`),
        fullPage: true,
      });

      await expect.poll(() => available(customer, checking.id)).toBe(1475);
      const sentWires = async () =>
        (
          (await customer.client.get('/api/transfers/recent')).body.data.transfers as {
            type: string;
            amount: number;
            fee: number;
          }[]
        ).map((w) => `${w.type} ${w.amount} + ${w.fee}`);
      await expect.poll(sentWires).toEqual(['domestic-wire 500 + 25']);

      // Back from the confirmation starts a new wire; nothing is sent again.
      await page.goBack();
      await form.getByRole('button', { name: 'Review Wire' }).waitFor();
      expect(await form.getByLabel('Recipient Name').inputValue()).toBe('');
      expect(await sentWires()).toEqual(['domestic-wire 500 + 25']);
    });

    it('sends an international wire to an IBAN, the bank’s country read from its SWIFT/BIC', async () => {
      const customer = await t.customer();
      const checking = customer.accounts.find((a) => a.type === 'checking')!;
      await deposit(t.bank, checking.account_number, 1000);
      const page = await t.signedInPage(customer, viewport);
      await page.goto('/wire-transfer');
      const form = page.getByRole('form', { name: 'Wire transfer' });
      await form.getByLabel(/International Wire/).check({ timeout: 30_000 });
      await form.getByLabel('From Account').selectOption(checking.id);
      await form.getByLabel('Recipient Name').fill('Lena Vogel');
      await form.getByLabel('Bank Name').fill('Deutsche Bank');
      await form.getByLabel('SWIFT/BIC').fill('deutdeff');
      await form.getByText('Bank in Germany').waitFor();
      await form.getByLabel('IBAN / Account Number').fill('FR14 2004 1010 0505 0001 3M02 606');
      await form.getByLabel('Recipient Address').fill('Hauptstr. 1, 10115 Berlin');
      await form.getByLabel('Amount (USD)').fill('400');
      await form.getByLabel('Purpose of Transfer').selectOption('family_support');
      await form.getByRole('button', { name: 'Review Wire' }).click();
      await expect
        .poll(() => fieldError(page, 'IBAN / Account Number'))
        .toBe('The IBAN belongs to another country than the bank’s SWIFT/BIC');
      await form.getByLabel('IBAN / Account Number').fill('DE89 3704 0044 0532 0130 00');
      await page
        .getByRole('complementary', { name: 'Wire summary' })
        .getByText('$445.00')
        .waitFor();
      await form.getByRole('button', { name: 'Review Wire' }).click();
      const review = page.getByRole('region', { name: 'Review your wire' });
      await review.getByText('Deutsche Bank (Germany)').waitFor();
      await review.getByText('DEUTDEFF').waitFor();
      await review.getByRole('button', { name: 'Send Wire' }).click();
      await page
        .getByRole('region', { name: 'Wire Sent' })
        .getByText(/International wire sent/)
        .waitFor();
      await expect.poll(() => available(customer, checking.id)).toBe(555);

      // Its receipt names the wire, its fee and when it arrives and, a wire being final, offers
      // no Cancel.
      await page.getByRole('link', { name: 'View receipt' }).click();
      await page.getByText('International wire to Lena Vogel (DE ****3000)').first().waitFor();
      await page.getByText('Pending', { exact: true }).first().waitFor();
      const details = page.locator('.receipt__details');
      await details.getByText('$45.00', { exact: true }).waitFor();
      await details.getByText('$445.00', { exact: true }).waitFor();
      await details.getByText(/^By [A-Z][a-z]{2} \d{1,2}, \d{4}$/).waitFor();
      expect(await page.getByRole('button', { name: /^Cancel/ }).count()).toBe(0);
      await expectScreenAccessible(page, `wire receipt at ${viewport.width} px`);
    });

    it('wires to a saved recipient: the bank fills the account in, the page shows it masked', async () => {
      const customer = await t.customer();
      const checking = customer.accounts.find((a) => a.type === 'checking')!;
      await deposit(t.bank, checking.account_number, 1000);
      const saved = await customer.client.post('/api/transfers/recipients', {
        type: 'external-bank',
        nickname: 'Landlord',
        recipientName: 'Pat Landlord',
        bankName: 'First National',
        accountNumber: '44445555',
        routingNumber: '021000021',
      });
      expect(saved.status).toBe(201);
      const page = await t.signedInPage(customer, viewport);
      await page.goto('/wire-transfer');
      const form = page.getByRole('form', { name: 'Wire transfer' });
      await form.getByLabel('From Account').selectOption(checking.id, { timeout: 30_000 });
      await form.getByRole('radio', { name: 'Saved recipient' }).click();
      await form.getByLabel('Saved Recipient').selectOption({ label: 'Landlord' });
      await form.getByText('First National •••• •••• 5555').waitFor();
      await form.getByLabel('Recipient Address').fill('9 Elm St, Boston MA');
      await form.getByLabel('Amount (USD)').fill('50');
      await form.getByLabel('Purpose of Transfer').selectOption('other');
      await form.getByRole('button', { name: 'Review Wire' }).click();
      const review = page.getByRole('region', { name: 'Review your wire' });
      await review.getByText('Pat Landlord', { exact: true }).waitFor();
      await review.getByText('•••• •••• 5555', { exact: true }).waitFor();
      await expectScreenAccessible(page, `wire to a saved recipient at ${viewport.width} px`);
      await review.getByRole('button', { name: 'Send Wire' }).click();
      const done = page.getByRole('region', { name: 'Wire Sent' });
      await done.getByText('$50.00 wired to Pat Landlord (•••• •••• 5555)').waitFor();
      await expect.poll(() => available(customer, checking.id)).toBe(925);
    });

    it('wires to a saved IBAN that has no SWIFT/BIC: the page asks for the bank’s', async () => {
      const customer = await t.customer();
      const checking = customer.accounts.find((a) => a.type === 'checking')!;
      await deposit(t.bank, checking.account_number, 1000);
      // Saved for SEPA, which needs no SWIFT/BIC.
      const saved = await customer.client.post('/api/transfers/recipients', {
        type: 'sepa',
        nickname: 'Luc',
        recipientName: 'Luc Martin',
        bankName: 'BNP Paribas',
        iban: 'FR1420041010050500013M02606',
        country: 'FR',
      });
      expect(saved.status).toBe(201);
      const page = await t.signedInPage(customer, viewport);
      await page.goto('/wire-transfer');
      const form = page.getByRole('form', { name: 'Wire transfer' });
      await form.getByLabel(/International Wire/).check({ timeout: 30_000 });
      await form.getByLabel('From Account').selectOption(checking.id);
      await form.getByRole('radio', { name: 'Saved recipient' }).click();
      await form.getByLabel('Saved Recipient').selectOption({ label: 'Luc' });
      await form.getByLabel('Recipient Address').fill('1 rue de Rivoli, Paris');
      await form.getByLabel('Amount (USD)').fill('50');
      await form.getByLabel('Purpose of Transfer').selectOption('family_support');
      await form.getByRole('button', { name: 'Review Wire' }).click();
      await expect
        .poll(() => fieldError(page, 'SWIFT/BIC'))
        .toBe('Please enter the SWIFT/BIC code');
      await form.getByLabel('SWIFT/BIC').fill('bnpafrpp');
      await form.getByText('Bank in France').waitFor();
      await form.getByRole('button', { name: 'Review Wire' }).click();
      const review = page.getByRole('region', { name: 'Review your wire' });
      await review.getByText('BNP Paribas (France)').waitFor();
      await review.getByText('BNPAFRPP').waitFor();
      await review.getByRole('button', { name: 'Send Wire' }).click();
      const done = page.getByRole('region', { name: 'Wire Sent' });
      await done.getByText(/International wire sent/).waitFor();
      await expect.poll(() => available(customer, checking.id)).toBe(905);
    });

    it('brings a refusal by the bank back to its field, with the focus in it', async () => {
      const customer = await t.customer();
      const checking = customer.accounts.find((a) => a.type === 'checking')!;
      await deposit(t.bank, checking.account_number, 3000);
      const page = await t.signedInPage(customer, viewport);
      await page.goto('/wire-transfer');
      const form = page.getByRole('form', { name: 'Wire transfer' });
      // More than the bank sends to an account it has never paid: only the bank knows that.
      await typeDomesticWire(form, checking.id, { routing: '021000021', amount: '1500' });
      await form.getByRole('button', { name: 'Review Wire' }).click();
      const review = page.getByRole('region', { name: 'Review your wire' });
      await review.getByRole('button', { name: 'Send Wire' }).click();
      await expect
        .poll(() => fieldError(page, 'Amount (USD)'))
        .toMatch(/^Transfers to a new account are limited to \$1,000\.00 each/);
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
        .toBe('amount');
      expect(await form.getByLabel('Recipient Name').inputValue()).toBe('Title Co LLC');
      await expectScreenAccessible(page, `wire refused on a field at ${viewport.width} px`);
    });

    it('leads a SEPA transfer to Transfer Money, where the euro rate is quoted', async () => {
      const customer = await t.customer();
      const page = await t.signedInPage(customer, viewport);
      await page.goto('/wire-transfer');
      await page.getByLabel(/SEPA Transfer/).check({ timeout: 30_000 });
      await page.getByRole('link', { name: 'Continue to SEPA transfer' }).click();
      await page.getByLabel('IBAN').waitFor();
      expect(new URL(page.url()).search).toBe('?type=sepa&step=2');
    });
  });
}
