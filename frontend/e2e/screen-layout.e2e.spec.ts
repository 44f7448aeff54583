import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSidewaysScroll } from './page-models/banking';
import { useBankAndBrowser } from './support/fixtures';

// Layout that only a real browser shows: how tab bars fit a phone, and a clean console on the
// online-banking aliases. In Chromium at desktop and phone widths.

const t = useBankAndBrowser();

type Box = { x: number; y: number; width: number; height: number };

async function boxes(locator: Locator): Promise<Box[]> {
  const found: Box[] = [];
  for (const item of await locator.all()) {
    const box = await item.boundingBox();
    if (box) found.push(box);
  }
  return found;
}

/** Tops of the tabs of the page's tab bar. */
async function tabTops(page: Page): Promise<number[]> {
  return (await boxes(page.getByRole('tab'))).map((b) => Math.round(b.y));
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
]) {
  describe(`screen layout at ${viewport.width} px`, () => {
    it('keeps each tab bar on one row, scrolling sideways within itself', async () => {
      const customer = await t.customer();
      const page = await t.signedInPage(customer, viewport);
      for (const [path, lastTab] of [
        ['/bill-pay', 'History'],
        ['/profile', 'Notifications'],
      ] as const) {
        await page.goto(path);
        await page.getByRole('tab', { name: lastTab }).waitFor();
        expect(new Set(await tabTops(page)).size, `tab rows on ${path}`).toBe(1);
        await page.getByRole('tab', { name: lastTab }).click();
        await expect
          .poll(async () => {
            const box = (await page.getByRole('tab', { name: lastTab }).boundingBox())!;
            return box.x + box.width <= viewport.width;
          })
          .toBe(true);
        await expectNoSidewaysScroll(page);
      }
    });
  });
}

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
