import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frontendDist } from './http-server.ts';
import { getAsWritten, signedUpCustomer, startTestBank, type TestBank } from './testing/index.ts';

// The built web app as a browser downloads it: compressed, and cached by content hash.

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank();
});
afterAll(async () => {
  await bank.stop();
});

const built = existsSync(path.join(frontendDist, 'index.html'));

function entryScript(): string {
  const html = readFileSync(path.join(frontendDist, 'index.html'), 'utf8');
  const src = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
  if (!src) throw new Error('no entry script in index.html');
  return src;
}

describe.skipIf(!built)('the built web app', () => {
  it('sends the entry script Brotli- or gzip-compressed, as the browser accepts, cached for a year', async () => {
    const url = `${bank.baseUrl}${entryScript()}`;
    const plain = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    const plainBytes = (await plain.arrayBuffer()).byteLength;
    expect(plain.headers.get('content-encoding')).toBeNull();
    for (const encoding of ['br', 'gzip']) {
      // Node's fetch decodes the body itself: the header and the length on the wire tell.
      const response = await fetch(url, { headers: { 'accept-encoding': encoding } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(response.headers.get('content-type')).toMatch(/javascript/);
      expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(Number(response.headers.get('content-length'))).toBeLessThan(plainBytes / 2);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect((await response.arrayBuffer()).byteLength).toBe(plainBytes);
    }
  });

  it('has every page revalidate its index page, which names the current scripts', async () => {
    for (const page of ['/', '/login', '/dashboard']) {
      const response = await fetch(`${bank.baseUrl}${page}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
      expect(await response.text()).toContain(entryScript());
    }
  });

  it.skipIf(!existsSync(path.join(frontendDist, 'login.html')))(
    'sends / and /login pre-rendered, /dashboard naming its code, and every other page the empty shell',
    async () => {
      const html = async (page: string) => (await fetch(`${bank.baseUrl}${page}`)).text();
      expect(await html('/')).toContain('Banking that knows your name.');
      expect(await html('/login')).toContain('Sign in to Online Banking');
      expect(await html('/login?next=%2Faccounts')).toContain('Sign in to Online Banking');
      // The signed-in shell with the dashboard in it (frontend/signed-in-chunk.ts).
      const dashboardChunk = /<link rel="modulepreload" crossorigin href="\/assets\/app-shell-/;
      expect(await html('/dashboard?tab=1')).toMatch(dashboardChunk);
      for (const page of ['/dashboard', '/about', '/login/extra', '/dashboard/extra']) {
        expect(await html(page)).toContain('<div id="root"></div>');
      }
      expect(await html('/about')).not.toMatch(dashboardChunk);
    },
  );

  it('answers a path that names no file of the build with a 404, not the page', async () => {
    for (const file of [
      '/index.html.br',
      '/login.html.gz',
      '/.env',
      '/assets/index-0ld8u1ld.js',
      '/wp-login.php',
    ]) {
      const response = await fetch(`${bank.baseUrl}${file}`);
      expect(response.status, file).toBe(404);
      expect(response.headers.get('content-type'), file).toMatch(/json/);
    }
    const head = await fetch(`${bank.baseUrl}/accounts`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toMatch(/text\/html/);
  });

  it('answers an API path in another case, or after a double slash, with the API 404, never the page', async () => {
    const notFound = await getAsWritten(bank.baseUrl, '/api/no-such-thing', {
      accept: 'application/json',
    });
    expect(notFound.status).toBe(404);
    for (const target of ['/API/ACCOUNTS', '/Api/accounts', '/api', '//api/accounts', '//API']) {
      const response = await getAsWritten(bank.baseUrl, target, { accept: 'application/json' });
      expect(response.status, target).toBe(404);
      expect(response.type, target).toMatch(/json/);
      expect(JSON.parse(response.body), target).toEqual(JSON.parse(notFound.body));
    }
  });

  it('answers a path the file server will not look up as not found or too long, never a bare 403', async () => {
    const token = (await signedUpCustomer(bank, {}, { proveContacts: false })).client.token;
    const notFound = { status: 'error', message: expect.any(String), code: 'NOT_FOUND' };
    // An id longer than the router's limit, which no API route takes: the file server saw it. It
    // is too long an address, as the router says for a PUT or a DELETE.
    for (const target of [
      `/api/accounts/${'x'.repeat(5000)}/direct-deposit-form`,
      `/api/transactions/${'a'.repeat(2049)}`,
      `/api/${'x'.repeat(3000)}`,
      `/api/docs/static/${'x'.repeat(3000)}`,
    ]) {
      const response = await getAsWritten(bank.baseUrl, target, {
        authorization: `Bearer ${token}`,
      });
      expect(response.status, target.slice(0, 60)).toBe(414);
      expect(JSON.parse(response.body), target.slice(0, 60)).toEqual({
        status: 'error',
        message: 'The address is too long.',
        code: 'URI_TOO_LONG',
      });
    }
    for (const target of [
      '/api/accounts/%2e%2e/direct-deposit-form',
      '/api/accounts/./direct-deposit-form',
      '/api/accounts//direct-deposit-form',
      '/api/transactions/%00',
      '/api/transactions/%5c',
      '/api/docs/static/%2e%2e/package.json',
      `/assets/${'x'.repeat(300)}.js`,
      `/${'x'.repeat(3000)}.js`,
    ]) {
      const response = await getAsWritten(bank.baseUrl, target, {
        authorization: `Bearer ${token}`,
      });
      expect(response.status, target.slice(0, 60)).toBe(404);
      expect(JSON.parse(response.body), target.slice(0, 60)).toEqual(notFound);
    }
    // A page path outside the API gets the web app, which shows its own not-found page.
    for (const page of [`/${'x'.repeat(3000)}`, '/a//b', '/%2e%2e', '/accounts/%00', '/%5c']) {
      const response = await getAsWritten(bank.baseUrl, page);
      expect(response.status, page.slice(0, 60)).toBe(200);
      expect(response.type, page.slice(0, 60)).toMatch(/text\/html/);
      expect(response.body, page.slice(0, 60)).toContain('<div id="root"></div>');
    }
  });
});
