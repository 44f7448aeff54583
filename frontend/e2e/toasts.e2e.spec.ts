import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openTab, toast } from './page-models/banking';
import { useBankAndBrowser } from './support/fixtures';
import { screenshotPath } from './support/screenshots';

// A toast never covers the control the customer is using: the accounts total and "Hide balances"
// on a wide screen, a field tapped or a button reached with Tab just above the toasts on a phone.

const t = useBankAndBrowser();

/** A new customer with an active card, so Card Settings has its switches and limits. */
async function customerWithCard() {
  const customer = await t.customer();
  const cards = (await customer.client.get('/api/cards')).body.data.cards as {
    id: string;
    application: { is_pending: boolean };
  }[];
  const card = cards.find((c) => c.application.is_pending)!;
  await customer.client.post(`/api/cards/${card.id}/apply`, {
    agreed_to_terms: true,
    delivery_address: '',
    express_delivery: false,
  });
  return customer;
}

/** Toasts raised the way a customer does: a Card Settings switch, and Update Limits with `limits`. */
async function raiseToasts(page: Page, { limits }: { limits: boolean }) {
  await page.goto('/cards');
  await openTab(page, 'Card Settings');
  const settings = page.getByRole('tabpanel', { name: 'Card Settings' });
  await settings.getByRole('switch', { name: 'International Transactions' }).click();
  await toast(page, 'Card settings updated successfully').waitFor();
  if (limits) {
    await settings.getByLabel('Daily ATM Limit ($)').fill('600');
    await settings.getByRole('button', { name: 'Update Limits' }).click();
    await toast(page, 'Card limits updated successfully').waitFor();
  }
  return settings;
}

/** Goes to `path` inside the app, as its links do, so the toasts stay. */
async function navigate(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Scrolls the page so that `target` ends 20 px into the toasts' band, its top still above it. */
async function bringUnderToasts(page: Page, target: Locator) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await target.evaluate((el) => {
    const band = document.querySelector('.toaster')!.getBoundingClientRect();
    window.scrollBy(0, el.getBoundingClientRect().bottom - (band.top + 20));
  });
}

/** `target` and the toasts' region (toasts and Clear all) do not overlap. */
async function expectClearOfToasts(page: Page, target: Locator, label: string) {
  // Once the toasts have slid in and the page has scrolled.
  await page.waitForTimeout(300);
  const area = (await page.getByRole('region', { name: 'Messages' }).boundingBox())!;
  expect(area.height, `${label}: no toast showing`).toBeGreaterThan(0);
  const box = (await target.boundingBox())!;
  const apart =
    area.y >= box.y + box.height ||
    area.y + area.height <= box.y ||
    area.x >= box.x + box.width ||
    area.x + area.width <= box.x;
  expect(apart, `${label}: a toast covers it (${JSON.stringify({ area, box })})`).toBe(true);
}

describe('Toasts and the controls in use', () => {
  it('leave the accounts total and "Hide balances" uncovered (1280 px)', async () => {
    const customer = await customerWithCard();
    const page = await t.signedInPage(customer, { width: 1280, height: 800 });
    await raiseToasts(page, { limits: true });
    await page.getByRole('link', { name: 'Account Summary' }).click();
    const hide = page.getByRole('button', { name: 'Hide balances' });
    await hide.focus();
    await page.screenshot({ path: screenshotPath('toasts-accounts-1280.png') });
    await expectClearOfToasts(page, hide, 'Hide balances');
    await expectClearOfToasts(page, page.locator('.portfolio'), 'the accounts total');
    expect(await page.locator('.toast').count()).toBe(2);
  });

  it('scroll the Daily ATM Limit field the customer taps clear of two toasts (375 px)', async () => {
    const customer = await customerWithCard();
    const page = await t.signedInPage(customer, { width: 375, height: 667 });
    const settings = await raiseToasts(page, { limits: true });
    await page.getByRole('button', { name: 'Clear all' }).waitFor();
    const atm = settings.getByLabel('Daily ATM Limit ($)');
    await bringUnderToasts(page, atm);
    // The field's top edge still shows above the toasts: the customer taps there (a tap, not
    // Playwright's click, which would first scroll the field out from under the toasts).
    const edge = (await atm.boundingBox())!;
    await page.mouse.click(edge.x + 24, edge.y + 4);
    await page.screenshot({ path: screenshotPath('toasts-card-settings-375.png') });
    await expectClearOfToasts(page, atm, 'Daily ATM Limit');
    expect(await atm.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  for (const viewport of [
    { width: 375, height: 667 },
    { width: 1280, height: 600 },
  ]) {
    it(`scroll Send Money, reached with Tab, clear of a toast on the Zelle page (${viewport.width} px)`, async () => {
      const customer = await customerWithCard();
      const page = await t.signedInPage(customer, viewport);
      await raiseToasts(page, { limits: false });
      await navigate(page, '/zelle');
      const send = page.getByRole('button', { name: 'Send Money', exact: true }).last();
      const memo = page.getByLabel(/^Memo/);
      await send.waitFor();
      await bringUnderToasts(page, send);
      await memo.focus();
      await page.keyboard.press('Tab');
      expect(await send.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.screenshot({ path: screenshotPath(`toasts-zelle-${viewport.width}.png`) });
      await expectClearOfToasts(page, send, 'Send Money');
    });
  }

  it('keep the page scrolling what gets focus above them when the accounts tab bar comes (375 px)', async () => {
    const customer = await customerWithCard();
    const page = await t.signedInPage(customer, { width: 375, height: 667 });
    await raiseToasts(page, { limits: false });
    await navigate(page, '/accounts');
    await page.locator('.tabbar').waitFor();
    await page.waitForTimeout(300);
    // The toasts rose above the tab bar: the foot of the screen they cover, and a little more, is
    // where focus scrolling stops (a stale figure from /cards, without the bar, fell short of it).
    const { covered, padding } = await page.evaluate(() => ({
      covered: window.innerHeight - document.querySelector('.toaster')!.getBoundingClientRect().top,
      padding: parseFloat(getComputedStyle(document.documentElement).scrollPaddingBottom),
    }));
    expect(covered).toBeGreaterThan(57 + 50);
    expect(padding).toBeGreaterThanOrEqual(covered);
    await page.screenshot({ path: screenshotPath('toasts-accounts-tabbar-375.png') });
  });
});
