import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { builtScriptWeights, recordScripts, totalGzipBytes } from '../page-scripts';
import { LoginPage } from './page-models/auth-pages';
import { useBankAndBrowser } from './support/fixtures';

// The home page and /login arrive pre-rendered: the browser paints them from the HTML before any
// script has run, and the app then takes over the same markup without moving anything.

const t = useBankAndBrowser();

const PAGES = [
  { path: '/', heading: 'Banking that knows your name.' },
  { path: '/login', heading: 'Sign in to Online Banking' },
];

/** Sum of the layout shifts the page has recorded since it started loading. */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
            total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 100);
      }),
  );
}

describe('pre-rendered public pages', () => {
  for (const { path: pathname, heading } of PAGES) {
    it(`paints ${pathname} from its HTML alone, its controls waiting for the app`, async () => {
      const page = await t.newPage({ width: 375, height: 740 });
      await page.route('**/*.js', (route) => route.abort());
      await page.goto(pathname);
      await expect
        .poll(() => page.getByRole('heading', { level: 1, name: heading }).isVisible())
        .toBe(true);
      const controls = page.locator('#root button, #root input');
      expect(await controls.count()).toBeGreaterThan(0);
      expect(await page.locator('#root button:enabled, #root input:enabled').count()).toBe(0);
    });

    it(`hands ${pathname} over to the app without a layout shift`, async () => {
      const page = await t.newPage({ width: 375, height: 740 });
      await page.goto(pathname);
      // The attribute is present and empty ("") until the app has taken over.
      await page.waitForFunction(
        () => !document.getElementById('root')!.hasAttribute('data-prerendered'),
      );
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(await page.locator('#root button:disabled, #root input:disabled').count()).toBe(0);
      expect(await layoutShift(page)).toBeLessThan(0.01);
    });
  }

  it('sends every other page the empty shell, which the app fills', async () => {
    const response = await fetch(`${t.bank.baseUrl}/about`);
    expect(await response.text()).toContain('<div id="root"></div>');
    const page = await t.newPage();
    await page.goto('/about');
    await page.getByRole('heading', { level: 1 }).waitFor();
  });

  it('sends /dashboard naming its code, so the app adds no links to fetch it as it starts', async () => {
    const sent = await (await fetch(`${t.bank.baseUrl}/dashboard`)).text();
    const named = sent.match(/<link rel="(modulepreload|stylesheet)"/g)?.length ?? 0;
    // The shell and the dashboard are one chunk (frontend/signed-in-chunk.ts).
    expect(sent).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/app-shell-/);
    const page = await t.signedInPage(await t.customer(), { width: 375, height: 740 });
    await page.goto('/dashboard');
    await page
      .getByRole('heading', { level: 1, name: /^Good (morning|afternoon|evening), / })
      .waitFor();
    const links = await page.locator('link[rel="modulepreload"], link[rel="stylesheet"]').count();
    expect(links).toBe(named);
  });

  it('signs in from the pre-rendered /login', async () => {
    const customer = await t.customer();
    const login = new LoginPage(await t.newPage());
    await login.goto();
    await login.signIn(customer.user.account_number, customer.payload.password);
    await login.page.waitForURL('**/dashboard');
  });
});

const dist = fileURLToPath(new URL('../dist', import.meta.url));

/** What a visitor's first screen may download in JavaScript, gzip-compressed. */
const INITIAL_JS_BUDGET_BYTES = 150 * 1024;

/**
 * In how many scripts. A browser fetches six at a time from the bank (HTTP/1.1), so each six
 * more wait another round trip: on a phone's network that was most of the dashboard's wait for
 * its first paint when its code came in 17 scripts.
 */
const INITIAL_JS_FILES = 8;

// Every script the browser fetches on a cold load until the page's content is on screen and no
// script is still arriving: what the page names in its HTML and what its code imports on the way.
describe('page weight', () => {
  const loads: { name: string; path: string; signedIn: boolean; shown: (page: Page) => Locator }[] =
    [
      {
        name: 'the home page',
        path: '/',
        signedIn: false,
        // The app has taken over the pre-rendered markup.
        shown: (page) => page.locator('#root:not([data-prerendered]) main h1'),
      },
      {
        name: 'a signed-in dashboard',
        path: '/dashboard',
        signedIn: true,
        shown: (page) => page.locator('.balance-hero__value', { hasText: /\d/ }),
      },
    ];
  for (const { name, path: pathname, signedIn, shown } of loads) {
    it(`keeps the JavaScript ${name} loads until it shows within 150 KB gzip and 8 files`, async () => {
      const viewport = { width: 1280, height: 800 };
      const page = signedIn
        ? await t.signedInPage(await t.customer(), viewport)
        : await t.newPage(viewport);
      const recorded = recordScripts(page);
      await page.goto(pathname, { waitUntil: 'networkidle', timeout: 30_000 });
      await shown(page).waitFor();
      await recorded.settled();
      const weights = builtScriptWeights(dist, recorded.scripts());
      const bytes = totalGzipBytes(weights);
      const list = weights.map((w) => `${(w.gzipBytes / 1024).toFixed(1)} KB ${w.path}`);
      console.log(
        `${pathname} initial JS: ${(bytes / 1024).toFixed(1)} KB gzip in ${weights.length} files`,
      );
      expect(weights.length).toBeGreaterThan(0);
      expect(bytes, list.join('\n')).toBeLessThanOrEqual(INITIAL_JS_BUDGET_BYTES);
      expect(weights.length, list.join('\n')).toBeLessThanOrEqual(INITIAL_JS_FILES);
    });
  }
});
