import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import type { SeededCustomer } from '@bank/load-tests';
import { builtScriptWeights, recordScripts, totalGzipBytes } from '../../frontend/page-scripts.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const FRONTEND_DIST = path.join(root, 'frontend', 'dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface PageFigure {
  page: string;
  scripts: number;
  jsRawBytes: number;
  jsGzipBytes: number;
  lcpMs: number;
  lcpRunsMs: number[];
}

/** Builds the web app (npm run build -w frontend); false when the build failed. */
export function buildFrontend(log: (line: string) => void): boolean {
  const started = Date.now();
  const result = spawnSync('npm', ['run', 'build', '-w', 'frontend'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 600_000,
  });
  if (result.status !== 0) {
    log(
      `  frontend build failed (${result.status}): ${(result.stderr || result.stdout).slice(-800)}`,
    );
    return false;
  }
  log(`  frontend built in ${Date.now() - started} ms`);
  return true;
}

/** The page's main content, painted: an element and (optionally) text it must show. */
interface Painted {
  selector: string;
  text?: RegExp;
}

interface PageLoad {
  scripts: string[];
  lcpMs: number;
  lcpElement: string;
  timeline: string[];
  /** Page errors, console errors, and a load without any LCP entry. */
  problems: string[];
}

/**
 * Loads one page in a fresh headless Chromium context (cold cache) and returns the JavaScript it
 * fetched before it was idle, and its Largest Contentful Paint.
 */
async function measurePage(
  browser: Browser,
  url: string,
  signedIn: SeededCustomer | undefined,
  painted: Painted,
): Promise<PageLoad> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  if (signedIn) {
    const user = {
      id: signedIn.customerId,
      name: signedIn.name,
      email: signedIn.email,
      account_number: signedIn.accountNumber,
    };
    const expires = new Date(Date.now() + 25 * 60_000).toISOString();
    // The web app's own session keys (frontend/src/lib/session-storage.ts).
    await context.addInitScript({
      content: `localStorage.setItem('auth_token', ${JSON.stringify(signedIn.token)});
        localStorage.setItem('user', ${JSON.stringify(JSON.stringify(user))});
        localStorage.setItem('session_expires_at', ${JSON.stringify(expires)});`,
    });
  }
  // Runs in the page (browser JavaScript, hence a string): keeps the latest LCP candidate and
  // names its element (tag, class, first words) for the analysis.
  await context.addInitScript({
    content: `window.__lcp = 0; window.__lcpElement = '';
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          window.__lcp = entry.startTime;
          const el = entry.element;
          window.__lcpElement = el
            ? el.tagName.toLowerCase() + (el.className ? '.' + String(el.className).split(' ')[0] : '') +
              ' "' + (el.textContent || '').trim().slice(0, 40) + '"'
            : '';
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });`,
  });
  const page = await context.newPage();
  const scripts = recordScripts(page);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
  // The network can fall idle before the last render on a busy machine (all requests done, the
  // page still running its scripts): wait until its main content is on screen, then for the LCP
  // entry. A locator, since the page's CSP forbids evaluating strings (waitForFunction).
  await page
    .locator(painted.selector, { hasText: painted.text })
    .first()
    .waitFor({ timeout: 60_000 })
    .catch(() => problems.push(`${painted.selector} not painted within 60 s`));
  await scripts.settled();
  await page.waitForTimeout(500);
  const lcpMs = Number(await page.evaluate('window.__lcp'));
  const lcpElement = String(await page.evaluate('window.__lcpElement'));
  // The waterfall (ms since navigation start), for BENCH_VERBOSE=1.
  const timeline = (await page.evaluate(`performance
    .getEntriesByType('resource')
    .map((e) => Math.round(e.startTime) + '-' + Math.round(e.responseEnd) + ' ' + new URL(e.name).pathname)`)) as string[];
  const finalPath = new URL(page.url()).pathname;
  await context.close();
  if (lcpMs === 0)
    problems.push(`no contentful paint recorded (ended on ${finalPath}): ${timeline.join(', ')}`);
  return { scripts: scripts.scripts(), lcpMs, lcpElement, timeline, problems };
}

/** Loads per page (BENCH_PAGE_LOADS, odd); the LCP reported is their median. */
const LOADS = Number(process.env.BENCH_PAGE_LOADS ?? 3);

/** (d) Initial JavaScript (gzip) and LCP of the home page and the dashboard, median of the loads. */
export async function benchFrontend(
  baseUrl: string,
  customer: SeededCustomer | undefined,
  log: (line: string) => void,
): Promise<PageFigure[]> {
  if (!existsSync(path.join(FRONTEND_DIST, 'index.html'))) {
    log('  no frontend/dist: skipped');
    return [];
  }
  // Loaded here, not with the module: the bank runs in this process during (a)-(c), and a browser
  // driver's code in its heap would lengthen its garbage collections.
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const figures: PageFigure[] = [];
  try {
    // Page, path, who is signed in, and its main content once painted.
    const pages: [string, string, SeededCustomer | undefined, Painted][] = [
      ['home', '/', undefined, { selector: 'main h1' }],
      ['dashboard', '/dashboard', customer, { selector: '.balance-hero__value', text: /\d/ }],
    ];
    for (const [name, pathname, signedIn, painted] of pages) {
      const runs: PageLoad[] = [];
      for (let i = 0; i < LOADS; i += 1) {
        runs.push(
          await measurePage(browser, new URL(pathname, baseUrl).toString(), signedIn, painted),
        );
      }
      const lcps = runs.map((r) => r.lcpMs).sort((a, b) => a - b);
      const weights = builtScriptWeights(FRONTEND_DIST, runs[0]!.scripts);
      const figure: PageFigure = {
        page: name,
        scripts: weights.length,
        jsRawBytes: weights.reduce((sum, w) => sum + w.rawBytes, 0),
        jsGzipBytes: totalGzipBytes(weights),
        lcpMs: lcps[Math.floor(LOADS / 2)]!,
        lcpRunsMs: runs.map((r) => r.lcpMs),
      };
      figures.push(figure);
      log(
        `  ${name}: ${figure.scripts} scripts, ${(figure.jsGzipBytes / 1024).toFixed(1)} KB gzip, LCP ${figure.lcpMs.toFixed(0)} ms (${runs.map((r) => r.lcpMs.toFixed(0)).join(', ')}) on ${runs[0]!.lcpElement}`,
      );
      for (const problem of runs.flatMap((r) => r.problems)) log(`    ! ${problem}`);
      // BENCH_VERBOSE=1: every script the page fetched, with its gzip size (the bundle analysis).
      if (process.env.BENCH_VERBOSE === '1') {
        for (const w of weights)
          log(`    ${(w.gzipBytes / 1024).toFixed(1).padStart(6)} KB  ${w.path}`);
        log(`    waterfall of the median load:`);
        const median = runs.find((r) => r.lcpMs === figure.lcpMs) ?? runs[0]!;
        median.timeline.forEach((line) => log(`      ${line}`));
      }
    }
  } finally {
    await browser.close();
  }
  return figures;
}
