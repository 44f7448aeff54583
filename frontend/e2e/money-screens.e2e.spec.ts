import { bankToday } from '@bank/contracts/bank-time';
import { deposit } from '@bank/server/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  dialog,
  expectNoSidewaysScroll,
  expectScreenAccessible,
  focusedElement,
  slowPosts,
  toast,
  TransferPage,
} from './page-models/banking';
import { useBankAndBrowser, type Customer } from './support/fixtures';

const t = useBankAndBrowser();

const checking = (c: Customer) => c.accounts.find((a) => a.type === 'checking')!;

describe('transfer screens', { timeout: 120_000 }, () => {
  it('same-bank review names the recipient found and sends their recipientId; no past date is offered', async () => {
    const sender = await t.customer();
    const recipient = await t.customer({ name: 'Riley Chen' });
    await deposit(t.bank, checking(sender).account_number, 200);
    const page = await t.signedInPage(sender);
    const bodies: Record<string, unknown>[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/transfers/same-bank'))
        bodies.push(request.postDataJSON() as Record<string, unknown>);
    });
    const wizard = new TransferPage(page);
    await wizard.open();
    await wizard.choose('To Another Customer');
    // No day before the bank's today is offered; a later one schedules the transfer.
    expect(await wizard.field('Transfer Date').getAttribute('min')).toBe(bankToday());

    await wizard.field('Recipient Email').fill(recipient.payload.email as string);
    await toast(page, 'Recipient found').waitFor();
    await wizard.selectFrom(checking(sender).name);
    await wizard.field('Amount (USD)').fill('20');
    await wizard.review();
    await page
      .locator('.transfer-summary')
      .getByText(`Riley Chen (${recipient.payload.email as string})`)
      .waitFor();
    await expectScreenAccessible(page, 'same-bank review');
    await wizard.confirm();
    await toast(page, 'Transfer Successful').waitFor();
    expect(bodies).toHaveLength(1);
    expect(bodies[0]!.recipientId).toBe(recipient.user.id);
  });

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 800 },
  ]) {
    it(`the Repeat dialog states the fee and the total charged, and repeats once (${viewport.width} px)`, async () => {
      const customer = await t.customer();
      await deposit(t.bank, checking(customer).account_number, 1_000);
      const page = await t.signedInPage(customer, viewport);
      const wizard = new TransferPage(page);
      await wizard.open();
      await wizard.choose('To Another Bank');
      await wizard.selectFrom(checking(customer).name);
      await wizard.field(/^Recipient Name/).fill('Sam Otis');
      await wizard.field(/^Bank Name/).fill('First Federal');
      await wizard.field(/^Account Number/).fill('123456789');
      await wizard.field(/^Routing Number/).fill('011000015');
      const address = wizard.field(/^Recipient Address/);
      if (await address.count()) await address.fill('1 Main Street, Boston MA');
      await wizard.field('Amount (USD)').fill('300');
      await wizard.review();
      await wizard.confirm();
      await toast(page, 'Transfer Successful').waitFor();

      await wizard.open();
      await page
        .getByRole('button', { name: /^Repeat .*\$300\.00/ })
        .first()
        .click();
      const repeat = dialog(page, 'Repeat transfer?');
      await repeat
        .getByText(/\$300\.00 will be sent again, plus the \$3\.00 fee: \$303\.00 in total\./)
        .waitFor();
      await expectScreenAccessible(page, `the Repeat dialog (${viewport.width} px)`);
      await expectNoSidewaysScroll(page);
      const repeats = await slowPosts(page, '**/api/transfers/**');
      // Busy, not disabled, while it runs: the focus stays on it, and a double click sends once.
      await repeat.getByRole('button', { name: 'Confirm Repeat' }).dblclick();
      await repeat.getByRole('button', { name: 'Processing...' }).waitFor();
      expect(await focusedElement(page)).toBe('BUTTON: Processing...');
      await repeat.waitFor({ state: 'detached' });
      expect(repeats.count).toBe(1);
      const done = page.getByRole('status').filter({ hasText: 'Transfer repeated' });
      await done.getByText(/^TRF-[A-Z0-9]{8}$/).waitFor();
      await done.getByRole('link', { name: 'View receipt' }).waitFor();
      // What the notice said is what was taken: twice $303.00 from $1,000.00.
      const available = async () => {
        const accounts = (await customer.client.get('/api/accounts')).body.data.accounts as {
          id: string;
          available_balance: number;
        }[];
        return accounts.find((a) => a.id === checking(customer).id)!.available_balance;
      };
      await expect.poll(available, { timeout: 15_000 }).toBe(1_000 - 2 * 303);
    });
  }

  it('on a phone every tab of the tab bars is in sight', async () => {
    const customer = await t.customer();
    const page = await t.signedInPage(customer, { width: 375, height: 800 });
    for (const path of ['/zelle', '/bill-pay', '/profile']) {
      await page.goto(path);
      const tabs = page.getByRole('tab');
      await tabs.first().waitFor();
      const outside = await tabs.evaluateAll((els) =>
        els
          .filter((el) => {
            const box = el.getBoundingClientRect();
            return box.left < 0 || box.right > window.innerWidth;
          })
          .map((el) => el.textContent),
      );
      expect(outside, `tabs out of sight on ${path}`).toEqual([]);
    }
    // Zelle's four short tabs, inside their card, keep to one row.
    await page.goto('/zelle');
    await page.getByRole('tab', { selected: true }).waitFor();
    expect(await tabBar(page)).toMatchObject({ rows: 1, underline: '0px' });
    // And on the narrowest common phone.
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await tabBar(page)).toMatchObject({ rows: 1, underline: '0px' });
    await page.setViewportSize({ width: 375, height: 800 });
    // Profile's three long tabs keep to one row too, each label whole on up to two lines: the
    // bar is a segmented control, so the selected tab is a raised segment, not an underline.
    await page.goto('/profile');
    await page.getByRole('tab', { selected: true }).waitFor();
    for (const width of [375, 360]) {
      await page.setViewportSize({ width, height: 800 });
      const look = await tabBar(page);
      expect(look.rows, `rows at ${width} px`).toBe(1);
      expect(look.underline).toBe('0px');
      expect(look.segment).not.toBe(look.bar);
      expect(look.labelsWhole, `labels at ${width} px`).toBe(true);
      expect(look.labelLines, `label lines at ${width} px`).toBeLessThanOrEqual(2);
    }
  });

  it("on a 360 px phone the wire's recipient choice is one row, Zelle's claim button clear of its select", async () => {
    const customer = await t.customer();
    const page = await t.signedInPage(customer, { width: 360, height: 800 });
    await page.goto('/wire-transfer');
    const choice = ['New recipient', 'Saved recipient'].map((name) =>
      page.getByRole('radio', { name, exact: true }),
    );
    await choice[1]!.waitFor();
    const [fresh, saved] = await Promise.all(choice.map((b) => b.boundingBox()));
    expect(saved!.y).toBe(fresh!.y);

    await page.goto('/zelle');
    const card = page.getByRole('region', { name: 'Claim Money Sent to You' });
    const select = card.getByRole('combobox', { name: 'Sent to my' });
    const button = card.getByRole('button', { name: 'Send me a code' });
    await button.waitFor();
    const [above, below] = await Promise.all([select.boundingBox(), button.boundingBox()]);
    expect(below!.y - (above!.y + above!.height)).toBeGreaterThanOrEqual(12);
  });

  it('on a desktop the tab bars are one row of underlined tabs', async () => {
    const customer = await t.customer();
    const page = await t.signedInPage(customer, { width: 1280, height: 900 });
    for (const path of ['/zelle', '/bill-pay', '/profile']) {
      await page.goto(path);
      await page.getByRole('tab', { selected: true }).waitFor();
      expect(await tabBar(page), path).toMatchObject({
        rows: 1,
        underline: '3px',
        fontSize: '16px',
      });
    }
  });
});

/** The first tab bar on the page: its rows of tabs, and how its selected tab is drawn. */
function tabBar(page: Page) {
  return page.getByRole('tab', { selected: true }).evaluate((tab) => {
    const list = tab.parentElement!;
    const tops = new Set(
      [...list.children].map((el) => Math.round(el.getBoundingClientRect().top)),
    );
    const style = getComputedStyle(tab);
    const tabs = [...list.children] as HTMLElement[];
    const lineHeight = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2;
    return {
      rows: tops.size,
      // No label cut off or spilling out of its tab, and none on more than this many lines.
      labelsWhole: tabs.every(
        (el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= innerWidth,
      ),
      labelLines: Math.max(
        ...tabs.map((el) => {
          const text = document.createRange();
          text.selectNodeContents(el);
          return Math.round(text.getBoundingClientRect().height / lineHeight);
        }),
      ),
      underline: style.borderBottomWidth,
      fontSize: style.fontSize,
      segment: style.backgroundColor,
      bar: getComputedStyle(list).backgroundColor,
    };
  });
}
