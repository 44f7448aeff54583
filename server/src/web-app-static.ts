import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyStaticOptions } from '@fastify/static';
import { messages } from '@bank/infra';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * How the built web app is served. The build writes a Brotli and a gzip copy beside every text
 * file (frontend/vite.config.ts), and the one the browser accepts is sent: the entry script is
 * about a third of its size in gzip, which is most of a phone's first load. File names under
 * /assets/ carry a hash of their content, so a browser may keep them for a year; the index page
 * and the files at the root keep their names across builds and are checked on every visit.
 */
export function webAppStaticOptions(root: string): FastifyStaticOptions {
  return {
    root,
    // Files are looked up when asked for, not listed once at start: a build written while the
    // bank runs (`npm run build` beside `npm start`) is served at once, and an open tab of the
    // earlier build that asks for one of its scripts gets a 404 rather than a stale answer.
    wildcard: true,
    preCompressed: true,
    // The compressed copies are sent in place of their file, never as files of their own.
    allowedPath: (pathname) => !/\.(br|gz)$/.test(pathname),
    dotfiles: 'ignore',
    cacheControl: false,
    setHeaders(reply, filePath) {
      const hashed = /[\\/]assets[\\/][^\\/]+$/.test(filePath);
      reply.header(
        'cache-control',
        hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
      );
    },
  };
}

/**
 * Whether a path names a page of the web app rather than a file: no page path has a dot in its
 * last segment. A file the build did not write (`/.env`, a script of an earlier build that an
 * open tab asks for) gets a 404, not the page with a 200 the browser would try to run.
 */
export function isPagePath(url: string): boolean {
  const pathname = url.split('?')[0]!;
  return !pathname.slice(pathname.lastIndexOf('/') + 1).includes('.');
}

/**
 * Whether a path is the API's, however it is written: its first segment is `api` in any case
 * (`/API/ACCOUNTS`, `/Api`, `/%61pi/x`), or it starts with `//` (`//api/accounts`, which a
 * proxy or a browser may read as `/api/accounts`). The router matches `/api/` alone, so these
 * reach the web app's fallback, and the page they got (a 200 of HTML for what a client took for
 * an API call) told a scanner or a client that an API address answered.
 */
export function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0]!;
  if (pathname.startsWith('//')) return true;
  const first = pathname.split('/')[1] ?? '';
  let decoded = first;
  try {
    decoded = decodeURIComponent(first);
  } catch {
    // A malformed escape names no page either way; the segment is compared as written.
  }
  return decoded.toLowerCase() === 'api';
}

/**
 * The file sent for a page path of the web app. The build pre-renders a few public pages
 * (frontend/prerender.ts: `/` is index.html, `/login` is login.html), names the code of the
 * dashboard in dashboard.html, and writes the empty shell every other path gets as app.html; a
 * build without them sends index.html for every page.
 */
export function webAppPageFile(root: string): (url: string) => string {
  const shell = existsSync(path.join(root, 'app.html')) ? 'app.html' : 'index.html';
  const pages = new Map([['/', 'index.html']]);
  for (const page of ['login', 'dashboard'])
    if (existsSync(path.join(root, `${page}.html`))) pages.set(`/${page}`, `${page}.html`);
  return (url) => pages.get(url.split('?')[0]!) ?? shell;
}

/**
 * The answer to a request outside the API that no file of the web app matches: the page for a
 * page path asked for by GET or HEAD, otherwise (an API path written another way among them, `isApiPath`) the
 * API's 404.
 */
export function webAppFallback(root: string) {
  const pageFile = webAppPageFile(root);
  return (request: FastifyRequest, reply: FastifyReply) =>
    (request.method === 'GET' || request.method === 'HEAD') &&
    isPagePath(request.url) &&
    !isApiPath(request.url)
      ? reply.type('text/html').sendFile(pageFile(request.url))
      : reply.code(404).send({ status: 'error', message: messages.notFound, code: 'NOT_FOUND' });
}
