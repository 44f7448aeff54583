import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chunkFiles, chunkKey, readManifest } from './build-manifest';

/**
 * The public pages a first visit most often opens, written into the build as the markup the web
 * app renders for a signed-out visitor. The browser paints them from the HTML alone, before any
 * script has run; the app then renders the same markup in their place. Every other path is sent
 * the empty shell, `app.html`.
 */
export const PRERENDERED_PAGES = [
  { path: '/', file: 'index.html' },
  { path: '/login', file: 'login.html' },
];

/**
 * Signed-in pages a visit often starts on (a bookmark, a reload, the page sign-in leads to). They
 * cannot be pre-rendered, but their HTML names the code they will load (the signed-in shell and
 * the page's chunk, with their styles): the browser fetches it beside the entry script rather
 * than after it has run, and the app does not have to add those links itself while the page
 * starts, which on a phone was one of its longest tasks.
 */
export const PRELOADED_PAGES = [
  {
    path: '/dashboard',
    file: 'dashboard.html',
    // The shell, the dashboard and the schemas their first calls are checked against
    // (frontend/signed-in-chunk.ts).
    chunks: ['app-shell'],
  },
];

/** The page the server sends for every path that has no pre-rendered page of its own. */
export const APP_SHELL_FILE = 'app.html';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

/** The build served as the bank serves it: files by path, the shell for any other page. */
function serveBuild(outDir: string, shell: string): Promise<Server> {
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://build').pathname);
    if (pathname.startsWith('/api/')) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"status":"error"}');
      return;
    }
    const file = path.join(outDir, path.normalize(pathname));
    const isFile = file.startsWith(outDir) && existsSync(file) && statSync(file).isFile();
    response
      .writeHead(200, {
        'content-type': TYPES[isFile ? path.extname(file) : '.html'] ?? 'text/plain',
      })
      .end(isFile ? readFileSync(file) : shell);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** What the page looks like once its code and styles have loaded and it has settled. */
interface Snapshot {
  markup: string;
  stylesheets: string[];
  scripts: string[];
}

/** The shell with links to the page's stylesheets and scripts that it does not name yet. */
function withPageCode(shell: string, code: Omit<Snapshot, 'markup'>): string {
  const entryScript = /<script type="module"[^>]*src="([^"]+)"/.exec(shell)?.[1];
  const links = [
    ...code.stylesheets
      .filter((href) => !shell.includes(`href="${href}"`))
      .map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
    // The page's own chunks load beside the entry, not after it has run.
    ...code.scripts
      .filter((src) => src !== entryScript && !shell.includes(`href="${src}"`))
      .map((src) => `<link rel="modulepreload" crossorigin href="${src}">`),
  ];
  return shell.replace('  </head>', `${links.map((link) => `    ${link}\n`).join('')}  </head>`);
}

function withSnapshot(shell: string, snapshot: Snapshot): string {
  return withPageCode(shell, snapshot).replace(
    '<div id="root"></div>',
    `<div id="root" data-prerendered>${snapshot.markup}</div>`,
  );
}

/** Writes the signed-in pages that name their code, from the build manifest. */
function writePreloadedPages(outDir: string, shell: string, log: (line: string) => void) {
  const manifest = readManifest(outDir);
  for (const page of PRELOADED_PAGES) {
    const files = chunkFiles(
      manifest,
      page.chunks.map((chunk) => chunkKey(manifest, chunk)),
    );
    const code = {
      scripts: files.scripts.map((file) => `/${file}`),
      stylesheets: files.stylesheets.map((file) => `/${file}`),
    };
    writeFileSync(path.join(outDir, page.file), withPageCode(shell, code));
    log(`preload links: ${page.path} -> ${page.file}`);
  }
}

/**
 * Writes `app.html` (the shell) and the pre-rendered pages into a finished build. Without
 * Chromium the pages are left as the shell, and the web app works as before, painting later.
 */
export async function prerender(outDir: string, log: (line: string) => void): Promise<void> {
  const shell = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  writeFileSync(path.join(outDir, APP_SHELL_FILE), shell);
  writePreloadedPages(outDir, shell, log);
  if (!existsSync(CHROMIUM)) {
    log(`prerender: no Chromium at ${CHROMIUM}, the public pages are not pre-rendered`);
    return;
  }
  const server = await serveBuild(outDir, shell);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    for (const page of PRERENDERED_PAGES) {
      // A short window keeps below-the-fold effects (figures counting up) at their first state.
      const tab = await browser.newPage({ viewport: { width: 1280, height: 240 } });
      await tab.goto(`${base}${page.path}`, { waitUntil: 'networkidle' });
      await tab.waitForSelector('#root main h1');
      const snapshot: Snapshot = await tab.evaluate(() => {
        // Until the app has rendered, a control could only lose what the visitor did with it:
        // the copy's controls are disabled, and the app renders them enabled in their place.
        const copy = document.getElementById('root')!.cloneNode(true) as HTMLElement;
        for (const control of copy.querySelectorAll('button, input, select, textarea'))
          control.setAttribute('disabled', '');
        return {
          markup: copy.innerHTML,
          stylesheets: [...document.querySelectorAll('link[rel="stylesheet"]')].map((link) =>
            link.getAttribute('href')!,
          ),
          scripts: performance
            .getEntriesByType('resource')
            .map((entry) => new URL(entry.name).pathname)
            .filter((pathname) => pathname.startsWith('/assets/') && pathname.endsWith('.js')),
        };
      });
      await tab.close();
      writeFileSync(path.join(outDir, page.file), withSnapshot(shell, snapshot));
      log(`prerender: ${page.path} -> ${page.file}`);
    }
  } finally {
    await browser.close();
    server.close();
  }
}
