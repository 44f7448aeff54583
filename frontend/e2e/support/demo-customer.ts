import type { Page } from 'playwright-core';
import { beforeAll } from 'vitest';
import { seedDemoCustomer } from '@bank/server/testing';
import { LoginPage } from '../page-models/auth-pages';
import type { useBankAndBrowser } from './fixtures';

/**
 * The demo customer of `npm start` (three months of history), seeded once for the test file, and
 * a sign-in that lands on the loaded dashboard.
 */
export function useDemoCustomer(t: ReturnType<typeof useBankAndBrowser>) {
  let demo: { accountNumber: string; password: string } | undefined;
  beforeAll(async () => {
    demo = await seedDemoCustomer(t.bank.ctx, t.bank.config.dataDir);
  });
  return {
    async signIn(viewport?: { width: number; height: number }): Promise<Page> {
      const page = await t.newPage(viewport);
      const login = new LoginPage(page);
      await login.goto();
      await login.signIn(demo!.accountNumber, demo!.password);
      await page.waitForURL('**/dashboard');
      await page.getByText(/Across \d+ accounts/).waitFor();
      return page;
    },
  };
}
