import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPS_USAGE, runOpsCli } from './ops-cli.ts';

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

describe('ops CLI given arguments a command cannot use', () => {
  it.each([
    [
      ['issue-auditor', 'x', 'abc'],
      'The days "abc" must be a whole number (quote a name with spaces).',
    ],
    [
      ['issue-auditor', 'Jane', 'Doe', '30'],
      'The days "Doe" must be a whole number (quote a name with spaces).',
    ],
    [
      ['issue-auditor', 'Jane', '30', 'extra'],
      'Unexpected argument "extra" (quote a name with spaces).',
    ],
    [['issue-auditor'], "issue-auditor needs the auditor's name."],
    [['deposit', '1234567890'], 'deposit needs an account number and an amount.'],
    [['deposit', '1234567890', 'ten'], 'The amount "ten" is not a number.'],
    [['revoke-auditor'], "revoke-auditor needs the auditor's id."],
    [['reject-deposit', 'd1'], 'reject-deposit needs a reason.'],
    [
      ['parked-events', 'retry', 'accounts'],
      'parked-events retry needs a projection and an event id (or --all).',
    ],
    [['parked-events', 'list'], 'Unknown parked-events action "list".'],
    [['failed-jobs', 'retry'], "failed-jobs retry needs the job's id."],
    [['issue-auditors', 'x'], 'Unknown command "issue-auditors".'],
  ])(
    '%j says what is wrong before the usage, exit code 2, and calls nothing',
    async (argv, reason) => {
      const lines: string[] = [];
      let requests = 0;
      server.once('request', () => (requests += 1));
      const code = await runOpsCli(argv, { baseUrl, token: 'token' }, (l) => lines.push(l));
      expect(code).toBe(2);
      expect(lines).toEqual([reason, OPS_USAGE]);
      expect(requests).toBe(0);
    },
  );
});
