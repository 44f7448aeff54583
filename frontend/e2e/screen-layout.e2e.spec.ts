import { describe, expect, it } from 'vitest';
import { useBankAndBrowser } from './support/fixtures';

// What only a real browser shows: a clean console on the online-banking aliases.

const t = useBankAndBrowser();

describe('online-banking aliases', () => {
  it('sends /online-banking to /login without a console warning', async () => {
    const page = await t.newPage();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });
    await page.goto('/online-banking');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(warnings).toEqual([]);
  });
});

describe('the shell with a long customer name', () => {
  it('keeps the name inside the sidebar card and the search box usable (1280 px)', async () => {
    const name = 'Nora Newcomer-Longsurname Wolfeschlegelsteinhausen';
    const customer = await t.customer({ name });
    const page = await t.signedInPage(customer, { width: 1280, height: 720 });
    await page.goto('/dashboard');
    const card = page.locator('.sidebar--fixed .sidebar__user');
    await card.getByText(name).waitFor();
    const overflow = await card.evaluate((el) => {
      const right = el.getBoundingClientRect().right;
      return [...el.querySelectorAll('p')].map((p) => {
        const range = document.createRange();
        range.selectNodeContents(p);
        return Math.max(0, range.getBoundingClientRect().right - right);
      });
    });
    expect(overflow, 'text past the card’s right edge').toEqual([0, 0]);

    const search = page.locator('.topbar .search');
    expect((await search.boundingBox())!.width).toBeGreaterThanOrEqual(300);
    // Shortened on the screen, the name is still whole in the account menu's name.
    await page
      .getByRole('button', { name: `Account menu for NN ${name} ${customer.payload.email}` })
      .waitFor();
  });
});
