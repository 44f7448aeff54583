import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCustomer } from '@bank/server/testing';
import { LoginPage } from './page-models/auth-pages';
import { expectNoSidewaysScroll, expectScreenAccessible } from './page-models/banking';
import { useBankAndBrowser } from './support/fixtures';

// Receipts and monthly statements, against the demo customer's three months of history.

const t = useBankAndBrowser();
let demo: { accountNumber: string; password: string };

beforeAll(async () => {
  demo = (await seedDemoCustomer(t.bank.ctx, t.bank.config.dataDir))!;
});

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

/** The day `n` days before today, as a date input takes it (YYYY-MM-DD). */
function daysAgo(n: number): string {
  const d = new Date();
  d.setDate(d.getDate() - n);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

async function signInAsDemo(viewport?: { width: number; height: number }): Promise<Page> {
  const page = await t.newPage(viewport);
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(demo.accountNumber, demo.password);
  await page.waitForURL('**/dashboard');
  await page.getByText(/Across \d+ accounts/).waitFor();
  return page;
}

async function downloaded(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), body: await readFile(file!) };
}

describe('receipts', () => {
  it('opens from the dashboard’s recent activity with reference, timeline and balance after', async () => {
    const page = await signInAsDemo();
    const first = page.locator('.tx-list .tx__link').first();
    const description = (await first.textContent())!.trim();
    await first.click();
    await page.waitForURL('**/transactions/**');
    await page.getByRole('heading', { name: 'Receipt', level: 1 }).waitFor();
    await page.getByRole('heading', { name: description }).waitFor();
    const details = page.locator('.receipt__details');
    expect(await details.textContent()).toMatch(/Reference number[A-Z]{2,}-?\w+/);
    expect(await details.textContent()).toMatch(/Balance after\$[\d,]+\.\d{2}/);
    expect(await details.textContent()).toContain('Category');
    const timeline = page.getByRole('list', { name: 'Timeline' });
    expect(await timeline.textContent()).toMatch(/Initiated.*Settled/);
    await expectScreenAccessible(page, 'receipt');

    const pdf = await downloaded(page, () =>
      page.getByRole('button', { name: 'Download PDF' }).click(),
    );
    expect(pdf.name).toMatch(/^receipt-.+\.pdf$/);
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');

    // Back where the receipt was opened from: the dashboard.
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('list', { name: 'Recent transactions' }).waitFor();
  });

  it('opens from the accounts page on a phone, without sideways scrolling', async () => {
    const page = await signInAsDemo(PHONE);
    await page.goto('/accounts');
    await page.locator('.tx-list .tx__link').first().click();
    await page.getByRole('heading', { name: 'Receipt', level: 1 }).waitFor();
    await page.getByRole('list', { name: 'Timeline' }).waitFor();
    await expectNoSidewaysScroll(page);
    await expectScreenAccessible(page, 'receipt at 375 px');
  });

  it('says so when the transaction is not the customer’s or does not exist', async () => {
    const page = await signInAsDemo();
    await page.goto('/transactions/not-a-transaction');
    await page.getByText('We could not find this transaction.').waitFor();
    await expectScreenAccessible(page, 'receipt not found');
  });
});

describe('monthly statements', () => {
  it('lists the account’s months and downloads each as PDF and CSV', async () => {
    const page = await signInAsDemo();
    await page.goto('/accounts');
    const list = page.getByRole('list', { name: 'Monthly statements' });
    await list.waitFor();
    const months = list.getByRole('listitem');
    await months.nth(1).waitFor();
    expect(await months.first().textContent()).toContain('to date');
    await expectScreenAccessible(page, 'accounts page with statements');

    const label = (await months.nth(1).locator('.statement__month').textContent())!.trim();
    const pdf = await downloaded(page, () =>
      page.getByRole('button', { name: `Download ${label} statement as PDF` }).click(),
    );
    expect(pdf.name).toMatch(/^statement-.+-\d{4}-\d{2}\.pdf$/);
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');

    const csv = await downloaded(page, () =>
      page.getByRole('button', { name: `Download ${label} statement as CSV` }).click(),
    );
    const rows = csv.body.toString('utf8').trim().split('\r\n');
    expect(rows[0]).toBe('date,description,reference,amount,balance');
    expect(rows[1]).toContain('Opening balance');
    expect(rows.at(-3)).toContain('Closing balance');
    expect(rows.at(-2)).toContain('Interest paid');
    expect(rows.at(-1)).toContain('Fees charged');
  });

  for (const viewport of [PHONE, DESKTOP]) {
    it(`downloads a month as OFX for Quicken and QuickBooks, a file that parses (${viewport.width} px)`, async () => {
      const page = await signInAsDemo(viewport);
      await page.goto('/accounts');
      const months = page.getByRole('list', { name: 'Monthly statements' }).getByRole('listitem');
      await months.nth(1).waitFor();
      await expectNoSidewaysScroll(page);
      const label = (await months.nth(1).locator('.statement__month').textContent())!.trim();
      const button = page.getByRole('button', {
        name: `Download ${label} statement as OFX (Quicken, QuickBooks)`,
      });
      expect(await button.textContent()).toContain('OFX');
      const ofx = await downloaded(page, () => button.click());
      expect(ofx.name).toMatch(/^statement-.+-\d{4}-\d{2}\.ofx$/);
      const text = ofx.body.toString('utf8');
      expect(text).toContain('<?OFX OFXHEADER="200" VERSION="220"');
      // Read as the browser reads XML: a file that is not well formed yields a parsererror.
      const parsed = await page.evaluate((xml) => {
        const doc = new DOMParser().parseFromString(xml, 'application/xml');
        const all = (tag: string) => [...doc.getElementsByTagName(tag)].map((e) => e.textContent);
        return {
          errors: doc.getElementsByTagName('parsererror').length,
          root: doc.documentElement.nodeName,
          acctType: all('ACCTTYPE'),
          amounts: all('TRNAMT'),
          ids: all('FITID'),
          balance: all('BALAMT'),
        };
      }, text);
      expect(parsed.errors).toBe(0);
      expect(parsed.root).toBe('OFX');
      expect(parsed.acctType).toEqual(['CHECKING']);
      expect(parsed.amounts.length).toBeGreaterThan(0);
      for (const amount of [...parsed.amounts, ...parsed.balance]) {
        expect(amount).toMatch(/^-?\d+\.\d{2}$/);
      }
      expect(new Set(parsed.ids).size).toBe(parsed.ids.length);
    });
  }

  it('fits a phone', async () => {
    const page = await signInAsDemo(PHONE);
    await page.goto('/accounts');
    const list = page.getByRole('list', { name: 'Monthly statements' });
    await list.waitFor();
    // Every month is on the page, however many there are: no scroll box of its own, capped in
    // height, hides the older ones.
    expect(await list.evaluate((el) => getComputedStyle(el).maxHeight)).toBe('none');
    expect(await list.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(1);
    await expectNoSidewaysScroll(page);
    await expectScreenAccessible(page, 'statements at 375 px');
  });
});

describe('transaction lists that scale', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`filters by a custom date range, money out and an amount range, pages with Load more, and exports what matches (${viewport.width} px)`, async () => {
      const from = daysAgo(60);
      const to = daysAgo(20);
      const page = await signInAsDemo(viewport);
      await page.goto('/accounts?days=365');
      await page.locator('.tx-list .tx').first().waitFor();
      await page.getByText('More filters').click();
      const form = page.getByRole('form', { name: 'More filters' });
      await form.getByLabel('From').fill(from);
      await form.getByLabel('To', { exact: true }).fill(to);
      await form.getByLabel('Type').selectOption('debit');
      await form.getByLabel('Minimum amount').fill('1');
      await form.getByLabel('Maximum amount').fill('100000');
      await expectNoSidewaysScroll(page);
      await expectScreenAccessible(page, `more filters open at ${viewport.width} px`);
      await form.getByRole('button', { name: 'Apply filters' }).click();
      await page.waitForURL((url) => {
        const q = url.searchParams;
        return q.get('from') === from && q.get('to') === to && q.get('type') === 'debit';
      });
      await page.getByText('More filters (on)').waitFor();
      await page.locator('.tx-list .tx').first().waitFor();
      await expectNoSidewaysScroll(page);
      await expectScreenAccessible(page, `accounts page with filters at ${viewport.width} px`);
      const amounts = await page.locator('.tx-list .tx__amount').allTextContents();
      expect(amounts.length).toBeGreaterThan(0);
      for (const amount of amounts) expect(amount).toMatch(/^Debit -\$/);

      const csv = await downloaded(page, () =>
        page.getByRole('button', { name: 'Export CSV' }).click(),
      );
      expect(csv.name).toContain(`${from}-to-${to}`);
      // The lines, then after a blank row their totals and the account's balances.
      const [lines = '', summary = ''] = csv.body.toString('utf8').trim().split('\r\n\r\n');
      const rows = lines.split('\r\n').slice(1);
      // Which lines the file holds, then their totals.
      expect(summary.split('\r\n').slice(0, 2)).toEqual([
        `Lines,${from} to ${to}; money out only; $1.00 to $100000.00,,Premium Checking,,,,,`,
        expect.stringMatching(/^Total,Lines in this file,/),
      ]);
      expect(summary).toContain('\r\nBalance,"Available balance at ');
      expect(rows.length).toBeGreaterThanOrEqual(amounts.length);
      for (const row of rows) {
        expect(row).toMatch(/,-\d+\.\d{2},/);
        // Only the days asked for, both ends included.
        const day = row.slice(0, 10);
        expect(day >= from && day <= to, `${day} within ${from}..${to}`).toBe(true);
      }

      const more = page.getByRole('button', { name: 'Load more' });
      if (await more.isVisible()) {
        const before = await page.locator('.tx-list .tx').count();
        await more.click();
        await page.waitForFunction(
          (n) => document.querySelectorAll('.tx-list .tx').length > n,
          before,
        );
      }
    });
  }
});
