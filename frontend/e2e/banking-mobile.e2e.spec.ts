import { deposit } from '@bank/server/testing';
import { describe, expect, it } from 'vitest';
import { expectScreenAccessible } from './page-models/banking';
import { useBankAndBrowser } from './support/fixtures';

// Every banking screen at 360 px wide, with data, fits without sideways scrolling and
// passes the axe-core scan; the dark theme too.

const t = useBankAndBrowser();

const SCREENS = [
  '/dashboard',
  '/transfer',
  '/zelle',
  '/wire-transfer',
  '/crypto-trading',
  '/cards',
  '/bill-pay',
  '/support',
  '/profile',
];

describe('banking screens on a small phone', { timeout: 180_000 }, () => {
  it('fit in 360 px and pass axe, light and dark', async () => {
    const customer = await t.customer();
    const checking = customer.accounts.find((a) => a.type === 'checking')!;
    await deposit(t.bank, checking.account_number, 250);
    await customer.client.post('/api/bill-payments/payees', {
      name: 'City Water Utility',
      category: 'utilities',
      account_number: '88001234',
      default_amount: 45,
    });
    await customer.client.post('/api/support/tickets', {
      subject: 'A question about a long subject line that wraps',
      description: 'Details',
      category: 'general',
      priority: 'high',
    });
    const cards = (await customer.client.get('/api/cards')).body.data.cards as {
      id: string;
      application: { is_pending: boolean };
    }[];
    const offer = cards.find((c) => c.application.is_pending);
    if (offer)
      await customer.client.post(`/api/cards/${offer.id}/apply`, {
        agreed_to_terms: true,
        delivery_address: '',
        express_delivery: false,
      });

    for (const theme of ['light', 'dark'] as const) {
      const page = await t.signedInPage(customer, { width: 360, height: 780 });
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      for (const path of SCREENS) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForLoadState('networkidle');
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow, `${path} scrolls sideways at 360 px (${theme})`).toBeLessThanOrEqual(0);
        if (path === '/dashboard') {
          const clipped = await page.$$eval('.quick-action', (tiles) =>
            tiles.filter((t) => t.scrollWidth > t.clientWidth).map((t) => t.textContent),
          );
          expect(clipped, `quick actions wider than their tiles (${theme})`).toEqual([]);
        }
        await expectScreenAccessible(page, `${path} at 360 px (${theme})`);
      }
      // The transfer form, with its long account labels, fits too.
      await page.goto('/transfer');
      await page.getByRole('button', { name: /^Between My Accounts/ }).click();
      await page.getByLabel('From Account').waitFor();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, `transfer step 2 scrolls sideways at 360 px (${theme})`).toBeLessThanOrEqual(
        0,
      );
    }
  });

  it('shows a refused field below the top bar, label and all, when it takes the focus', async () => {
    const customer = await t.customer();
    const page = await t.signedInPage(customer, { width: 375, height: 800 });
    await page.goto('/profile');
    const email = page.getByLabel('Email', { exact: true });
    await email.fill('not-an-email');
    await page.getByLabel('ZIP Code').fill('ABC');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => email.evaluate((input) => input === document.activeElement)).toBe(true);
    // The top bar is two rows high on a phone (its search box wraps below the buttons).
    const topBarBottom = await page
      .locator('.topbar')
      .evaluate((bar) => bar.getBoundingClientRect().bottom);
    const labelTop = await page
      .locator('label', { hasText: /^Email$/ })
      .evaluate((label) => label.getBoundingClientRect().top);
    expect(labelTop).toBeGreaterThanOrEqual(topBarBottom);
  });
});
