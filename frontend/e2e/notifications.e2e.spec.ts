import { deposit } from '@bank/server/testing';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AppShell } from './page-models/app-shell';
import { dialog, expectOnTop, toast } from './page-models/banking';
import { useBankAndBrowser } from './support/fixtures';

const t = useBankAndBrowser();

/** A new customer with three unread notifications: the welcome and two deposits. */
async function customerWithThreeNotifications() {
  const customer = await t.customer();
  const checking = customer.accounts.find((a) => a.type === 'checking') ?? customer.accounts[0]!;
  await deposit(t.bank, checking.account_number, 125);
  await deposit(t.bank, checking.account_number, 80);
  // The welcome notification is raised by a background job: the counts need it there.
  await expect
    .poll(
      async () => (await customer.client.get('/api/notifications/summary')).body.data.total_count,
      { timeout: 10_000 },
    )
    .toBe(3);
  return customer;
}

describe('notification panel', () => {
  it('names each notification’s buttons apart, several sign-ins of one minute among them', async () => {
    const customer = await t.customer();
    const credentials = {
      account_number: customer.user.account_number,
      password: customer.payload.password,
    };
    for (let i = 0; i < 3; i += 1) {
      expect((await customer.client.post('/api/login', credentials)).status).toBe(200);
    }
    const page = await t.signedInPage(customer);
    await page.goto('/notifications');
    const rows = page.locator('.notif').filter({ hasText: 'New sign-in' });
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    for (const action of ['Mark', 'Delete']) {
      const names = await page
        .getByRole('button', { name: new RegExp(`^${action} "New sign-in"`) })
        .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')));
      expect(names.length).toBe(await rows.count());
      expect(new Set(names).size, names.join(' | ')).toBe(names.length);
    }
  });

  it('asks the customer to confirm it is them before a security notice goes, over the panel', async () => {
    const customer = await t.customer();
    const password = customer.payload.password as string;
    const signIn = { account_number: customer.user.account_number, password };
    expect((await customer.client.post('/api/login', signIn)).status).toBe(200);
    const page = await t.signedInPage(customer, { width: 375, height: 812 });
    await page.goto('/dashboard');
    const shell = new AppShell(page);
    const panel = await shell.openNotifications();
    const notices = panel.locator('.notif').filter({ hasText: 'New sign-in' });
    await expect.poll(() => notices.count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    const before = await notices.count();
    // Minutes after the last proof, as with a session token someone else holds.
    await t.ageLastProof(customer);
    const deleteFirst = () =>
      notices
        .first()
        .getByRole('button', { name: /^Delete "New sign-in"/ })
        .click();

    // Declining keeps the notice, and is no failure.
    await deleteFirst();
    const confirm = dialog(page, 'Confirm it’s you');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await panel.waitFor();
    expect(await notices.count()).toBe(before);
    expect(await shell.toast('Failed to delete notification').count()).toBe(0);

    await deleteFirst();
    await confirm.getByLabel('Password').fill(password);
    // The panel stays beneath the dialog, and the notice stays until the customer has confirmed.
    expect(await notices.count()).toBe(before);
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await toast(page, 'Notification deleted').waitFor();
    await panel.waitFor();
    await expect.poll(() => notices.count()).toBe(before - 1);
  });

  it('filters, marks read, deletes and marks all read', async () => {
    const customer = await customerWithThreeNotifications();

    const page = await t.signedInPage(customer);
    await page.goto('/dashboard');
    const shell = new AppShell(page);
    const panel = await shell.openNotifications();
    await shell.notificationItems().first().waitFor();
    const before = await shell.notificationItems().count();
    expect(before).toBe(3);
    await panel.getByText(`${before} total · ${before} unread`).waitFor();

    // mark one as read
    await panel
      .getByRole('button', { name: /^Mark ".*" \(.*\) as read$/ })
      .first()
      .click();
    await panel.getByText(`${before} total · ${before - 1} unread`).waitFor();

    // the Read filter shows it
    await panel.getByRole('button', { name: 'Read', exact: true }).click();
    await shell.notificationItems().first().waitFor();
    expect(await shell.notificationItems().count()).toBe(1);
    await panel.getByRole('button', { name: 'All', exact: true }).click();

    // delete one
    await panel
      .getByRole('button', { name: /^Delete ".*" \(.*\)$/ })
      .first()
      .click();
    await shell.toast('Notification deleted').waitFor();
    await panel.getByText(new RegExp(`^${before - 1} total`)).waitFor();

    // mark all read
    await panel.getByRole('button', { name: 'Mark all read' }).click();
    await shell.toast('All notifications marked as read').waitFor();
    await panel.getByText(/ · 0 unread$/).waitFor();

    // the Unread filter is now empty
    await panel.getByRole('button', { name: 'Unread' }).click();
    await panel.getByText('No notifications found').waitFor();

    // "View all notifications" opens them on a page of their own (the spec product's button
    // only closed the panel), with the same counts, filters and actions
    await panel.getByRole('link', { name: 'View all notifications' }).click();
    await panel.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/notifications');
    await page.getByText(`${before - 1} total · 0 unread`).waitFor();
    expect(await shell.notificationItems().count()).toBe(before - 1);
    await page
      .getByRole('button', { name: /^Delete ".*" \(.*\)$/ })
      .first()
      .click();
    await page.getByText(`${before - 2} total · 0 unread`).waitFor();
    expect(await shell.notificationItems().count()).toBe(before - 2);
  });

  it('keeps the focus in the list when a notification is marked read or deleted from the keyboard', async () => {
    const customer = await customerWithThreeNotifications();
    const page = await t.signedInPage(customer);
    await page.goto('/notifications');
    const rows = page.locator('.notif');
    await page.getByText('3 total · 3 unread').waitFor();
    const isFocused = (target: Locator) => target.evaluate((e) => e === document.activeElement);
    const markButton = (row: Locator) =>
      row.getByRole('button', { name: /^Mark ".*" \(.*\) as read$/ });
    const deleteButton = (row: Locator) =>
      row.getByRole('button', { name: /^Delete ".*" \(.*\)$/ });

    // Mark as read goes away with the item read: the focus moves to its Delete.
    await markButton(rows.first()).focus();
    await page.keyboard.press('Enter');
    await page.getByText('3 total · 2 unread').waitFor();
    await expect.poll(() => isFocused(deleteButton(rows.first()))).toBe(true);

    // Deleting it moves the focus to the next item, now the first.
    await page.keyboard.press('Enter');
    await page.getByText('2 total · 2 unread').waitFor();
    await expect.poll(() => isFocused(markButton(rows.first()))).toBe(true);

    // Mark all read keeps the focus, and says it has nothing left to do.
    const markAll = page.getByRole('button', { name: 'Mark all read' });
    await markAll.focus();
    await page.keyboard.press('Enter');
    await page.getByText('2 total · 0 unread').waitFor();
    expect(await isFocused(markAll)).toBe(true);
    expect(await markAll.getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Enter');
    expect(await page.locator('.notif--unread').count()).toBe(0);
  });

  it('under the Unread filter, gives the focus to the next item when the one read leaves the list', async () => {
    const customer = await customerWithThreeNotifications();
    const page = await t.signedInPage(customer, { width: 375, height: 800 });
    await page.goto('/notifications');
    await page.getByText('3 total · 3 unread').waitFor();
    await page.getByRole('button', { name: 'Unread', exact: true }).click();
    const rows = page.locator('.notif');
    await expect.poll(() => rows.count()).toBe(3);
    const second = await rows.nth(1).locator('.notif__title').textContent();
    await rows
      .first()
      .getByRole('button', { name: /^Mark ".*" \(.*\) as read$/ })
      .focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => rows.count()).toBe(2);
    await page.waitForTimeout(300);
    expect(
      await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? 'nothing'),
    ).toMatch(new RegExp(`^Mark "${second!.replace('Unread: ', '')}" \\(.*\\) as read$`));
  });

  it('lays the page’s rows edge to edge in its card on a phone, not inside a second margin', async () => {
    const customer = await t.customer();
    const page = await t.signedInPage(customer, { width: 375, height: 812 });
    await page.goto('/notifications');
    await page.locator('.notif').first().waitFor();
    const inset = await page
      .locator('.notif')
      .first()
      .evaluate(
        (row) =>
          row.getBoundingClientRect().left - row.closest('.card')!.getBoundingClientRect().left,
      );
    expect(inset).toBeLessThanOrEqual(2);
  });

  it('opens the panel over a toast showing at the top right (1280 px)', async () => {
    const customer = await customerWithThreeNotifications();
    const page = await t.signedInPage(customer, { width: 1280, height: 900 });
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Cashback' }).click();
    const shell = new AppShell(page);
    await shell.toast(/available cashback balance/).waitFor();
    const panel = await shell.openNotifications();
    await shell.notificationItems().first().waitFor();
    // The toast sits where the panel's right-hand side opens: the type filter and Mark all read.
    await expectOnTop(panel.getByRole('combobox', { name: 'Notification type' }), 'Type filter');
    await expectOnTop(panel.getByRole('button', { name: 'Mark all read' }), 'Mark all read');
    for (const row of await shell.notificationItems().all()) {
      await expectOnTop(row.getByRole('button').first(), "A notification's button");
    }
  });

  it('dismisses a toast by hand', async () => {
    const customer = await t.customer();
    const page = await t.signedInPage(customer);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Cashback' }).click();
    const shell = new AppShell(page);
    await shell.toast(/available cashback balance/).waitFor();
    await page.getByRole('button', { name: 'Dismiss notification' }).click();
    await shell.toast(/available cashback balance/).waitFor({ state: 'detached' });
  });

  it('keeps the bank’s phone number in a notice on one line in the panel on a phone', async () => {
    const customer = await t.customer();
    const changed = await customer.client.put('/api/profile', {
      email: `moved-${customer.user.id}@example.com`,
      address: '12 Wharf St',
    });
    expect(changed.status).toBe(200);
    await expect
      .poll(async () => {
        const answer = await customer.client.get('/api/notifications');
        return (answer.body.data.notifications as { message: string }[]).filter((n) =>
          n.message.includes('(555) 019-1952'),
        ).length;
      })
      .toBeGreaterThan(0);
    const page = await t.signedInPage(customer, { width: 375, height: 812 });
    await page.goto('/dashboard');
    const panel = await new AppShell(page).openNotifications();
    const messages = panel.locator('.notif__message', { hasText: '(555) 019-1952' });
    await messages.first().waitFor();
    for (const message of await messages.all()) {
      const number = await message.evaluate((p) => {
        const text = p.textContent ?? '';
        const at = text.indexOf('(555) 019-1952');
        // The text node and offset of a place in the message (a start in the node that follows).
        const point = (n: number, end: boolean): [Node, number] => {
          const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const length = node.textContent?.length ?? 0;
            if (end ? n <= length : n < length) return [node, n];
            n -= length;
          }
          throw new Error('past the end of the message');
        };
        const range = document.createRange();
        range.setStart(...point(at, false));
        range.setEnd(...point(at + '(555) 019-1952'.length, true));
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        const parent = range.commonAncestorContainer;
        const holder = parent instanceof Element ? parent : parent.parentElement!;
        return { lines: lines.size, whiteSpace: getComputedStyle(holder).whiteSpace };
      });
      expect(number).toEqual({ lines: 1, whiteSpace: 'nowrap' });
    }
  });
});
