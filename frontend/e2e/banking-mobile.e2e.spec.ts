import { deposit } from '@bank/server/testing';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  dialog,
  expectNoSidewaysScroll,
  expectScreenAccessible,
  SMALL_PHONE_SCREENS,
  openTab,
  TransferPage,
} from './page-models/banking';
import { useBankAndBrowser } from './support/fixtures';
import { screenshotPath } from './support/screenshots';

// Every banking screen at 360 px wide, with data, fits without sideways scrolling and
// passes the axe-core scan; the dark theme too. A phone's fields show what they hold in full.

const t = useBankAndBrowser();

/**
 * How much wider than its box the longest of a select's options is (0 when they all fit), counting
 * the padding and the drop-down arrow beside it: a select shows one line and cuts off the rest, and
 * any of its options may be the chosen one.
 */
function selectOverflow(select: Locator): Promise<number> {
  return select.evaluate((el: HTMLSelectElement) => {
    const style = getComputedStyle(el);
    const probe = document.createElement('span');
    probe.style.font = style.font;
    probe.style.whiteSpace = 'pre';
    document.body.append(probe);
    const widths = [...el.options].map((option) => {
      probe.textContent = option.text;
      return probe.getBoundingClientRect().width;
    });
    probe.remove();
    const arrow = 24;
    const needed =
      Math.max(0, ...widths) +
      parseFloat(style.paddingLeft) +
      parseFloat(style.paddingRight) +
      arrow;
    return Math.max(0, Math.ceil(needed - el.clientWidth));
  });
}

/** The texts of the selects and field hints in `box` that stick out of it or are cut off. */
function fieldsNotInside(box: Locator): Promise<(string | null)[]> {
  return box.evaluate((el) => {
    const edge = el.getBoundingClientRect();
    return [...el.querySelectorAll('select, .field__hint')]
      .filter((field) => {
        const r = field.getBoundingClientRect();
        return r.left < edge.left || r.right > edge.right || field.scrollWidth > field.clientWidth;
      })
      .map((field) => field.textContent);
  });
}

/**
 * The account picker labelled `label` in `box` shows every account in full, and the chosen one's
 * available balance in full under it, as the picker's description.
 */
async function expectAccountPickerInFull(box: Locator, label: string, balance: string) {
  const select = box.getByLabel(label, { exact: true });
  expect(await selectOverflow(select), `${label} cut off`).toBe(0);
  const hint = box.getByText(`Available balance: ${balance}`, { exact: true });
  await hint.waitFor();
  const described = (await select.getAttribute('aria-describedby'))?.split(' ') ?? [];
  expect(described, `${label} described by its balance`).toContain(await hint.getAttribute('id'));
  expect(await fieldsNotInside(box), `${label}: fields wider than their box`).toEqual([]);
}

/** The buttons named, in this order, sit side by side on one row inside `box`. */
async function expectSideBySide(box: Locator, names: string[]) {
  const edge = (await box.boundingBox())!;
  const rows = [];
  for (const name of names) {
    const r = (await box.getByRole('button', { name, exact: true }).boundingBox())!;
    expect(r.x, `${name} inside`).toBeGreaterThanOrEqual(edge.x);
    expect(r.x + r.width, `${name} inside`).toBeLessThanOrEqual(edge.x + edge.width);
    rows.push(r);
  }
  for (let i = 1; i < rows.length; i++) {
    expect(rows[i]!.y, `${names[i]} on the row of ${names[0]}`).toBeCloseTo(rows[0]!.y, 0);
    expect(rows[i]!.x, `${names[i]} after ${names[i - 1]}`).toBeGreaterThan(rows[i - 1]!.x);
  }
}

/**
 * The buttons named, in this order, each show their label on one line, uncut, and do not overlap;
 * they sit side by side on one row, or, when the row is too narrow for them, each fills a row of
 * its own in this order, rather than one short button under another at the right.
 */
async function expectButtonRows(box: Locator, names: string[]) {
  const buttons = names.map((name) => box.getByRole('button', { name, exact: true }));
  const row = await buttons[0]!.evaluate((el) => {
    const parent = el.parentElement!.getBoundingClientRect();
    const style = getComputedStyle(el.parentElement!);
    return {
      x: parent.x + parseFloat(style.paddingLeft),
      width: parent.width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
    };
  });
  const boxes: { x: number; y: number; width: number; height: number }[] = [];
  for (const [i, button] of buttons.entries()) {
    const lines = await button.evaluate((el) => {
      const text = document.createRange();
      text.selectNodeContents(el);
      const tops = new Set([...text.getClientRects()].map((r) => Math.round(r.top)));
      return { lines: tops.size, cut: el.scrollWidth > el.clientWidth };
    });
    expect(lines, `${names[i]} on one line, uncut`).toEqual({ lines: 1, cut: false });
    boxes.push((await button.boundingBox())!);
  }
  for (let i = 1; i < boxes.length; i++) {
    const [a, b] = [boxes[i - 1]!, boxes[i]!];
    const apart =
      a.x + a.width <= b.x ||
      b.x + b.width <= a.x ||
      a.y + a.height <= b.y ||
      b.y + b.height <= a.y;
    expect(apart, `${names[i - 1]} and ${names[i]} do not overlap`).toBe(true);
  }
  const oneRow = boxes.every((r) => Math.abs(r.y - boxes[0]!.y) < 1);
  for (let i = 1; i < boxes.length; i++) {
    if (oneRow)
      expect(boxes[i]!.x, `${names[i]} after ${names[i - 1]}`).toBeGreaterThan(boxes[i - 1]!.x);
    else expect(boxes[i]!.y, `${names[i]} below ${names[i - 1]}`).toBeGreaterThan(boxes[i - 1]!.y);
  }
  if (!oneRow) {
    for (const [i, r] of boxes.entries()) {
      expect([r.x, r.width].map(Math.round), `${names[i]} fills its row`).toEqual(
        [row.x, row.width].map(Math.round),
      );
    }
  }
  return oneRow;
}

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
      for (const path of SMALL_PHONE_SCREENS) {
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
      // The transfer form fits too.
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

  for (const viewport of [
    { width: 375, height: 800 },
    { width: 1280, height: 900 },
  ]) {
    it(`Pay Now's Pay From shows the account and its balance in full, its buttons side by side, and its confirm step's buttons whole (${viewport.width} px)`, async () => {
      const customer = await t.customer();
      const checking = customer.accounts.find((a) => a.type === 'checking')!;
      await deposit(t.bank, checking.account_number, 1_234_567.89);
      await customer.client.post('/api/bill-payments/payees', {
        name: 'City Water Utility',
        category: 'utilities',
        account_number: '88001234',
        default_amount: 45,
      });
      const page = await t.signedInPage(customer, viewport);
      await page.goto('/bill-pay');
      await page.getByRole('button', { name: 'Pay Now: City Water Utility' }).click();
      const form = dialog(page, 'Pay City Water Utility');
      await expect.poll(() => form.getByLabel('Pay From').inputValue()).toBe(String(checking.id));
      await expectAccountPickerInFull(form, 'Pay From', '$1,234,567.89');
      await expectSideBySide(form, ['Cancel', 'Review Payment']);
      await expectNoSidewaysScroll(page);
      await expectScreenAccessible(page, `Pay Now at ${viewport.width} px`);
      await page.screenshot({ path: screenshotPath(`bill-pay-pay-now-${viewport.width}.png`) });
      await form.getByRole('button', { name: 'Review Payment' }).click();
      const confirm = dialog(page, 'Confirm Payment');
      // Side by side on a desktop; on a phone the pair (319 px) is wider than the dialog's row.
      expect(await expectButtonRows(confirm, ['Back to Edit', 'Confirm Payment'])).toBe(
        viewport.width > 640,
      );
      await page.screenshot({ path: screenshotPath(`bill-pay-confirm-${viewport.width}.png`) });
    });
  }

  for (const viewport of [
    { width: 375, height: 800 },
    { width: 1280, height: 900 },
  ]) {
    it(`Zelle's account pickers show the account and its balance in full (${viewport.width} px)`, async () => {
      const customer = await t.customer();
      const requester = await t.customer({ name: 'Rita Requester' });
      const checking = customer.accounts.find((a) => a.type === 'checking')!;
      await deposit(t.bank, checking.account_number, 1_234_567.89);
      const asked = await requester.client.post(
        '/api/zelle/request',
        {
          bank_account_id: requester.accounts.find((a) => a.type === 'checking')!.id,
          recipient_name: 'Pat Payer',
          recipient_email: customer.payload.email,
          amount: 15,
        },
        { 'Idempotency-Key': `e2e-${Date.now()}` },
      );
      expect(asked.status).toBeLessThan(300);
      const page = await t.signedInPage(customer, viewport);
      await page.goto('/zelle');
      const send = page.getByRole('form', { name: 'Send Money' });
      await expect.poll(() => send.getByLabel('From Account').inputValue()).toBe(checking.id);
      await expectAccountPickerInFull(send, 'From Account', '$1,234,567.89');
      await openTab(page, 'Request');
      await expectAccountPickerInFull(
        page.getByRole('form', { name: 'Request Money' }),
        'Deposit To',
        '$1,234,567.89',
      );
      await openTab(page, 'Split');
      await expectAccountPickerInFull(
        page.getByRole('form', { name: 'Split a bill' }),
        'Account',
        '$1,234,567.89',
      );
      await expectNoSidewaysScroll(page);
      await page.screenshot({
        path: screenshotPath(`zelle-pickers-${viewport.width}.png`),
        fullPage: true,
      });

      await page.getByRole('button', { name: 'Pay $15.00 to Rita Requester' }).click();
      const pay = dialog(page, 'Pay request');
      await expectAccountPickerInFull(pay, 'Pay from', '$1,234,567.89');
      await expectSideBySide(pay, ['Cancel', 'Confirm Payment']);
      await expectScreenAccessible(page, `Zelle pay request at ${viewport.width} px`);
      await page.screenshot({ path: screenshotPath(`zelle-pay-request-${viewport.width}.png`) });
    });
  }

  for (const viewport of [
    { width: 375, height: 800 },
    { width: 1280, height: 900 },
  ]) {
    it(`Transfer's From and To show the account and its balance in full, and its review's buttons whole (${viewport.width} px)`, async () => {
      const customer = await t.customer();
      const checking = customer.accounts.find((a) => a.type === 'checking')!;
      const savings = customer.accounts.find((a) => a.type === 'savings')!;
      await deposit(t.bank, checking.account_number, 1_234_567.89);
      await deposit(t.bank, savings.account_number, 7_654_321.09);
      const page = await t.signedInPage(customer, viewport);
      const wizard = new TransferPage(page);
      await wizard.open();
      await wizard.choose('Between My Accounts');
      const form = page.locator('form', { has: wizard.field('From Account') });
      await wizard.field('From Account').selectOption(checking.id);
      await wizard.field('To Account').selectOption(savings.id);
      await expectAccountPickerInFull(form, 'From Account', '$1,234,567.89');
      await expectAccountPickerInFull(form, 'To Account', '$7,654,321.09');
      await expectNoSidewaysScroll(page);
      await expectScreenAccessible(page, `transfer details at ${viewport.width} px`);
      await page.screenshot({
        path: screenshotPath(`transfer-accounts-${viewport.width}.png`),
        fullPage: true,
      });
      // The review step lays out its buttons as a dialog's confirm step does.
      await wizard.field('Amount (USD)').fill('5');
      await wizard.review();
      expect(
        await expectButtonRows(page.locator('.transfer__actions'), [
          'Back to Edit',
          'Confirm Transfer',
        ]),
      ).toBe(viewport.width > 640);
      await expectNoSidewaysScroll(page);
    });
  }

  for (const viewport of [
    { width: 375, height: 800 },
    { width: 1280, height: 900 },
  ]) {
    it(`the wire's From Account shows the account and its balance in full (${viewport.width} px)`, async () => {
      const customer = await t.customer();
      const checking = customer.accounts.find((a) => a.type === 'checking')!;
      await deposit(t.bank, checking.account_number, 1_234_567.89);
      const page = await t.signedInPage(customer, viewport);
      await page.goto('/wire-transfer');
      const form = page.getByRole('form', { name: 'Wire transfer' });
      await form.getByLabel('From Account').selectOption(checking.id);
      await expectAccountPickerInFull(form, 'From Account', '$1,234,567.89');
      await expectNoSidewaysScroll(page);
      await expectScreenAccessible(page, `wire transfer at ${viewport.width} px`);
      await form.getByLabel('From Account').scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenshotPath(`wire-from-account-${viewport.width}.png`) });
    });
  }

  for (const viewport of [
    { width: 375, height: 800 },
    { width: 1280, height: 900 },
  ]) {
    it(`Crypto's trade account picker shows the account and its balance in full (${viewport.width} px)`, async () => {
      const customer = await t.customer();
      const checking = customer.accounts.find((a) => a.type === 'checking')!;
      await deposit(t.bank, checking.account_number, 1_234_567.89);
      const page = await t.signedInPage(customer, viewport);
      await page.goto('/crypto-trading');
      await page.getByRole('button', { name: 'Start Trading' }).click();
      const trade = page.getByRole('form', { name: 'Trade' });
      await expect.poll(() => trade.getByLabel('Pay from account').inputValue()).toBe(checking.id);
      await expectAccountPickerInFull(trade, 'Pay from account', '$1,234,567.89');
      await expectNoSidewaysScroll(page);
      await expectScreenAccessible(page, `crypto trade at ${viewport.width} px`);
      await trade.scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenshotPath(`crypto-trade-account-${viewport.width}.png`) });
    });
  }

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
