import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import type { SeededCustomer } from '@bank/load-tests';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
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

function gzipSize(file: string): { raw: number; gzip: number } {
  const content = readFileSync(file);
  return { raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
}

/**
 * Loads one page in a fresh headless Chromium context (cold cache) and returns the JavaScript it
 * fetched before it was idle, and its Largest Contentful Paint.
 */
async function measurePage(
  browser: Browser,
  url: string,
  signedIn: SeededCustomer | undefined,
): Promise<{ scripts: string[]; lcpMs: number }> {
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
  // Runs in the page (browser JavaScript, hence a string): keeps the latest LCP candidate.
  await context.addInitScript({
    content: `window.__lcp = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });`,
  });
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
  await page.waitForTimeout(500);
  const lcpMs = Number(await page.evaluate('window.__lcp'));
  await context.close();
  return { scripts: [...new Set(scripts)], lcpMs };
}

/** (d) Initial JavaScript (gzip) and LCP of the home page and the dashboard, median of 3 loads. */
export async function benchFrontend(
  baseUrl: string,
  customer: SeededCustomer | undefined,
  log: (line: string) => void,
): Promise<PageFigure[]> {
  if (!existsSync(path.join(FRONTEND_DIST, 'index.html'))) {
    log('  no frontend/dist: skipped');
    return [];
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const figures: PageFigure[] = [];
  try {
    const pages: [string, string, SeededCustomer | undefined][] = [
      ['home', '/', undefined],
      ['dashboard', '/dashboard', customer],
    ];
    for (const [name, pathname, signedIn] of pages) {
      const runs: { scripts: string[]; lcpMs: number }[] = [];
      for (let i = 0; i < 3; i += 1) {
        runs.push(await measurePage(browser, new URL(pathname, baseUrl).toString(), signedIn));
      }
      const lcps = runs.map((r) => r.lcpMs).sort((a, b) => a - b);
      const sizes = runs[0]!.scripts
        .map((p) => path.join(FRONTEND_DIST, p))
        .filter((file) => existsSync(file))
        .map(gzipSize);
      const figure: PageFigure = {
        page: name,
        scripts: sizes.length,
        jsRawBytes: sizes.reduce((sum, s) => sum + s.raw, 0),
        jsGzipBytes: sizes.reduce((sum, s) => sum + s.gzip, 0),
        lcpMs: lcps[1]!,
        lcpRunsMs: runs.map((r) => r.lcpMs),
      };
      figures.push(figure);
      log(
        `  ${name}: ${figure.scripts} scripts, ${(figure.jsGzipBytes / 1024).toFixed(1)} KB gzip, LCP ${figure.lcpMs.toFixed(0)} ms`,
      );
    }
  } finally {
    await browser.close();
  }
  return figures;
}
