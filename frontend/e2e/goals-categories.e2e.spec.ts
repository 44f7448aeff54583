import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AppShell } from './page-models/app-shell';
import {
  expectOnTop,
  expectScreenAccessible,
  expectToastsClearOfBars,
  toast,
} from './page-models/banking';
import { SavingsGoalsCard, TransactionCategories } from './page-models/savings-and-categories';
import { useDemoCustomer } from './support/demo-customer';
import { useBankAndBrowser } from './support/fixtures';
import { screenshotPath } from './support/screenshots';

// Savings goals, categories and the demo notifications, against the demo customer's history.

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 800 };

const t = useBankAndBrowser();
const demo = useDemoCustomer(t);
const signInAsDemo = (viewport = DESKTOP) => demo.signIn(viewport);

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The accessible name (aria-label) of the focused element, or its tag when it has none. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return element?.getAttribute('aria-label') ?? element?.tagName ?? null;
  });

describe('savings goals', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`are set, reached, changed and removed from the dashboard at ${viewport.width} px`, async () => {
      const page = await signInAsDemo(viewport);
      const goals = new SavingsGoalsCard(page);
      const account = 'High Yield Savings';
      // A goal left by an earlier attempt of this test is removed first.
      const leftover = page.getByRole('button', { name: `Remove goal for ${account}` });
      await goals.goal(account).waitFor();
      if (await leftover.isVisible()) {
        await leftover.click();
        await toast(page, 'Savings goal removed').waitFor();
      }

      // No goal: an invitation, never the old constant $10,000.
      await goals.goal(account).getByText('No goal yet.', { exact: false }).waitFor();
      expect(await page.locator('.dashboard').textContent()).not.toContain('$10,000.00');
      await expectScreenAccessible(page, `dashboard without a goal (${viewport.width} px)`);

      // A wrong amount is named on the field and saves nothing.
      const dialog = await goals.saveGoal(account, '12.345', 'Set a goal for');
      await dialog.getByText('The goal must be an amount in dollars and cents.').waitFor();
      // The focus goes to the field, whose description names the error, not left on Save goal.
      await expect
        .poll(() =>
          dialog.getByLabel('Goal amount').evaluate((field) => field === document.activeElement),
        )
        .toBe(true);
      await expectScreenAccessible(page, `goal dialog with an error (${viewport.width} px)`);
      await dialog.getByLabel('Goal amount').fill('20000000');
      await dialog.getByRole('button', { name: 'Save goal' }).click();
      await dialog.getByText('The goal can be at most $10,000,000.00.').waitFor();
      // Money as customers write it: a "$" and thousands separators, but in their places.
      await dialog.getByLabel('Goal amount').fill('$1,00,000');
      await dialog.getByRole('button', { name: 'Save goal' }).click();
      await dialog.getByText('The goal must be an amount in dollars and cents.').waitFor();
      await dialog.getByLabel('Goal amount').fill('$100,000');
      await dialog.getByRole('button', { name: 'Save goal' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await toast(page, 'Savings goal saved').waitFor();
      // The focus is back on the goal's button, though it now changes the goal.
      await expect.poll(() => focusedName(page)).toBe(`Change goal for ${account}`);

      const progress = goals.progress(account);
      await progress.waitFor();
      const current = Number(
        (await goals.goal(account).locator('.goal__figures').textContent())!
          .split(' of ')[0]!
          .replace(/[$,]/g, ''),
      );
      expect(await goals.goal(account).locator('.goal__figures').textContent()).toMatch(
        / of \$100,000\.00$/,
      );
      expect(await progress.getAttribute('aria-valuenow')).toBe(
        String(Math.floor((current * 100) / 100_000)),
      );
      await goals.goal(account).getByText('to go', { exact: false }).waitFor();
      if (viewport === DESKTOP) {
        expect(await goals.heroFigure().textContent()).toContain('of $100,000.00');
      }

      // A goal at or below the balance is reached.
      await goals.saveGoal(account, '1.00', 'Change goal for');
      await goals.goal(account).getByText('Goal reached').waitFor();
      expect(await progress.getAttribute('aria-valuenow')).toBe('100');
      await page.screenshot({
        path: screenshotPath(`gc-goal-${viewport.width}.png`),
        fullPage: true,
      });
      await expectScreenAccessible(page, `dashboard with a reached goal (${viewport.width} px)`);
      await expectNoSidewaysScroll(page);

      // It survives a reload (it is the customer's, on the server), and can be removed.
      await page.reload();
      await goals.goal(account).getByText('Goal reached').waitFor();
      await goals.removeGoal(account);
      await toast(page, 'Savings goal removed').waitFor();
      await goals.goal(account).getByText('No goal yet.', { exact: false }).waitFor();
      // Remove goal is gone: the focus is on Set a goal, not at the top of the page.
      expect(await focusedName(page)).toBe(`Set a goal for ${account}`);
    }, 150_000);
  }
});

describe('transaction categories', () => {
  it('come from the merchant category and the source, and the customer can change one (375 px)', async () => {
    const page = await signInAsDemo(PHONE);
    await page.goto('/accounts');
    const lines = new TransactionCategories(page);
    await lines.row('Shell Gas Station').waitFor();
    await page.screenshot({ path: screenshotPath('gc-categories-375.png') });
    const labelOf = async (description: string) =>
      (await lines.categoryButton(description).textContent())?.trim();
    expect(await labelOf('Shell Gas Station')).toBe('Gas & fuel');
    expect(await labelOf('Hannaford Supermarket')).toBe('Groceries');
    expect(await labelOf('Netflix')).toBe('Subscriptions');
    expect(await labelOf('Central Maine Power')).toBe('Bills & payments');
    expect(await labelOf('Casco Bay Health payroll')).toBe('Income');
    await expectNoSidewaysScroll(page);
    await expectScreenAccessible(page, 'accounts with categories (375 px)');

    await lines.categoryButton('Duckfat Restaurant').click();
    await lines.dialog().waitFor();
    await expectScreenAccessible(page, 'change category dialog (375 px)');
    await lines.dialog().getByRole('button', { name: 'Cancel' }).click();

    await lines.change('Duckfat Restaurant', 'Travel');
    await toast(page, 'Duckfat Restaurant is now in Travel.').waitFor();
    // The toast rises above the page's tab bar.
    await page.getByRole('navigation', { name: 'Account shortcuts' }).waitFor();
    await expectToastsClearOfBars(page, 'category changed (375 px)');
    await page.screenshot({ path: screenshotPath('gc-category-toast-375.png') });
    // The tab bar's More menu rises into the toasts' band: it opens over them, every item usable.
    await page.getByRole('button', { name: 'More' }).click();
    for (const item of ['Send Money', 'Cards', 'Support', 'Profile']) {
      await expectOnTop(page.getByRole('menuitem', { name: item }), `More › ${item} (375 px)`);
    }
    await page.keyboard.press('Escape');
    await page.reload();
    await lines.row('Duckfat Restaurant').waitFor();
    expect(await labelOf('Duckfat Restaurant')).toBe('Travel');
  }, 150_000);

  it('show on the dashboard at 1280 px too, and the change follows there', async () => {
    const page = await signInAsDemo(DESKTOP);
    const recent = page.getByRole('list', { name: 'Recent transactions' });
    await recent.waitFor();
    const text = (await recent.textContent()) ?? '';
    expect(text).not.toMatch(/Shell Gas Station.{0,5}Utilities/);
    await page.goto('/accounts');
    const lines = new TransactionCategories(page);
    await lines.row('Whole Foods Market').waitFor();
    expect((await lines.categoryButton('Whole Foods Market').textContent())?.trim()).toBe(
      'Groceries',
    );
    await expectScreenAccessible(page, 'accounts with categories (1280 px)');
  });
});

describe('demo notifications', () => {
  it('are dated when what they describe happened, not all minutes ago', async () => {
    const page = await signInAsDemo(DESKTOP);
    const panel = await new AppShell(page).openNotifications();
    await panel.getByRole('listitem').first().waitFor();
    const times = await panel.locator('.notif__time').allTextContents();
    expect(times.length).toBeGreaterThan(3);
    expect(new Set(times).size).toBeGreaterThan(1);
    expect(times.some((time) => /day|week|month/.test(time))).toBe(true);
  });
});
