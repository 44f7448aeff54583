import { readFile } from 'node:fs/promises';
import { pdfText } from '@bank/server/testing';
import { describe, expect, it } from 'vitest';
import { expectNoSidewaysScroll, expectScreenAccessible } from './page-models/banking';
import { useBankAndBrowser } from './support/fixtures';
import { screenshotPath } from './support/screenshots';

// The Deposit page: check deposit from a phone is not offered yet; direct deposit details and
// a filled-in form for the employer, and the other ways to add money, are.

const t = useBankAndBrowser();

for (const viewport of [
  { width: 375, height: 800 },
  { width: 1280, height: 900 },
]) {
  it(`gives the direct deposit details and form of the chosen account (${viewport.width} px)`, async () => {
    const customer = await t.customer();
    const savings = customer.accounts.find((a) => a.type === 'savings')!;
    const page = await t.signedInPage(customer, viewport);
    await page.goto('/deposit');
    await page
      .getByRole('heading', { name: 'Mobile Check Deposit', level: 1 })
      .waitFor({ timeout: 30_000 });
    await page.getByRole('heading', { name: 'Coming Soon' }).waitFor();

    const direct = page.getByRole('region', { name: 'Set up direct deposit' });
    // Only accounts a payroll form can name: the investment account is not one.
    const offered = await direct
      .getByLabel('Account')
      .evaluate((select: HTMLSelectElement) => [...select.options].map((o) => o.value));
    const expected = customer.accounts.filter((a) => a.type === 'checking' || a.type === 'savings');
    expect(offered.filter(Boolean).sort()).toEqual(expected.map((a) => a.id).sort());
    expect(customer.accounts.some((a) => a.type === 'investment')).toBe(true);
    await direct.getByLabel('Account').selectOption(savings.id);
    // Masked until asked for, then in full.
    await direct.getByText(`•••• •••• ${savings.account_number.slice(-4)}`).waitFor();
    await direct.getByRole('button', { name: 'Reveal number' }).click();
    await direct.getByText(savings.account_number.replace(/(\d{4})(?=\d)/g, '$1 ')).waitFor();
    await direct.getByText('Savings', { exact: true }).waitFor();
    await page.screenshot({
      path: screenshotPath(`deposit-${viewport.width}.png`),
      fullPage: true,
    });
    await expectNoSidewaysScroll(page);
    await expectScreenAccessible(page, `deposit at ${viewport.width} px`);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      direct.getByRole('button', { name: 'Download direct deposit form (PDF)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(
      `direct-deposit-${savings.account_number.slice(-4)}.pdf`,
    );
    const text = pdfText(await readFile((await download.path())!));
    expect(text).toContain(savings.account_number);
    expect(text).toContain(customer.user.name);

    await page.getByRole('link', { name: 'Ask someone to pay you' }).click();
    await page.getByRole('tab', { name: /Request/, selected: true }).waitFor();
  });
}

describe('deposit page', () => {
  it('is where a new customer’s empty dashboard sends them to add money', async () => {
    const customer = await t.customer();
    const page = await t.signedInPage(customer, { width: 375, height: 800 });
    await page.goto('/dashboard');
    await page
      .getByRole('link', { name: 'How to add money to your account' })
      .click({ timeout: 30_000 });
    await page.getByRole('region', { name: 'Set up direct deposit' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/deposit');
  });

  it('says check deposit is coming, and stays on the page for a customer without accounts loaded', async () => {
    const customer = await t.customer();
    const page = await t.signedInPage(customer);
    await page.route('**/api/accounts', (route) => route.fulfill({ status: 503, body: '{}' }));
    await page.goto('/deposit');
    await page.getByRole('heading', { name: 'Coming Soon' }).waitFor({ timeout: 30_000 });
    await page.getByRole('region', { name: 'Other ways to add money' }).waitFor();
  });
});
