import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { seriousViolations } from '../support/axe.ts';

// Page models for the signed-in banking screens: selectors by role and accessible name.

export class TransferPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/transfer');
    await this.page.getByRole('heading', { name: 'Transfer Money', level: 1 }).waitFor();
  }

  async choose(
    type: 'Between My Accounts' | 'To Another Customer' | 'To Another Bank' | 'SEPA Transfer',
  ) {
    await this.page.getByRole('button', { name: new RegExp(`^${type}`) }).click();
  }

  field(label: string | RegExp) {
    return this.page.getByLabel(label);
  }

  async selectFrom(accountName: string | RegExp) {
    await this.selectByText('From Account', accountName);
  }

  /** Picks the option whose text contains `text`, once the select's options have loaded. */
  async selectByText(label: string, text: string | RegExp) {
    const select = this.page.getByLabel(label, { exact: true });
    const matches = (o: string) => (typeof text === 'string' ? o.includes(text) : text.test(o));
    let options: string[];
    const deadline = Date.now() + 15_000;
    for (;;) {
      options = await select.locator('option').allTextContents();
      const match = options.find(matches);
      if (match) {
        await select.selectOption({ label: match });
        return;
      }
      if (Date.now() > deadline) break;
      await this.page.waitForTimeout(100);
    }
    throw new Error(`no option ${String(text)} in ${label}: ${options.join(' | ')}`);
  }

  async review() {
    await this.page.getByRole('button', { name: 'Review Transfer' }).click();
  }

  /** Types a transfer of `amount` from the named account to Pat Doe's account at Other Bank. */
  async typeToAnotherBank(from: string, accountNumber: string, amount: string) {
    await this.choose('To Another Bank');
    await this.selectFrom(from);
    await this.field('Recipient Name').fill('Pat Doe');
    await this.field('Bank Name').fill('Other Bank');
    await this.field('Account Number').fill(accountNumber);
    await this.field('Routing Number').fill('021000021');
    await this.field('Amount (USD)').fill(amount);
  }

  async confirm() {
    await this.page.getByRole('button', { name: 'Confirm Transfer' }).click();
  }

  /** Sends `amount` from the named account to another customer of the bank, found by email. */
  async sendToCustomer(email: string, from: string, amount: string) {
    await this.choose('To Another Customer');
    await this.field('Recipient Email').fill(email);
    await toast(this.page, 'Recipient found').waitFor();
    await this.selectFrom(from);
    await this.field('Amount (USD)').fill(amount);
    await this.review();
    await this.confirm();
  }

  errorBox() {
    return this.page.getByRole('alert').filter({ hasText: 'Transfer not completed' });
  }

  /** A line of the step 3 summary, by its label. */
  summaryValue(label: string) {
    return this.page
      .locator('.transfer-summary__row')
      .filter({ has: this.page.getByText(label, { exact: true }) })
      .locator('dd');
  }
}

/** The error text shown under a labelled field (wired by aria-describedby), or null when none. */
export async function fieldError(page: Page, label: string | RegExp): Promise<string | null> {
  const input = page.getByLabel(label, { exact: typeof label === 'string' });
  const ids = ((await input.getAttribute('aria-describedby')) ?? '').split(/\s+/);
  const errorId = ids.find((id) => id.endsWith('-error'));
  if (!errorId) return null;
  return page.locator(`[id="${errorId}"]`).textContent();
}

/** What has the keyboard focus: "body" when nothing does, else its role (or tag) and name. */
export function focusedElement(page: Page): Promise<string> {
  return page.evaluate(() => {
    const a = document.activeElement;
    if (!a || a === document.body) return 'body';
    return `${a.getAttribute('role') ?? a.tagName}: ${a.getAttribute('aria-label') ?? a.textContent}`;
  });
}

/**
 * Delays the bank's answers to the POSTs to `url` (as on a slow line), long enough to see what a
 * screen does while it waits; counts the requests sent.
 */
export async function slowPosts(page: Page, url: string, ms = 800) {
  const sent = { count: 0 };
  await page.route(url, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    sent.count += 1;
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.fallback();
  });
  return sent;
}

export function toast(page: Page, text: string | RegExp) {
  return page.locator('.toaster').getByText(text);
}

/**
 * The toasts leave every control of the signed-in top bar (menu, search, Quick Transfer, theme,
 * bell, user menu) and of a bottom tab bar uncovered.
 */
export async function expectToastsClearOfBars(page: Page, label: string) {
  await page.locator('.toast').first().waitFor();
  // Once the toasts have slid in.
  await page.waitForTimeout(250);
  const covered = await page.evaluate(() => {
    const area = document.querySelector('.toaster')!.getBoundingClientRect();
    const controls = document.querySelectorAll<HTMLElement>(
      '.topbar :is(a, button, input), .tabbar :is(a, button)',
    );
    return [...controls].flatMap((control) => {
      const box = control.getBoundingClientRect();
      if (!box.width || !box.height) return [];
      const apart =
        area.top >= box.bottom ||
        area.bottom <= box.top ||
        area.left >= box.right ||
        area.right <= box.left;
      const name = control.getAttribute('aria-label') ?? control.textContent?.trim();
      return apart ? [] : [name || control.tagName];
    });
  });
  expect(covered, `${label}: bar controls under a toast`).toEqual([]);
  // The newest toast shows whole: a long message is not cut off at the screen's edge.
  const newest = await page.locator('.toast').first().boundingBox();
  const band = await page.locator('.toaster').boundingBox();
  const viewport = page.viewportSize()!;
  expect(newest!.y, `${label}: the newest toast starts above the band`).toBeGreaterThanOrEqual(
    band!.y - 0.5,
  );
  expect(newest!.y + newest!.height, `${label}: the newest toast is cut off`).toBeLessThanOrEqual(
    Math.min(band!.y + band!.height, viewport.height) + 0.5,
  );
}

/**
 * Checks that what the customer would tap is on top where they would tap it (its centre): not
 * under a toast or anything else.
 */
export async function expectOnTop(target: Locator, label: string) {
  await target.scrollIntoViewIfNeeded();
  // What the centre's tap reaches, once anything sliding in has settled.
  const reached = () =>
    target.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (hit !== null && (hit === element || element.contains(hit))) return 'it';
      return hit ? `${hit.tagName}.${hit.className}` : 'nothing';
    });
  await expect.poll(reached, { message: `${label} is covered`, timeout: 2000 }).toBe('it');
}

export function dialog(page: Page, name: string | RegExp) {
  return page.getByRole('dialog', { name }).or(page.getByRole('alertdialog', { name }));
}

export async function openTab(page: Page, name: string | RegExp) {
  await page.getByRole('tab', { name }).click();
}

/**
 * The banking screens the small-phone walk checks at 360 px, light and dark, with a customer who
 * has data: for fit and for the axe scan.
 */
export const SMALL_PHONE_SCREENS = [
  '/dashboard',
  '/transfer',
  '/zelle',
  '/wire-transfer',
  '/crypto-trading',
  '/cards',
  '/bill-pay',
  '/support',
  '/profile',
  '/profile?tab=security',
  '/profile?tab=notifications',
  '/notifications',
  '/accounts',
];

/**
 * axe-core scan of a banking screen (serious and critical violations fail), including any open
 * dialog.
 */
export async function expectScreenAccessible(page: Page, label: string) {
  const serious = await seriousViolations(page);
  if (serious.length)
    throw new Error(`accessibility violations on ${label}:\n${serious.join('\n')}`);
}

/** The page fits its width: nothing scrolls sideways (a phone at 375 px, a desktop at 1280 px). */
export async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `sideways scroll on ${page.url()}`).toBeLessThanOrEqual(0);
}

/**
 * Every form field in `scope` keeps its control (input, select, text area) inside its own box:
 * a control wider than its grid column would run into the next field.
 */
export async function expectControlsInsideTheirFields(scope: Locator, label: string) {
  const outside = await scope.evaluate((root) =>
    [...root.querySelectorAll('.field')].flatMap((field) => {
      const box = field.getBoundingClientRect();
      const control = field.querySelector('input, select, textarea');
      if (!control) return [];
      const c = control.getBoundingClientRect();
      const name = field.querySelector('label')?.textContent ?? '?';
      return c.left < box.left - 0.5 || c.right > box.right + 0.5
        ? [`${name}: control ${c.left}-${c.right}, field ${box.left}-${box.right}`]
        : [];
    }),
  );
  expect(outside, `controls outside their fields on ${label}`).toEqual([]);
}
