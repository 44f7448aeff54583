import { deposit } from '@bank/server/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AppShell } from './page-models/app-shell';
import { TransferPage, expectScreenAccessible, toast } from './page-models/banking';
import { TransactionCategories } from './page-models/savings-and-categories';
import { useDemoCustomer } from './support/demo-customer';
import { useBankAndBrowser } from './support/fixtures';
import { screenshotPath } from './support/screenshots';

// Spending insights and the alerts the customer sets, against the demo customer's history.

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 800 };

const t = useBankAndBrowser();
const demo = useDemoCustomer(t);

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

const loadedScripts = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((n) => n.endsWith('.js')),
  );

/** Cents of a money cell ("$1,234.56"). */
const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);

/** The total of one category's row over the months of the spending table (not its average), in cents. */
async function categoryTotal(page: Page, label: string): Promise<number> {
  const table = page.locator('.insights__panel', { has: page.locator('#insights-spending') });
  const row = table.getByRole('row', { name: label });
  if ((await row.count()) === 0) return 0;
  const months = (await table.getByRole('columnheader').allTextContents()).filter((h) =>
    /^[A-Z][a-z]{2} \d{4}( \(to the \d+(st|nd|rd|th)\))?$/.test(h),
  ).length;
  const cells = await row.getByRole('cell').allTextContents();
  return cells.slice(0, months).reduce((sum, c) => sum + cents(c), 0);
}

async function showTable(page: Page, chart: string) {
  await page
    .getByRole('group', { name: `Show ${chart} as` })
    .getByRole('button', { name: 'Table' })
    .click();
}

describe('spending insights', { timeout: 180_000 }, () => {
  it('open from the dashboard with charts loaded on demand, tables, keyboard steps and recategorising followed (1280 px)', async () => {
    const page = await demo.signIn(DESKTOP);
    expect((await loadedScripts(page)).some((s) => /recharts|\/charts-/.test(s))).toBe(false);

    await page.getByRole('link', { name: 'View insights' }).click();
    await page.waitForURL('**/insights');
    await page.getByRole('heading', { name: 'Spending Insights', level: 1 }).waitFor();
    await page
      .locator('#insights-spending ~ * .recharts-surface, .insights__panel .recharts-surface')
      .first()
      .waitFor();
    expect((await loadedScripts(page)).some((s) => /\/charts-/.test(s))).toBe(true);
    // This month is in progress: so far, to today.
    expect(await page.locator('.insights__summary').first().textContent()).toMatch(
      /^(So far in \w+ \d{4} \(to the \d+(st|nd|rd|th)\) you spent \$[\d,]+\.\d{2}|No spending so far in )/,
    );
    expect(await page.locator('.insights__summary').nth(1).textContent()).toMatch(/came in/);
    expect(await page.locator('.insights__summary').nth(2).textContent()).toBe(
      'You held no crypto in this period.',
    );
    await expectScreenAccessible(page, 'insights with charts');

    // Keyboard: the chart takes focus, and the arrow keys step through its figures.
    const cashFlow = page.locator('.insights__panel', { has: page.locator('#insights-cash-flow') });
    const focusable = cashFlow.locator('[tabindex="0"]').first();
    await focusable.focus();
    await page.keyboard.press('ArrowRight');
    await cashFlow.locator('.recharts-tooltip-wrapper').getByText('Money in').waitFor();

    // The same figures as tables.
    await showTable(page, 'spending by category');
    await page.getByRole('region', { name: 'Spending by category, table' }).waitFor();
    await showTable(page, 'money in and out');
    await page.getByRole('region', { name: 'Money in and out, table' }).waitFor();
    await expectScreenAccessible(page, 'insights as tables');
    const groceries = await categoryTotal(page, 'Groceries');
    const dining = await categoryTotal(page, 'Dining');
    expect(groceries).toBeGreaterThan(0);

    // A purchase put in another category moves in the insights.
    await page.goto('/accounts');
    const lines = new TransactionCategories(page);
    await lines.row('Whole Foods Market').waitFor();
    await lines.change('Whole Foods Market', 'Dining');
    await toast(page, 'Category changed').waitFor();
    await page.goto('/insights');
    await showTable(page, 'spending by category');
    await expect
      .poll(() => categoryTotal(page, 'Dining'), { timeout: 15_000 })
      .toBe(dining + 127_08);
    expect(await categoryTotal(page, 'Groceries')).toBe(groceries - 127_08);
  });

  it('make each chart one Tab stop: Tab from a chart goes on to the next panel, not into the chart (1280 px)', async () => {
    const page = await demo.signIn(DESKTOP);
    await page.goto('/insights');
    const spending = page.locator('.insights__panel', { has: page.locator('#insights-spending') });
    const chart = spending.locator('.recharts-surface[tabindex="0"]');
    await chart.waitFor();
    // Once the chart has drawn its bars.
    await spending.locator('.recharts-bar-rectangle').first().waitFor();
    await chart.focus();
    await page.keyboard.press('Tab');
    // The next stop is the money in and out panel's Chart button.
    const reached = await page.evaluate(() => {
      const focused = document.activeElement!;
      const panel = focused.closest('.insights__panel')?.querySelector('h2, h3')?.id ?? 'none';
      return `${focused.tagName} "${focused.textContent ?? ''}" in ${panel}`;
    });
    expect(reached, 'Tab from the spending chart').toBe('BUTTON "Chart" in insights-cash-flow');
  });

  it('ring a chart when the keyboard reaches it, not when a click shows a bar’s figures (1280 px)', async () => {
    const page = await demo.signIn(DESKTOP);
    await page.goto('/insights');
    const spending = page.locator('.insights__panel', { has: page.locator('#insights-spending') });
    const chart = spending.locator('.recharts-surface[tabindex="0"]');
    await spending.locator('.recharts-bar-rectangle').first().waitFor();
    const ringOfFocused = () =>
      page.evaluate(() => {
        const focused = document.activeElement!;
        const style = getComputedStyle(focused);
        return `${focused.getAttribute('class')}: ${style.outlineStyle}`;
      });

    await chart.click();
    expect(await ringOfFocused(), 'after a click in the chart').toBe('recharts-surface: none');

    // The chart button before it, then Tab: the keyboard's focus shows its ring.
    await spending.getByRole('button', { name: 'Table' }).focus();
    await page.keyboard.press('Tab');
    expect(await ringOfFocused(), 'reached with Tab').toBe('recharts-surface: solid');
  });

  it('draw a month whose refunds outweigh its spending without an empty step below zero (1280 px)', async () => {
    const page = await demo.signIn(DESKTOP);
    // This month: $19.99 more refunded than spent, so money out is below zero.
    await page.route('**/api/insights?*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as {
        data: { cash_flow: { spending_cents: number }[] };
      };
      body.data.cash_flow[body.data.cash_flow.length - 1]!.spending_cents = -19_99;
      await route.fulfill({ response, json: body });
    });
    await page.goto('/insights');
    const chart = page.getByRole('figure', { name: 'Money in and out' });
    const tick = chart.locator('.recharts-yAxis-tick-labels text');
    await tick.first().waitFor();
    await page.waitForTimeout(300);
    await chart.screenshot({ path: screenshotPath('insights-cash-flow-refund-1280.png') });
    const ticks = await tick.allTextContents();
    expect(ticks[0]).toBe('$0');
    expect(ticks.filter((label) => label.startsWith('-'))).toEqual([]);
    // Below zero the plot reaches just past the refund's bar: a sliver, not a step of its own.
    const plot = await chart
      .locator('.recharts-yAxis .recharts-cartesian-axis-line')
      .evaluate((line) => ({
        top: Number(line.getAttribute('y1')),
        bottom: Number(line.getAttribute('y2')),
      }));
    const zero = await chart
      .locator('.recharts-reference-line line')
      .evaluate((line) => Number(line.getAttribute('y1')));
    expect(plot.bottom - zero).toBeGreaterThan(0);
    expect((plot.bottom - zero) / (plot.bottom - plot.top)).toBeLessThan(0.05);
  });

  it('fit a phone without sideways scrolling, and another month can be chosen (375 px)', async () => {
    const page = await demo.signIn(PHONE);
    await page.goto('/insights');
    await page.locator('.insights__panel .recharts-surface').first().waitFor();
    await expectNoSidewaysScroll(page);
    await expectScreenAccessible(page, 'insights (375 px)');
    const month = page.getByRole('combobox', { name: 'Month' });
    const options = await month.locator('option').allTextContents();
    await month.selectOption({ label: options[1]! });
    await page.locator('.insights__summary', { hasText: `In ${options[1]} you spent` }).waitFor();
    await showTable(page, 'spending by category');
    await expectNoSidewaysScroll(page);
    await expectScreenAccessible(page, 'insights table (375 px)');
  });

  it('keep the chosen month in the address: Back, Forward, a reload and a shared link show it (1280 px)', async () => {
    const page = await demo.signIn(DESKTOP);
    await page.goto('/insights');
    const month = page.getByRole('combobox', { name: 'Month' });
    await page.locator('.insights__summary').first().waitFor();
    type Month = { value: string; label: string };
    const [current, previous, earlier] = (await month
      .locator('option')
      .evaluateAll((options) =>
        options.map((o) => ({ value: (o as HTMLOptionElement).value, label: o.textContent! })),
      )) as [Month, Month, Month];
    const shows = async (m: Month) => {
      await page.locator('.insights__summary', { hasText: `In ${m.label} you spent` }).waitFor();
      expect(await month.inputValue()).toBe(m.value);
    };

    await month.selectOption(earlier.value);
    await shows(earlier);
    expect(new URL(page.url()).search).toBe(`?month=${earlier.value}`);
    await month.selectOption(previous.value);
    await shows(previous);

    await page.goBack();
    await shows(earlier);
    await page.goBack();
    expect(new URL(page.url()).search).toBe('');
    expect(await month.inputValue()).toBe(current.value);
    await page.goForward();
    await shows(earlier);
    await page.reload();
    await shows(earlier);

    // The link shared, opened in another browser, shows that month; one it cannot show, this one.
    const other = await demo.signIn(DESKTOP);
    await other.goto(`/insights?month=${previous.value}`);
    await other
      .locator('.insights__summary', { hasText: `In ${previous.label} you spent` })
      .waitFor();
    await other.goto('/insights?month=1999-01');
    await other.locator('.insights__summary').first().waitFor();
    expect(await other.getByRole('combobox', { name: 'Month' }).inputValue()).toBe(current.value);
  });
});

describe('spending insights over a short history', { timeout: 180_000 }, () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`average only the full months the customer has banked with us (${viewport.width} px)`, async () => {
      // The demo customer's history starts about 95 days ago: not five earlier months of it.
      const page = await demo.signIn(viewport);
      const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/insights');
      await page.goto('/insights');
      const insights = (await (await answered).json()).data as {
        months: string[];
        spending_by_category: { cents_through_day: number[] }[];
      };
      const summary = page.locator('.insights__summary').first();
      await summary.waitFor();
      await showTable(page, 'money in and out');
      const months = page.getByRole('region', { name: 'Money in and out, table' }).getByRole('row');
      await months.nth(1).waitFor();
      const moved = (await months.allInnerTexts()).slice(1).map((row) =>
        row
          .split('\t')
          .slice(1, 3)
          .some((cell) => cents(cell.trim()) !== 0),
      );
      // The month money first moved is the month the customer joined: only partly theirs.
      const first = moved.indexOf(true) + 1;
      const earlier = moved.length - 1 - first;
      expect(earlier).toBeGreaterThanOrEqual(2);
      expect(earlier).toBeLessThan(5);

      // This month is in progress: it is set against the same days of the earlier months, whose
      // average the table's last column gives per category.
      await showTable(page, 'spending by category');
      const table = page.getByRole('region', { name: 'Spending by category, table' });
      const header = await table.getByRole('columnheader').allInnerTexts();
      expect(header.at(-1)).toBe(`Average of the ${earlier} months before, same days`);
      expect(header).toHaveLength(1 + moved.length + 1);
      // The month in progress says it holds its days so far, as the average beside it does.
      expect(header.at(-2)).toMatch(/^[A-Z][a-z]{2} \d{4} \(to the \d{1,2}(st|nd|rd|th)\)$/);
      // Scrolled to its last column, each row still names its category, and on a wide screen
      // the average is in view without scrolling at all.
      const inView = () =>
        table.evaluate((region) => {
          const box = region.getBoundingClientRect();
          const within = (el: Element | null) => {
            const r = el!.getBoundingClientRect();
            return r.left >= box.left - 1 && r.right <= box.right + 1;
          };
          const unscrolled = within(region.querySelector('thead th:last-child'));
          region.scrollLeft = region.scrollWidth;
          return { unscrolled, rowName: within(region.querySelector('tbody th')) };
        });
      const seen = await inView();
      expect(seen.rowName).toBe(true);
      if (viewport.width >= 1280) expect(seen.unscrolled).toBe(true);
      const rows = table.getByRole('row');
      let spent = 0;
      for (const row of (await rows.allInnerTexts()).slice(1)) {
        const cells = row
          .split('\t')
          .slice(1)
          .map((c) => cents(c.trim()));
        spent += cells.at(-2)!;
      }
      // The average is of what was spent in all in each earlier month (the same days), rounded
      // once: not the table's rounded averages per category added up, which can be a cent off.
      const last = insights.months.length - 1;
      const totals = insights.months.map((_, i) =>
        insights.spending_by_category.reduce((s, c) => s + c.cents_through_day[i]!, 0),
      );
      const sum = totals.slice(last - earlier, last).reduce((s, v) => s + v, 0);
      const average = Math.floor((2 * sum + earlier) / (2 * earlier));
      const dollars = (c: number) =>
        new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(c / 100);
      const day = Number(
        new Intl.DateTimeFormat('en-US', { day: 'numeric', timeZone: 'America/New_York' }).format(
          new Date(),
        ),
      );
      const text = await summary.textContent();
      const soFar = new RegExp(
        `^So far in \\w+ \\d{4} \\(to the ${day}(st|nd|rd|th)\\) you spent `,
      );
      if (spent === 0 && average === 0) {
        expect(text).toMatch(
          new RegExp(
            `^No spending so far in .*\\(to the ${day}(st|nd|rd|th)\\), nor in the same days of the ${earlier} months before it\\.$`,
          ),
        );
      } else {
        expect(text).toMatch(soFar);
        expect(text).toContain(
          ` you spent ${dollars(spent)}, ${spent === average ? 'the same as' : `${dollars(Math.abs(spent - average))} ${spent > average ? 'more' : 'less'} than`} your average of ${dollars(average)} over the same days of the previous ${earlier} months.`,
        );
      }
      await page
        .getByRole('group', { name: 'Show spending by category as' })
        .getByRole('button', { name: 'Chart' })
        .click();
      await page
        .locator('.insights__legend', {
          hasText: `Average of the ${earlier} months before, same days`,
        })
        .waitFor();
      await page.screenshot({
        path: screenshotPath(`insights-short-${viewport.width}.png`),
        fullPage: true,
      });
    });
  }

  for (const viewport of [PHONE, DESKTOP]) {
    it(`greet a new customer with no money moved yet without empty charts (${viewport.width} px)`, async () => {
      const customer = await t.customer({ name: 'Noor Newcomer' });
      const page = await t.signedInPage(customer, viewport);
      await page.goto('/insights');
      await page.getByRole('heading', { name: 'No insights yet' }).waitFor();
      expect(await page.locator('.recharts-surface').count()).toBe(0);
      expect(await page.locator('.insights__panel').count()).toBe(0);
      await expectNoSidewaysScroll(page);
      await expectScreenAccessible(page, `insights of a new customer (${viewport.width} px)`);
      await page.screenshot({
        path: screenshotPath(`insights-new-${viewport.width}.png`),
        fullPage: true,
      });
    });
  }
});

describe('alerts', { timeout: 180_000 }, () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`are set in the notification settings, with the server's words for a wrong amount (${viewport.width} px)`, async () => {
      const page = await demo.signIn(viewport);
      await page.goto('/profile');
      await page.getByRole('tab', { name: 'Notifications' }).click();
      const form = page.locator('form.alerts-form');
      await form.getByLabel('Low balance').check();
      const low = form.getByLabel('Alert me when the balance falls below');
      await low.fill('12.345');
      await form.getByRole('button', { name: 'Save Alerts' }).click();
      await form
        .getByText('Please enter an amount in dollars and cents, like 250 or 99.50.')
        .waitFor();
      await expectScreenAccessible(page, `alerts with an error (${viewport.width} px)`);
      // Accounts are offered by name and last four ("Premium Checking ••8009").
      const on = form.getByRole('combobox', { name: 'On' });
      await on.selectOption({
        label: (await on
          .locator('option', { hasText: /^Premium Checking ••\d{4}$/ })
          .textContent())!,
      });
      // An amount the balance is already below: no alert would come now, and the form says so.
      await low.fill('999999');
      const alreadyBelow = form.getByText(/^Already below this amount: Premium Checking \(\$/);
      await alreadyBelow.waitFor();
      await form.getByText(/No alert comes for it now/).waitFor();
      await low.fill('250');
      await alreadyBelow.waitFor({ state: 'detached' });
      await form.getByLabel('Large transaction').check();
      await form.getByLabel('Alert me about any single transaction of at least').fill('1000');
      await form.getByLabel('Card used abroad').check();
      await form.getByRole('button', { name: 'Save Alerts' }).click();
      await toast(page, 'Alerts saved').waitFor();
      await expectNoSidewaysScroll(page);
      await expectScreenAccessible(page, `alerts saved (${viewport.width} px)`);

      await page.reload();
      await page.getByRole('tab', { name: 'Notifications' }).click();
      await page
        .locator('form.alerts-form')
        .getByLabel('Alert me when the balance falls below')
        .waitFor();
      const saved = page.locator('form.alerts-form');
      expect(await saved.getByLabel('Alert me when the balance falls below').inputValue()).toBe(
        '250.00',
      );
      expect(await saved.getByRole('combobox', { name: 'On' }).inputValue()).not.toBe('');
      expect(await saved.getByLabel('Card used abroad').isChecked()).toBe(true);

      // Switched off again for the next run.
      await saved.getByLabel('Low balance').uncheck();
      await saved.getByLabel('Large transaction').uncheck();
      await saved.getByLabel('Card used abroad').uncheck();
      await saved.getByRole('button', { name: 'Save Alerts' }).click();
      await toast(page, 'Alerts saved').waitFor();
    });

    it(`arrive in the bell after a movement that crosses them (${viewport.width} px)`, async () => {
      const customer = await t.customer({ name: 'Alex Watcher' });
      const friend = await t.customer({ name: 'Riley Alert' });
      const checking = customer.accounts.find((a) => a.type === 'checking')!;
      await deposit(t.bank, checking.account_number, 500);
      const set = await customer.client.put('/api/profile/alerts', {
        low_balance_enabled: true,
        low_balance_threshold: 300,
        low_balance_account_id: checking.id,
        large_transaction_enabled: true,
        large_transaction_threshold: 150,
        card_abroad_enabled: false,
      });
      expect(set.status, JSON.stringify(set.body)).toBe(200);

      const page = await t.signedInPage(customer, viewport);
      const wizard = new TransferPage(page);
      await wizard.open();
      const shell = new AppShell(page);
      const unread = async () =>
        Number(
          /(\d+) unread/.exec((await shell.bell().getAttribute('aria-label')) ?? '')?.[1] ?? 0,
        );
      const before = await unread();
      await wizard.sendToCustomer(friend.payload.email as string, checking.name, '250');
      await toast(page, 'Transfer Successful').waitFor();

      // $500 down to $250: below the $300 alert, and a single movement of at least $150.
      await expect.poll(unread, { timeout: 15_000 }).toBeGreaterThanOrEqual(before + 2);
      await shell.openNotifications();
      const item = (title: string) => shell.notificationItems().filter({ hasText: title });
      await item('Low balance').first().waitFor();
      expect(await item('Low balance').locator('.notif__message').textContent()).toBe(
        `The balance of your ${checking.name} is $250.00, below your alert amount of $300.00.`,
      );
      expect(await item('Large transaction').locator('.notif__message').textContent()).toBe(
        `$250.00 was taken from your ${checking.name}: Transfer to Riley Alert.`,
      );
      await expectNoSidewaysScroll(page);
      await expectScreenAccessible(page, `alerts in the bell (${viewport.width} px)`);
    });
  }
});
