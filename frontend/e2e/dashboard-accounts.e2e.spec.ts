import { cardPurchase, deposit } from '@bank/server/testing';
import { describe, expect, it } from 'vitest';
import { AppShell } from './page-models/app-shell';
import { BillPayPage } from './page-models/bill-pay';
import {
  expectControlsInsideTheirFields,
  expectNoSidewaysScroll,
  expectScreenAccessible,
  openTab,
} from './page-models/banking';
import { useDemoCustomer } from './support/demo-customer';
import { useBankAndBrowser } from './support/fixtures';
import { screenshotPath } from './support/screenshots';

// The dashboard, accounts page and shell against the demo customer's three months of history.

const t = useBankAndBrowser();
const demo = useDemoCustomer(t);
const signInAsDemo = demo.signIn;

const MONEY = /\$\d/;

describe('dashboard and accounts', () => {
  it('shows "Unavailable", never a zero balance, when the figures fail to load', async () => {
    const page = await signInAsDemo();
    await page.route('**/api/dashboard', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    await page.route('**/api/accounts', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    await page.reload();
    await page.getByText('Failed to load dashboard data. Please try again.').waitFor();
    const hero = page.locator('.balance-hero');
    await hero.getByText('Unavailable').first().waitFor();
    expect(await hero.textContent()).not.toMatch(/\$0\.00|Across 0 accounts/);
    await expectScreenAccessible(page, 'dashboard that failed to load');

    await page.goto('/accounts');
    await page.getByText('We could not load your accounts. Please try again.').waitFor();
    expect(await page.locator('.portfolio').textContent()).toContain('Unavailable');
    expect(await page.locator('.portfolio').textContent()).not.toContain('$0.00');
  });

  it('keeps the focus on Refresh while the balances reload', async () => {
    const page = await signInAsDemo();
    await page.route('**/api/dashboard', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    const refresh = page.getByRole('button', { name: 'Refresh balances' });
    await refresh.focus();
    await page.keyboard.press('Enter');
    await page.getByText('Refreshing...').waitFor();
    await page.getByText('Refreshing...').waitFor({ state: 'detached' });
    expect(await refresh.evaluate((e) => e === document.activeElement)).toBe(true);
  });

  it('opens the account of the card, with its real last activity', async () => {
    const page = await signInAsDemo();
    await page.locator('.acct-card', { hasText: 'High Yield Savings' }).click();
    await page.getByRole('heading', { name: 'High Yield Savings details' }).waitFor();
    // Last activity is the newest transaction's day (not when the history was loaded).
    const newest = page.locator('.tx-list .tx').first().locator('.tx__meta');
    await newest.waitFor();
    const detail = page.locator('.detail-grid');
    const lastActivity = detail.locator('div', { hasText: 'Last activity' }).locator('dd');
    await page.waitForFunction(
      () =>
        !/Loading/.test(
          [...document.querySelectorAll('.detail-grid div')]
            .find((d) => d.textContent?.includes('Last activity'))
            ?.querySelector('dd')?.textContent ?? 'Loading',
        ),
    );
    expect(await newest.textContent()).toContain(await lastActivity.textContent());
  });

  it('"Hide balance" hides every amount on the dashboard, then the accounts page, until shown', async () => {
    const page = await signInAsDemo();
    expect(await page.locator('.dashboard').textContent()).toMatch(MONEY);
    await page.getByRole('button', { name: 'Hide balance' }).click();
    expect(await page.locator('.dashboard').textContent()).not.toMatch(MONEY);

    // One choice for every page, kept for the next visit.
    await page.goto('/accounts');
    await page.locator('.tx-list').waitFor();
    const show = page.getByRole('button', { name: 'Show balances' });
    expect(await show.getAttribute('aria-pressed')).toBe('true');
    const available = page.locator('.detail-grid div', { hasText: 'Available balance' });
    expect(await available.textContent()).not.toMatch(MONEY);
    expect(await page.locator('.tx-list').textContent()).not.toMatch(MONEY);
    expect(await page.locator('.account-list').textContent()).not.toMatch(MONEY);

    await show.click();
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Hide balance' }).waitFor();
    await expect.poll(async () => page.locator('.dashboard').textContent()).toMatch(MONEY);
  });

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 812 },
  ]) {
    it(`shows each search result's whole name, not cut off (${viewport.width} px)`, async () => {
      const page = await signInAsDemo(viewport);
      const results = await new AppShell(page).search('Casco Bay Health');
      await results
        .getByRole('option', { name: /Income: Casco Bay Health payroll/ })
        .first()
        .waitFor();
      const cut = await results
        .locator('.search__label')
        .evaluateAll((labels) =>
          labels.filter((l) => l.scrollWidth > l.clientWidth + 1).map((l) => l.textContent),
        );
      expect(cut, 'search results cut off').toEqual([]);
      await expectNoSidewaysScroll(page);
    });

    it(`the arrow keys bring each search result into view (${viewport.width} px)`, async () => {
      const page = await signInAsDemo(viewport);
      const results = await new AppShell(page).search('an');
      await page.getByText(/^\d+\+? results$/).waitFor();
      const count = await results.getByRole('option').count();
      expect(count).toBeGreaterThan(5);
      for (let i = 0; i < count; i++) {
        await page.keyboard.press('ArrowDown');
        const chosen = results.getByRole('option', { selected: true });
        await expect
          .poll(() =>
            chosen.evaluate((option) => {
              const box = option.getBoundingClientRect();
              const popup = option.closest('.search__popup')!.getBoundingClientRect();
              return box.top >= popup.top - 1 && box.bottom <= popup.bottom + 1;
            }),
          )
          .toBe(true);
      }
    });

    it(`Bill Pay lists the payees the demo's bills are paid to (${viewport.width} px)`, async () => {
      const page = await signInAsDemo(viewport);
      const billPay = new BillPayPage(page);
      await billPay.open();
      // Quick Pay's tiles and the history's bills name the same payees.
      for (const name of ['Rent', 'Central Maine Power', 'Spectrum']) {
        await page.locator('main').getByText(name, { exact: true }).first().waitFor();
      }
      expect(await page.getByText('No payees found').count()).toBe(0);
      await page.screenshot({ path: screenshotPath(`demo-bill-pay-${viewport.width}.png`) });
      await openTab(page, 'Manage Payees');
      for (const name of ['Rent', 'Central Maine Power', 'Spectrum']) {
        await billPay.payeeCard(name).first().waitFor();
      }
      await page.screenshot({ path: screenshotPath(`demo-payees-${viewport.width}.png`) });
      await expectNoSidewaysScroll(page);
    });

    it(`finds movements by amount: exact cents, or the whole dollar (${viewport.width} px)`, async () => {
      const page = await signInAsDemo(viewport);
      const shell = new AppShell(page);
      for (const [query, name] of [
        ['62.75', /Duckfat Restaurant/],
        ['62', /Duckfat Restaurant/],
        ['$15.49', /Netflix/],
      ] as const) {
        const results = await shell.search(query);
        await results.getByRole('option', { name }).first().waitFor();
      }
      await page.screenshot({ path: screenshotPath(`search-amount-${viewport.width}.png`) });
      await expectNoSidewaysScroll(page);
    });

    it(`a search result opens its receipt, focused, whose way back is the page searched from (${viewport.width} px)`, async () => {
      const page = await signInAsDemo(viewport);
      const results = await new AppShell(page).search('Interest paid');
      await results.getByRole('option').first().waitFor();
      // Results start at the list's own edge: no browser list indent or empty band above.
      const list = (await results.boundingBox())!;
      const first = (await results.getByRole('option').first().boundingBox())!;
      expect(first.x - list.x).toBeLessThan(1);
      expect(first.y - list.y).toBeLessThan(1);
      await expectNoSidewaysScroll(page);
      // The oldest match shown: months ago, on the savings account.
      await results
        .getByRole('option', { name: /Interest paid/ })
        .last()
        .click();
      await page.waitForURL('**/transactions/**');
      await page.getByRole('heading', { name: 'Receipt', level: 1 }).waitFor();
      await page.getByRole('heading', { name: /Interest paid/ }).waitFor();
      await page.getByRole('list', { name: 'Timeline' }).waitFor();
      // The focus left the emptied search box for the receipt.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()))
        .toBe('Receipt');
      await expectNoSidewaysScroll(page);
      await expectScreenAccessible(page, `receipt opened from search at ${viewport.width} px`);
      const receiptUrl = page.url();
      await page.getByRole('link', { name: 'Back to Dashboard' }).click();
      await page.waitForURL('**/dashboard');
      // Opened on its own (a link, a bookmark), the receipt's way back holds it on its account.
      await page.goto(receiptUrl);
      await page.getByRole('link', { name: 'Back to Accounts' }).click();
      await page.waitForURL(/\/accounts\?/);
      await page.getByRole('heading', { name: 'High Yield Savings details' }).waitFor();
      const highlighted = page.locator('.tx--highlighted');
      await highlighted.getByText('Interest paid').waitFor();
      const url = new URL(page.url());
      expect(['30', '90', '365']).toContain(url.searchParams.get('days') ?? '30');
      await page.waitForFunction(() => {
        const box = document.querySelector('.tx--highlighted')?.getBoundingClientRect();
        return Boolean(box && box.top >= 0 && box.bottom <= window.innerHeight);
      });
      // axe's target-size counts a button half scrolled under the sticky header as too small;
      // the screen is judged as it first lays out, not at the scroll position the link chose.
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectNoSidewaysScroll(page);
      await expectScreenAccessible(page, `accounts opened from search at ${viewport.width} px`);
    });
  }
});

describe('dashboard cards and spending chart', () => {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 812 },
  ]) {
    it(`counts the accounts left off the cards as the total does (${viewport.width} px)`, async () => {
      // The demo customer: four accounts and cashback, so three account cards beside cashback.
      const page = await signInAsDemo(viewport);
      const region = page.getByRole('region', { name: 'My Accounts' });
      await region.getByText('Cashback', { exact: true }).waitFor();
      await page.getByText('Across 4 accounts').waitFor();
      expect(await region.locator('a.acct-card').count()).toBe(3);
      expect(await region.locator('.acct-cards__more').textContent()).toBe(
        'Showing 3 of 4 accounts and your cashback. View all 4 accounts',
      );
      expect(await region.textContent()).not.toMatch(/\+\d+ more/);
      await page.screenshot({
        path: screenshotPath(`dashboard-cashback-${viewport.width}.png`),
        fullPage: true,
      });
      await region.getByRole('link', { name: 'View all 4 accounts' }).click();
      await page.waitForURL('**/accounts');
    });

    it(`shows a card's available balance while a payment is pending (${viewport.width} px)`, async () => {
      const customer = await t.customer({ name: 'Held Funds' });
      const checking = customer.accounts.find((a) => a.type === 'checking')!;
      const funded = await deposit(t.bank, checking.account_number, 500);
      customer.client.consistencyToken = funded.headers['x-consistency-token'];
      // An external transfer stays pending for business days: $100 and its $3 fee are held.
      const sent = await customer.client.post('/api/transfers/external-bank', {
        fromAccount: checking.id,
        amount: 100,
        recipientName: 'Alex Kim',
        bankName: 'First National',
        accountNumber: '55554444',
        routingNumber: '021000021',
      });
      expect(sent.status).toBe(201);
      const page = await t.signedInPage(customer, viewport);
      await page.goto('/dashboard');
      const card = page.locator('a.acct-card', { hasText: 'Checking' });
      const available = card.locator('.acct-card__available');
      await available.waitFor();
      expect(await available.textContent()).toBe('Available $397.00');
      // Seen, not only heard: on the card, at a readable size, not clipped to a pixel.
      const box = (await available.boundingBox())!;
      expect(box.width).toBeGreaterThan(60);
      expect(box.height).toBeGreaterThan(10);
      expect(await card.locator('.sr-only').count()).toBe(0);
      await page.screenshot({
        path: screenshotPath(`dashboard-available-${viewport.width}.png`),
        fullPage: true,
      });
      await expectNoSidewaysScroll(page);
      await expectScreenAccessible(page, `dashboard with money held at ${viewport.width} px`);

      // The accounts list says it the same way, under the balance the details call the ledger's.
      await page.goto('/accounts');
      const row = page.locator('.account-item', { hasText: 'Checking' }).first();
      const rowAvailable = row.locator('.account-item__available');
      await rowAvailable.waitFor();
      expect(await rowAvailable.textContent()).toBe('Available $397.00');
      expect(await row.locator('.account-item__balance').textContent()).toBe('$500.00');
      const [balanceBox, rowAvailableBox] = [
        (await row.locator('.account-item__balance').boundingBox())!,
        (await rowAvailable.boundingBox())!,
      ];
      expect(rowAvailableBox.y).toBeGreaterThanOrEqual(balanceBox.y + balanceBox.height - 1);
      expect(
        Math.abs(rowAvailableBox.x + rowAvailableBox.width - balanceBox.x - balanceBox.width),
      ).toBeLessThan(2);
      await page
        .locator('.account-list')
        .screenshot({ path: screenshotPath(`accounts-available-${viewport.width}.png`) });
      await expectNoSidewaysScroll(page);
    });

    it(`draws a small refund as a small bar, the axis no further below zero (${viewport.width} px)`, async () => {
      const page = await signInAsDemo(viewport);
      // A $19.99 refund in Shopping this month, more than this month's shopping.
      await page.route('**/api/insights?*', async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as {
          data: { spending_by_category: { category: string; cents: number[] }[] };
        };
        const rows = body.data.spending_by_category;
        const shopping = rows.find((c) => c.category === 'shopping')!;
        shopping.cents[shopping.cents.length - 1] = -1999;
        await route.fulfill({ response, json: body });
      });
      await page.getByRole('link', { name: 'View insights' }).click();
      const chart = page.getByRole('figure', { name: 'Spending by category' });
      const tick = chart.locator('.recharts-xAxis-tick-labels text');
      await tick.first().waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({
        path: screenshotPath(`insights-spending-refund-${viewport.width}.png`),
        fullPage: true,
      });
      const ticks = await tick.allTextContents();
      expect(ticks[0]).toBe('$0');
      expect(ticks.filter((tick) => tick.startsWith('-'))).toEqual([]);
      // Below zero the plot reaches just past the refund's bar: a sliver, not a quarter of it.
      const plot = await chart
        .locator('.recharts-xAxis .recharts-cartesian-axis-line')
        .evaluate((line) => ({
          left: Number(line.getAttribute('x1')),
          right: Number(line.getAttribute('x2')),
        }));
      const zero = await chart
        .locator('.recharts-reference-line line')
        .evaluate((line) => Number(line.getAttribute('x1')));
      expect(zero - plot.left).toBeGreaterThan(0);
      expect((zero - plot.left) / (plot.right - plot.left)).toBeLessThan(0.05);
    });
  }
});

describe('transaction filters', () => {
  it('keeps the From and To dates inside their columns at every width', async () => {
    const customer = await t.customer();
    for (const width of [1280, 1024, 768, 375]) {
      const page = await t.signedInPage(customer, { width, height: 900 });
      await page.goto('/accounts');
      await page.getByText('More filters').click();
      const form = page.getByRole('form', { name: 'More filters' });
      await form.getByLabel('From').fill('2025-12-01');
      await form.getByLabel('To', { exact: true }).fill('2025-12-31');
      await expectControlsInsideTheirFields(form, `More filters at ${width} px`);
      await expectNoSidewaysScroll(page);
    }
  });

  it('Back undoes the last filter, a whole search in one step, before it leaves the page', async () => {
    const page = await signInAsDemo();
    await page.goto('/accounts');
    const params = () => Object.fromEntries(new URL(page.url()).searchParams);
    const search = page.getByRole('searchbox', { name: 'Filter transactions' });
    const period = (days: number) => page.getByRole('button', { name: `${days} days` });
    await page.getByText(/transactions? in the last 30 days/).waitFor();

    await period(90).click();
    await page.waitForURL(/days=90/);
    await search.pressSequentially('Payroll', { delay: 30 });
    await page.waitForURL(/q=Payroll/);
    await page.locator('.account-item', { hasText: 'High Yield Savings' }).click();
    await page.getByRole('heading', { name: 'High Yield Savings details' }).waitFor();
    expect(params()).toMatchObject({ days: '90', q: 'Payroll' });

    await page.goBack();
    await expect.poll(params).toEqual({ days: '90', q: 'Payroll' });
    await page
      .getByRole('heading', { name: 'High Yield Savings details' })
      .waitFor({ state: 'detached' });
    await page.goBack();
    await expect.poll(params).toEqual({ days: '90' });
    await expect.poll(() => search.inputValue()).toBe('');
    await page.goBack();
    await expect.poll(params).toEqual({});
    await expect.poll(() => period(30).getAttribute('aria-pressed')).toBe('true');
    await page.goBack();
    await page.waitForURL('**/dashboard');
  });

  it('Back and Forward show in More filters the filters the list is drawn with', async () => {
    const page = await signInAsDemo();
    await page.goto('/accounts');
    await page.getByText(/transactions? in the last 30 days/).waitFor();
    await page.getByText('More filters').click();
    const form = page.getByRole('form', { name: 'More filters' });
    const type = page.locator('.history-filters select[name="type"]');
    const min = page.locator('.history-filters input[name="min"]');
    await form.getByLabel('Type').selectOption('debit');
    await form.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText('More filters (on)').waitFor();
    await form.getByLabel('Minimum amount').fill('100');
    await form.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/min=100/);
    // The list drawn with the minimum: money out of $100 or more only.
    await page.waitForFunction(() => {
      const amounts = [...document.querySelectorAll('.tx-list .tx__amount')].map((a) =>
        Number(a.textContent!.replace(/[^\d.]/g, '')),
      );
      return amounts.length > 0 && amounts.every((a) => a >= 100);
    });

    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('min'));
    await expect.poll(() => min.inputValue()).toBe('');
    expect(await type.inputValue()).toBe('debit');
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('type'));
    await expect.poll(() => type.inputValue()).toBe('');
    await page.getByText('More filters', { exact: true }).waitFor();
    await page.goForward();
    await page.waitForURL(/type=debit/);
    await expect.poll(() => type.inputValue()).toBe('debit');
    expect(await min.inputValue()).toBe('');
    // Applying again applies what the form shows, not the minimum Back undid.
    await page.getByRole('button', { name: '90 days' }).click();
    await page.waitForURL(/days=90/);
    await form.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForTimeout(300);
    expect(new URL(page.url()).searchParams.get('min')).toBeNull();
  });

  it('Clear gives the focus to More filters, as the panel it closes held the focus', async () => {
    const page = await signInAsDemo({ width: 375, height: 800 });
    await page.goto('/accounts');
    await page.getByText(/transactions? in the last 30 days/).waitFor();
    await page.getByText('More filters').click();
    const form = page.getByRole('form', { name: 'More filters' });
    await form.getByLabel('Type').selectOption('debit');
    await form.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText('More filters (on)').waitFor();
    await form.getByRole('button', { name: 'Clear' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('More filters', { exact: true }).waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('More filters');
  });

  it('Back from a tab returns to the tab before it, then leaves the page', async () => {
    const page = await signInAsDemo();
    await page.goto('/profile');
    const tab = (name: string) => page.getByRole('tab', { name });
    await tab('Security Settings').click();
    await tab('Notifications').click();
    await page.waitForURL(/tab=notifications/);
    await page.goBack();
    await expect.poll(() => tab('Security Settings').getAttribute('aria-selected')).toBe('true');
    await page.goBack();
    await expect.poll(() => tab('Profile Information').getAttribute('aria-selected')).toBe('true');
    await page.goBack();
    await page.waitForURL('**/dashboard');
  });
});

describe('shell', () => {
  it('toasts leave the bell and the user menu usable, and have their own name', async () => {
    const page = await signInAsDemo();
    await page.getByRole('button', { name: 'Cashback' }).click();
    const toast = page.locator('.toast').first();
    await toast.waitFor();
    const shell = new AppShell(page);
    const bell = (await shell.bell().boundingBox())!;
    const box = (await toast.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(bell.y + bell.height);
    await toast.hover();
    await shell.openNotifications();
    expect(await page.getByRole('region', { name: 'Notifications' }).count()).toBe(0);
    expect(await page.getByRole('dialog', { name: 'Notifications' }).count()).toBe(1);
  });

  it('signed-in Loans stays in the online-banking shell', async () => {
    const page = await signInAsDemo();
    await page.getByRole('link', { name: 'Loans' }).first().click();
    await page.waitForURL('**/loans');
    await new AppShell(page).sidebar().waitFor();
    await page.getByRole('button', { name: /^Account menu for/ }).waitFor();
  });

  for (const viewport of [
    { width: 375, height: 800 },
    { width: 1280, height: 900 },
  ]) {
    it(`shows whole transaction names, a one-line date and the whole account name (${viewport.width} px)`, async () => {
      const page = await signInAsDemo(viewport);
      const rows = page.locator('.tx-list .tx');
      await rows.first().waitFor();
      await page.screenshot({
        path: screenshotPath(`h-web-dashboard-${viewport.width}.png`),
        fullPage: true,
      });
      const clipped = await page.evaluate(() =>
        [...document.querySelectorAll('.tx-list .tx')].flatMap((row) => {
          const desc = row.querySelector<HTMLElement>('.tx__desc')!;
          const meta = row.querySelector<HTMLElement>('.tx__date')!;
          const lineHeight = parseFloat(getComputedStyle(meta.parentElement!).lineHeight) || 20;
          const problems: string[] = [];
          if (desc.scrollHeight > desc.clientHeight + 1) problems.push(`cut: ${desc.textContent}`);
          const date = meta.getBoundingClientRect();
          const line = meta.parentElement!.getBoundingClientRect();
          if (date.height > lineHeight * 1.5) problems.push(`date wraps: ${meta.textContent}`);
          if (date.right > line.right + 1) problems.push(`date cut: ${meta.textContent}`);
          // The category and the account too ("Premium Ch…" at 1280 px, "Premium Checki…" at 375 px).
          const parts = meta.parentElement!.querySelectorAll(':scope > span:not([aria-hidden])');
          for (const part of parts) {
            if (part.getBoundingClientRect().right > line.right + 1)
              problems.push(`cut: ${part.textContent}`);
          }
          const all = meta.parentElement!;
          if (all.scrollWidth > all.clientWidth + 1) problems.push(`cut: ${all.textContent}`);
          return problems;
        }),
      );
      expect(clipped).toEqual([]);
    });
  }

  it('scrolls each line and button reached with Tab clear of the tab bar, not under it (375 px)', async () => {
    const page = await signInAsDemo({ width: 375, height: 800 });
    await page.goto('/accounts');
    await page.locator('.tx-list .tx').first().waitFor();
    const bar = (await page.getByRole('navigation', { name: 'Account shortcuts' }).boundingBox())!;
    await page.locator('main').focus();
    const hidden: string[] = [];
    // From the top of the page through the transactions to the statements' buttons.
    for (let step = 0; step < 60; step += 1) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        if (!element?.closest('main')) return null;
        // The tab bar's own items are where they belong.
        if (element.closest('nav[aria-label="Account shortcuts"]')) return null;
        const box = element.getBoundingClientRect();
        const name = element.getAttribute('aria-label') ?? element.textContent ?? '';
        return { name: name.trim().slice(0, 60), bottom: box.bottom };
      });
      if (focused && focused.bottom > bar.y + 0.5)
        hidden.push(`${focused.name} (${focused.bottom})`);
    }
    expect(hidden, `under the tab bar (top at ${bar.y})`).toEqual([]);
  });

  it('keeps a separator dot on the line of what it follows, and a masked number on one line (375 px)', async () => {
    const page = await signInAsDemo({ width: 375, height: 800 });
    await page.goto('/accounts');
    await page.locator('.tx-list .tx').first().waitFor();
    await page.locator('.account-item').first().waitFor();
    const problems = await page.evaluate(() => {
      const found: string[] = [];
      for (const dot of document.querySelectorAll<HTMLElement>('.tx__meta [aria-hidden]')) {
        const line = dot.parentElement!.getBoundingClientRect();
        // A dot at the start of a line ("· Premium Checking") broke before it.
        if (dot.getClientRects()[0]!.left <= line.left + 1) {
          found.push(`line starts with the dot: ${dot.parentElement!.textContent}`);
        }
      }
      for (const item of document.querySelectorAll<HTMLElement>('.account-item__type')) {
        const number = item.querySelector<HTMLElement>('.account-item__number');
        if (!number) found.push(`no masked number: ${item.textContent}`);
        else if (number.getClientRects().length > 1)
          found.push(`number wraps: ${item.textContent}`);
      }
      return found;
    });
    expect(problems).toEqual([]);
  });
  for (const width of [360, 375]) {
    it(`keeps the four periods on one row, each label whole (${width} px)`, async () => {
      const page = await signInAsDemo({ width, height: 800 });
      await page.goto('/accounts');
      const periods = page.getByRole('group', { name: 'Period' }).getByRole('button');
      await periods.first().waitFor();
      expect(await periods.allTextContents()).toEqual(['7 days', '30 days', '90 days', '365 days']);
      const boxes = await periods.evaluateAll((buttons) =>
        buttons.map((b) => {
          const r = b.getBoundingClientRect();
          return {
            top: Math.round(r.top),
            left: r.left,
            right: r.right,
            cut: b.scrollWidth > b.clientWidth,
            lines: b.getClientRects().length,
          };
        }),
      );
      expect(new Set(boxes.map((b) => b.top)).size, 'one row').toBe(1);
      expect(
        boxes.filter((b) => b.cut || b.lines > 1),
        'labels cut or wrapped',
      ).toEqual([]);
      for (let i = 1; i < boxes.length; i++)
        expect(boxes[i]!.left).toBeGreaterThanOrEqual(boxes[i - 1]!.right);
      await expectNoSidewaysScroll(page);
    });
  }
});

describe('the top bar search', () => {
  it('lists every match up to its limit, and says when there may be more', async () => {
    const customer = await t.customer();
    const checking = customer.accounts.find((a) => a.type === 'checking')!;
    const buy = async (name: string, times: number) => {
      for (let i = 0; i < times; i++) {
        const posted = await cardPurchase(t.bank, checking.id, 1_00 + i, { name });
        customer.client.consistencyToken = posted.consistencyToken;
      }
    };
    await deposit(t.bank, checking.account_number, 500);
    await buy('Harbor Books', 7);
    await buy('Lantern Cafe', 21);
    const page = await t.signedInPage(customer, { width: 1280, height: 900 });
    await page.goto('/dashboard');
    const shell = new AppShell(page);

    let results = await shell.search('Harbor Books');
    await page.getByText('7 results', { exact: true }).waitFor();
    expect(await results.getByRole('option', { name: /Harbor Books/ }).count()).toBe(7);

    results = await shell.search('Lantern Cafe');
    await page.getByText('20+ results', { exact: true }).waitFor();
    expect(await results.getByRole('option', { name: /Lantern Cafe/ }).count()).toBe(20);
  });
});
