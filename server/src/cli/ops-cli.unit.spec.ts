import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOpsCli } from './ops-cli.ts';

// What answers at BANK_URL when it points at a web server that is not the bank.
let server: http.Server;
let baseUrl: string;
beforeAll(async () => {
  server = http.createServer((request, response) => {
    response.writeHead(request.url?.includes('ledger') ? 200 : 502, {
      'content-type': 'text/html',
    });
    response.end('<!doctype html><html><body>Not the bank</body></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('ops CLI against a server that does not answer JSON', () => {
  it('says so in one line, with the status, and exits 1', async () => {
    const lines: string[] = [];
    const code = await runOpsCli(['ledger'], { baseUrl, token: 'token' }, (l) => lines.push(l));
    expect(code).toBe(1);
    expect(lines).toEqual(['Error 200: the bank did not answer JSON']);
  });

  it('says so for an error status too', async () => {
    const lines: string[] = [];
    const code = await runOpsCli(['revoke-auditor', 'a1'], { baseUrl, token: 'token' }, (l) =>
      lines.push(l),
    );
    expect(code).toBe(1);
    expect(lines).toEqual(['Error 502: the bank did not answer JSON']);
  });
});
