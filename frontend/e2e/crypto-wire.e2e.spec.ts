import { deposit } from '@bank/server/testing';
import { describe, expect, it } from 'vitest';
import {
  dialog,
  expectScreenAccessible,
  focusedElement,
  openTab,
  slowPosts,
  toast,
} from './page-models/banking';
import { useBankAndBrowser, type Customer } from './support/fixtures';

// Crypto Trading against the real bank (wires: wire-transfer.e2e.spec.ts).

const t = useBankAndBrowser();

async function waitForMarketData(customer: Customer, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const res = await customer.client.get('/api/crypto/market-data');
    if (res.body?.data?.market_data?.length) return true;
    await new Promise((r) => setTimeout(r, 2_000));
  }
  return false;
}

describe('Crypto Trading', { timeout: 150_000 }, () => {
  it('buys with the 1% fee shown, then sees the holding, the history and the deposit address', async () => {
    const customer = await t.customer();
    const checking = customer.accounts.find((a) => a.type === 'checking')!;
    await deposit(t.bank, checking.account_number, 500);
    const page = await t.signedInPage(customer);
    await page.goto('/crypto-trading');
    await page.getByText('Live').first().waitFor();
    await page.getByText('No crypto assets yet').waitFor();
    await page.getByRole('button', { name: 'Start Trading' }).click();

    const trade = page.getByRole('form', { name: 'Trade' });
    await trade.getByLabel('Amount (USD)').fill('0.5');
    await trade.getByRole('button', { name: /^Buy/ }).click();
    await trade
      .getByText(/Please enter an amount of at least \$1\.00|The minimum purchase is \$1\.00\./)
      .waitFor();

    await trade.getByLabel('Amount (USD)').fill('100');
    await trade.getByText('$1.00').first().waitFor(); // the 1% fee
    await expectScreenAccessible(page, 'crypto trade');
    await trade.getByRole('button', { name: /^Buy/ }).click();
    const confirm = dialog(page, 'Confirm purchase');
    const trades = await slowPosts(page, '**/api/crypto/**');
    // Busy, not disabled, while it runs: the focus stays on it, and a double click buys once.
    await confirm.getByRole('button', { name: 'Confirm' }).dblclick();
    await confirm.getByRole('button', { name: 'Processing...' }).waitFor();
    expect(await focusedElement(page)).toBe('BUTTON: Processing...');
    await toast(page, /./).first().waitFor();
    expect(trades.count).toBe(1);

    await openTab(page, 'Portfolio');
    await page.getByText('Bitcoin').first().waitFor();
    await openTab(page, 'History');
    await page.getByText(/Buy BTC/).waitFor();

    // Prices arrive with the bank's 30 s refresh job. If the test bank has none yet, the screen
    // must say so (the search itself is covered by crypto-trading.unit.spec.tsx).
    const hasPrices = await waitForMarketData(customer, 35_000);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await openTab(page, 'Market');
    if (hasPrices) {
      await page.getByLabel('Search by name or symbol').fill('eth');
      await page.getByRole('button', { name: /Trade Ethereum/ }).waitFor();
      expect(await page.getByRole('button', { name: /Trade Bitcoin/ }).count()).toBe(0);
      await page.getByRole('button', { name: /Trade Ethereum/ }).click();
      expect(await page.getByLabel('Cryptocurrency').inputValue()).toBe('ETH');
    } else {
      await page
        .getByText('Market data is not available yet. It refreshes every 30 seconds.')
        .waitFor();
    }
    await expectScreenAccessible(page, 'crypto market');

    await page.getByRole('button', { name: 'Hide balances' }).click();
    await page.getByText('••••••').first().waitFor();

    await page.getByRole('button', { name: 'Deposit' }).click();
    const dep = dialog(page, 'Deposit Crypto');
    await dep.getByRole('button', { name: 'Copy Address' }).waitFor();
    await expectScreenAccessible(page, 'crypto deposit');
    await dep.getByRole('button', { name: 'Submit Deposit' }).click();
    await dep.getByText('Please enter the transaction hash.').waitFor();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Withdraw' }).click();
    const wd = dialog(page, 'Withdraw Crypto');
    await wd.getByText(/network fee/).waitFor();
    await wd.getByLabel('Amount').fill('0.0001');
    await wd.getByRole('button', { name: 'Review Withdrawal' }).click();
    await wd.getByText('The minimum withdrawal is 0.001.').waitFor();
  });
});

describe('Crypto holdings and selling', { timeout: 150_000 }, () => {
  it('refuses a sale over the holding before confirming, sells all exactly, and lays out the portfolio', async () => {
    const customer = await t.customer();
    const checking = customer.accounts.find((a) => a.type === 'checking')!;
    await deposit(t.bank, checking.account_number, 500);
    for (const symbol of ['BTC', 'MATIC']) {
      const bought = await customer.client.post(
        '/api/crypto/buy',
        { symbol, amount_usd: 50, bank_account_id: String(checking.id) },
        { 'Idempotency-Key': `e2e-${symbol}-${customer.user.id}` },
      );
      expect(bought.status).toBe(201);
    }
    const holdings = (await customer.client.get('/api/crypto/portfolio')).body.data.portfolio as {
      symbol: string;
      balance_exact: string;
    }[];
    const btc = holdings.find((h) => h.symbol === 'BTC')!.balance_exact;

    for (const width of [1280, 375]) {
      const page = await t.signedInPage(customer, { width, height: 900 });
      await page.goto('/crypto-trading');
      const rows = page.locator('.crypto-list > .crypto-row--coin');
      await rows.first().waitFor();
      const layout = await page.locator('.crypto-list').evaluate((list) => {
        const card = list.parentElement!.getBoundingClientRect();
        const padding = parseFloat(getComputedStyle(list.parentElement!).paddingTop);
        const row = list.querySelector('.crypto-row--coin')!;
        const box = (sel: string) => row.querySelector(sel)!.getBoundingClientRect();
        const r = row.getBoundingClientRect();
        const coins = [...list.querySelectorAll('.crypto-coin')].map((c) => ({
          text: c.textContent,
          fits: c.scrollWidth <= c.clientWidth,
        }));
        return {
          spaceAbove:
            list.getBoundingClientRect().top - card.top - list.parentElement!.clientTop - padding,
          coinOffCentre: Math.abs(
            (box('.crypto-coin').top + box('.crypto-coin').bottom) / 2 - (r.top + r.bottom) / 2,
          ),
          name: box('.crypto-row__name'),
          value: box('.crypto-row__value'),
          right: r.right,
          coins,
        };
      });
      // The list starts at the card's padding, and the coin sits centred beside its lines.
      expect(layout.spaceAbove).toBe(0);
      expect(layout.coinOffCentre).toBeLessThanOrEqual(1);
      // Whole symbols, MATIC too, inside their badges.
      expect(layout.coins).toContainEqual({ text: 'MATIC', fits: true });
      expect(layout.coins).toContainEqual({ text: 'BTC', fits: true });
      // The value lines up: at the row's end beside the name, or under the name on a phone.
      if (width === 1280)
        expect(Math.abs(layout.value.right - layout.right)).toBeLessThanOrEqual(1);
      else expect(layout.value.left).toBe(layout.name.left);
    }

    const page = await t.signedInPage(customer, { width: 375, height: 800 });
    await page.goto('/crypto-trading');
    await openTab(page, 'Trade');
    const trade = page.getByRole('form', { name: 'Trade' });
    await trade.getByRole('radio', { name: 'Sell' }).click();
    const amount = trade.getByLabel('Amount (BTC)');
    await amount.fill('0.002');
    await trade.getByText(`Insufficient BTC balance: you hold ${btc} BTC.`).waitFor();
    expect(await trade.getByRole('group', { name: 'Estimate' }).count()).toBe(0);
    await trade.getByRole('button', { name: 'Sell BTC' }).click();
    expect(await page.getByRole('dialog', { name: 'Confirm sale' }).count()).toBe(0);
    // Scanned from the top: scrolled to the amount, the tab bar peeks out a few pixels under the
    // sticky top bar, and axe's target-size rule counts that sliver as a too small tab.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectScreenAccessible(page, 'sale over the holding');

    await trade.getByRole('button', { name: 'Sell all' }).click();
    expect(await amount.inputValue()).toBe(btc);
    await trade.getByRole('button', { name: 'Sell BTC' }).click();
    await dialog(page, 'Confirm sale').getByRole('button', { name: 'Confirm' }).click();
    await toast(page, /Successfully sold/).waitFor();
    const after = (await customer.client.get('/api/crypto/portfolio')).body.data.portfolio as {
      symbol: string;
      balance_exact: string;
    }[];
    expect(after.find((h) => h.symbol === 'BTC')?.balance_exact ?? '0.00000000').toBe('0.00000000');
  });
});

describe('Crypto Trading that failed to load', () => {
  it('says the portfolio is unavailable, never $0.00, and keeps the focus on Refresh', async () => {
    const customer = await t.customer();
    const page = await t.signedInPage(customer);
    await page.route('**/api/crypto/portfolio', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    await page.goto('/crypto-trading');
    await page.getByText('Failed to load crypto data').waitFor();
    const hero = page.getByRole('region', { name: 'Portfolio summary' });
    await hero.getByText('Unavailable').waitFor();
    expect(await hero.textContent()).not.toMatch(/\$0\.00|0 assets/);
    expect(await page.getByText('No crypto assets yet').count()).toBe(0);

    // Refresh is busy while it reloads, not disabled: the focus stays on it.
    const refresh = page.getByRole('button', { name: 'Refresh' });
    await refresh.focus();
    await page.keyboard.press('Enter');
    await page.waitForTimeout(300);
    expect(await refresh.evaluate((e) => e === document.activeElement)).toBe(true);
  });
});
