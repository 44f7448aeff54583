import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isApiPath, webAppFallback, webAppStaticOptions } from './web-app-static.ts';

// The web app's files served from a build folder that changes under the running server, as when
// a developer runs `npm run build` beside `npm start`.

let root: string;
let app: FastifyInstance;

function writeBuild(entry: string) {
  mkdirSync(path.join(root, 'assets'), { recursive: true });
  writeFileSync(
    path.join(root, 'index.html'),
    `<!doctype html><script type="module" src="/assets/${entry}"></script>`,
  );
  writeFileSync(path.join(root, 'assets', entry), `console.log(${JSON.stringify(entry)});`);
  writeFileSync(path.join(root, 'assets', `${entry}.br`), 'compressed');
}

beforeEach(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'web-app-'));
  writeBuild('index-first.js');
  app = Fastify();
  await app.register(fastifyStatic, webAppStaticOptions(root));
  app.setNotFoundHandler(webAppFallback(root));
  await app.ready();
});

afterEach(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

describe('a build written while the server runs', () => {
  it('is served at once: its new scripts and the index page that names them', async () => {
    expect((await app.inject('/assets/index-first.js')).statusCode).toBe(200);

    writeBuild('index-second.js');
    const script = await app.inject('/assets/index-second.js');
    expect(script.statusCode).toBe(200);
    expect(script.body).toContain('index-second.js');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const page of ['/', '/accounts']) {
      const html = await app.inject(page);
      expect(html.statusCode, page).toBe(200);
      expect(html.body, page).toContain('/assets/index-second.js');
    }
  });

  it('never sends a compressed copy, a dot file or a file outside the build', async () => {
    writeFileSync(path.join(root, '.env'), 'SECRET=1');
    for (const file of ['/assets/index-first.js.br', '/index.html.gz', '/.env', '/.vite/x.json']) {
      const response = await app.inject(file);
      expect(response.statusCode, file).toBe(404);
      expect(response.body, file).not.toContain('SECRET');
    }
    for (const escape of [
      '/assets/../../etc/passwd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/..%2f..%2fetc/passwd',
    ]) {
      const response = await app.inject(escape);
      expect(response.body, escape).not.toContain('root:');
    }
    const compressed = await app.inject({
      url: '/assets/index-first.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.body).toBe('compressed');
  });
});

describe('an API path written another way', () => {
  it('gets the API 404 in JSON from the fallback, never the page', async () => {
    for (const url of ['/API/ACCOUNTS', '/Api/accounts?x=1', '/api', '/%61pi/accounts']) {
      const response = await app.inject({ url, headers: { accept: 'application/json' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({
        status: 'error',
        message: expect.any(String),
        code: 'NOT_FOUND',
      });
    }
    for (const page of ['/accounts', '/apis', '/api-docs']) {
      const response = await app.inject(page);
      expect(response.statusCode, page).toBe(200);
      expect(response.headers['content-type'], page).toMatch(/text\/html/);
    }
  });

  it('is told by its first segment in any case, or a leading double slash', () => {
    for (const url of ['/api/x', '/API', '/aPi/x?y', '/%41PI/x', '//api/accounts', '//', '//x'])
      expect(isApiPath(url), url).toBe(true);
    for (const url of ['/', '/accounts', '/apis', '/x/api', '/a//b', '/%zz', '/?api'])
      expect(isApiPath(url), url).toBe(false);
  });
});
