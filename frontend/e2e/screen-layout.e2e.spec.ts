import { describe, expect, it } from 'vitest';
import { useBankAndBrowser } from './support/fixtures';

// What only a real browser shows: a clean console on the online-banking aliases.

const t = useBankAndBrowser();

describe('online-banking aliases', () => {
  it('sends /online-banking to /login without a console warning', async () => {
    const page = await t.newPage();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });
    await page.goto('/online-banking');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(warnings).toEqual([]);
  });
});
