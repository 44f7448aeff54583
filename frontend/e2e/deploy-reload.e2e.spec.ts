import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBankAndBrowser } from './support/fixtures';

// A deploy replaces the hashed chunks: a tab opened before it asks for files that are gone.
// The page then reloads once, at the address being opened; if that does not help, the error shows.

const t = useBankAndBrowser();

/** Answers 404 for the contact page's chunk while `gone()` says so; counts page loads. */
async function contactChunkGone(page: Page, gone: (loads: number) => boolean) {
  const seen = { loads: 0, chunkRequests: 0 };
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) seen.loads += 1;
  });
  await page.route(/\/assets\/contact-[\w-]+\.js$/, (route) => {
    seen.chunkRequests += 1;
    return gone(seen.loads)
      ? route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' })
      : route.continue();
  });
  await page.goto('/');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  expect(seen.loads).toBe(1);
  return seen;
}

const openContact = (page: Page) =>
  page.getByRole('contentinfo').locator('a[href="/contact"]').first().click();

describe('a page whose code a deploy removed', () => {
  it('reloads once to the page being opened, which then shows', async () => {
    const page = await t.newPage();
    // Gone for the tab opened before the deploy, there again for the reloaded one.
    const seen = await contactChunkGone(page, (loads) => loads < 2);
    await openContact(page);
    await page.getByRole('heading', { level: 1, name: /here to help/ }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/contact');
    expect(seen.loads).toBe(2);
    expect(seen.chunkRequests).toBeGreaterThanOrEqual(2);
  });

  it('shows the error after one reload when the code is still missing, without a loop', async () => {
    const page = await t.newPage();
    const seen = await contactChunkGone(page, () => true);
    await openContact(page);
    await page.getByRole('heading', { level: 1, name: 'This page could not be loaded' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/contact');
    await page.waitForTimeout(1500);
    expect(seen.loads).toBe(2);
    await page.getByRole('heading', { level: 1, name: 'This page could not be loaded' }).waitFor();
  });
});
