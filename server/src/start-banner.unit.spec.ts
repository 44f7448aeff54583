import { describe, expect, it } from 'vitest';
import { createLogger } from '@bank/infra';
import { announceStart, type StartFacts } from './start-banner.ts';

const facts: StartFacts = {
  url: 'http://localhost:3000',
  demo: { accountNumber: '200012345678', password: 'Demo-pass-123!' },
  opsToken: 'ops-token-7f3c9a1b2d4e',
  opsTokenSource: '/srv/bank/.data/ops-token',
  demoFile: '/srv/bank/.data/demo-customer.json',
};

function announced(isTTY: boolean) {
  let written = '';
  const out = { isTTY, write: (text: string) => (written += text) };
  const logger = createLogger({ level: 'info', stream: { write: (line) => (written += line) } });
  announceStart(out, logger, facts);
  return written;
}

describe('the start of npm start', () => {
  it('shows the person at a terminal the demo password and the ops token', () => {
    const text = announced(true);
    expect(text).toContain('Harborview Community Bank is running at http://localhost:3000');
    expect(text).toContain('password Demo-pass-123!');
    expect(text).toContain('Ops token (for /ops and npm run ops): ops-token-7f3c9a1b2d4e');
  });

  it('writes a log (stdout not a terminal) one JSON line naming where they are, never them', () => {
    const text = announced(false);
    const lines = text.trim().split('\n');
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(line).toMatchObject({
      level: 30,
      url: 'http://localhost:3000',
      ops_token: '/srv/bank/.data/ops-token',
      demo_customer: '/srv/bank/.data/demo-customer.json',
    });
    expect(line.msg).toMatch(/^Harborview Community Bank is running at http:\/\/localhost:3000/);
    expect(text).not.toContain('ops-token-7f3c9a1b2d4e');
    expect(text).not.toContain('Demo-pass-123!');
  });
});
